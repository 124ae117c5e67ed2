import {
  ADDRESS_MESSAGES,
  countdownText,
  type DeliveryPromiseView,
  formatDecimalGbp,
  isUkPostcode,
  normalisePostcode,
  ZONE_PHRASES,
} from '@shop/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { getDeliveryPromise } from '../api/get-delivery-promise';
import { Field } from '~/components/ui/field';
import { ApiError, isAbortError } from '~/lib/api-client';

/** What the box says before the browser has the promise (and in the cached HTML). */
export const NEUTRAL_PROMISE = 'Order by 14:00 on a working day for next-day delivery on the mainland.';
export const PROMISE_CHECK_FAILED = 'The delivery date could not be checked just now. Please try again.';
/** The countdown moves on once a minute. */
export const PROMISE_TICK_MS = 60_000;

/** The promise in words at `now`: the countdown, or why a parcel cannot be promised there. */
export function promiseLine(view: DeliveryPromiseView, now: number): string {
  if (view.reason) return view.reason;
  if (!view.order_by || !view.delivery_date_label || !view.order_by_label) return NEUTRAL_PROMISE;
  return countdownText(Date.parse(view.order_by), now, view.delivery_date_label, view.order_by_label);
}

/** The line for a postcode the buyer asked about: 'To the Highlands and Islands: Order within …'. */
export function postcodeLine(view: DeliveryPromiseView, now: number): string {
  if (view.reason) return view.reason;
  return `To ${ZONE_PHRASES[view.zone]}: ${promiseLine(view, now)}`;
}

/**
 * What delivery there costs, from the server's rule: '£6.95 a parcel of up to 30 kg, free on parcel orders
 * over £150.00; orders of 750 kg or more go by pallet, £45.00 a pallet. Prices ex VAT.' Null where neither
 * parcels nor pallets go (the promise line already says why). The cart charges a parcel's price for each parcel
 * its weight needs, so the line says a parcel's price and its weight, not a total it cannot know.
 */
export function priceLine(view: DeliveryPromiseView): string | null {
  const parts: string[] = [];
  if (view.parcel_price !== null) {
    const free =
      view.free_over === null ? '' : `, free on parcel orders over ${formatDecimalGbp(view.free_over)}`;
    parts.push(
      `${formatDecimalGbp(view.parcel_price)} a parcel of up to ${view.parcel_max_weight_kg} kg${free}`,
    );
  }
  if (view.pallet_price !== null) {
    const pallet = `${formatDecimalGbp(view.pallet_price)} a pallet`;
    parts.push(
      parts.length > 0
        ? `orders of ${view.pallet_from_weight_kg} kg or more go by pallet, ${pallet}`
        : `Orders of ${view.pallet_from_weight_kg} kg or more go by pallet, ${pallet}`,
    );
  }
  return parts.length === 0 ? null : `${parts.join('; ')}. Prices ex VAT.`;
}

/** The time, moved on once a minute by a timer (the server renders no countdown, so no mismatch). */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), PROMISE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Lookup =
  | { status: 'idle' }
  /** `at`: when the answer came, so a countdown never starts from a clock up to a minute old. */
  | { status: 'ready'; view: DeliveryPromiseView; at: number }
  | { status: 'failed'; message: string; postcodeError: boolean };

/**
 * The promise for `postalCode` (null: the mainland; undefined: none wanted), fetched in the browser, and
 * again when its cut-off passes. An answer already past its cut-off (a cached one) is asked for again a
 * minute later, not in a loop.
 */
function usePromise(postalCode: string | null | undefined): Lookup {
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (postalCode === undefined) return;
    const controller = new AbortController();
    getDeliveryPromise(postalCode, controller.signal).then(
      (view) => setLookup({ status: 'ready', view, at: Date.now() }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        const refused = error instanceof ApiError && error.status === 400;
        setLookup({
          status: 'failed',
          message: refused
            ? (error.fields.postal_code?.join(' ') ?? ADDRESS_MESSAGES.postalCodeInvalid)
            : PROMISE_CHECK_FAILED,
          postcodeError: refused,
        });
      },
    );
    return () => controller.abort();
  }, [postalCode, round]);

  const orderBy = lookup.status === 'ready' ? lookup.view.order_by : null;
  useEffect(() => {
    if (orderBy === null) return;
    const left = Date.parse(orderBy) - Date.now();
    const timer = setTimeout(() => setRound((count) => count + 1), left > 0 ? left : PROMISE_TICK_MS);
    return () => clearTimeout(timer);
  }, [orderBy, lookup]);

  return lookup;
}

/**
 * The product page's delivery box: "Order within 2 h 13 min for delivery on Friday 28 November"
 * for a mainland parcel, counted down each minute in the browser, and a postcode check for anywhere else.
 * The page's HTML carries only the neutral line, so it stays cacheable; the box keeps its height as the
 * promise arrives. Only a postcode's answer is announced, not each minute.
 */
export function DeliveryPromise() {
  const id = useId();
  const clock = useMinuteClock();
  const mainland = usePromise(null);
  const [postcode, setPostcode] = useState('');
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const [inputError, setInputError] = useState<string | null>(null);
  const other = usePromise(asked);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normal = normalisePostcode(postcode.trim());
    if (normal === '') return setInputError(ADDRESS_MESSAGES.postalCodeRequired);
    if (!isUkPostcode(normal)) return setInputError(ADDRESS_MESSAGES.postalCodeInvalid);
    setInputError(null);
    setAsked(normal);
  };

  const line =
    mainland.status === 'ready' ? promiseLine(mainland.view, Math.max(clock, mainland.at)) : NEUTRAL_PROMISE;
  const fieldError =
    inputError ?? (other.status === 'failed' && other.postcodeError ? other.message : undefined);
  const shown = inputError === null && asked !== undefined;
  const otherLine = !shown
    ? null
    : other.status === 'ready'
      ? postcodeLine(other.view, Math.max(clock, other.at))
      : other.status === 'failed' && !other.postcodeError
        ? other.message
        : null;
  // The price of the promise shown: the postcode's once it has answered, else the mainland's.
  const price = otherLine
    ? other.status === 'ready'
      ? priceLine(other.view)
      : null
    : mainland.status === 'ready'
      ? priceLine(mainland.view)
      : null;
  // The answer as it came (its own time, not the ticking clock), so a minute going by is not announced.
  const announced =
    inputError ??
    (other.status === 'ready'
      ? [postcodeLine(other.view, other.at), priceLine(other.view)].filter(Boolean).join(' ')
      : other.status === 'failed'
        ? other.message
        : '');
  const priced = price ? <p className="delivery-promise__price">{price}</p> : null;

  return (
    <section className="delivery-promise" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="delivery-promise__title">
        Delivery
      </h2>
      {/* One promise at a time: the mainland's until a postcode's answer takes its place. */}
      {otherLine ? null : (
        <>
          <p className="delivery-promise__line">{line}</p>
          {priced}
        </>
      )}
      <form
        className="delivery-promise__form"
        aria-label="Check another postcode"
        noValidate
        onSubmit={submit}
      >
        <Field
          id={`${id}-postcode`}
          name="postal_code"
          label="Check another postcode"
          value={postcode}
          error={fieldError}
          onValue={setPostcode}
          autoComplete="postal-code"
          maxLength={10}
          after={
            <button type="submit" className="button button--outline">
              Check
            </button>
          }
        />
      </form>
      {otherLine ? (
        <>
          <p className="delivery-promise__other">{otherLine}</p>
          {priced}
        </>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
    </section>
  );
}
