import { ADDRESS_MESSAGES, type DeliveryPromiseView } from '@shop/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeliveryPromise, NEUTRAL_PROMISE, PROMISE_CHECK_FAILED, PROMISE_TICK_MS } from './delivery-promise';
import { json, stubApi } from '~test/stub-api';

const PROMISE = '/api/ecommerce/delivery-promise/';

/** Monday 24 November 2025, 11:47 in London (GMT): 2 h 13 min before the 14:00 cut-off. */
const MONDAY_1147 = new Date('2025-11-24T11:47:00Z');

function promise(overrides: Partial<DeliveryPromiseView> = {}): DeliveryPromiseView {
  return {
    postal_code: null,
    zone: 'mainland',
    zone_label: 'Mainland Great Britain',
    reason: null,
    delivery_date: '2025-11-25',
    delivery_date_label: 'Tuesday 25 November',
    order_by: '2025-11-24T14:00:00Z',
    order_by_label: '14:00 on Monday',
    parcel_price: '6.95',
    parcel_max_weight_kg: 30,
    free_over: '150.00',
    pallet_price: '45.00',
    pallet_from_weight_kg: 750,
    ...overrides,
  };
}

const HIGHLANDS = promise({
  postal_code: 'IV1 1AA',
  zone: 'highlands',
  zone_label: 'Highlands and Islands',
  delivery_date: '2025-11-26',
  delivery_date_label: 'Wednesday 26 November',
  parcel_price: '15.90',
  free_over: null,
  pallet_price: '80.00',
});

const ISLE_OF_MAN = promise({
  postal_code: 'IM1 1AA',
  zone: 'isle_of_man',
  zone_label: 'Isle of Man',
  reason: 'We do not deliver to the Isle of Man online yet: contact us for a quote.',
  delivery_date: null,
  delivery_date_label: null,
  order_by: null,
  order_by_label: null,
  parcel_price: null,
  free_over: null,
  pallet_price: null,
});

const MAINLAND_PRICE =
  '£6.95 a parcel of up to 30 kg, free on parcel orders over £150.00; orders of 750 kg or more go by pallet, £45.00 a pallet. Prices ex VAT.';
const HIGHLANDS_PRICE =
  '£15.90 a parcel of up to 30 kg; orders of 750 kg or more go by pallet, £80.00 a pallet. Prices ex VAT.';
const price = (container: HTMLElement) =>
  [...container.querySelectorAll('.delivery-promise__price')].map((element) => element.textContent);

/** A fake clock at Monday 11:47 for the minutes; the fetch stub's bodies still stream on real ticks. */
const useClock = () =>
  vi.useFakeTimers({
    now: MONDAY_1147,
    toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });

/** Lets the stubbed fetch answer and React render it (a few real ticks). */
const settle = () =>
  act(async () => {
    for (let round = 0; round < 5; round++) await new Promise((resolve) => setImmediate(resolve));
  });

const line = (container: HTMLElement) => container.querySelector('.delivery-promise__line')!.textContent;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the product page’s delivery promise', () => {
  it('counts down to the cut-off each minute, then asks again for the next day', async () => {
    useClock();
    const api = stubApi({
      [`GET ${PROMISE}`]: () =>
        json(
          Date.now() < Date.parse('2025-11-24T14:00:00Z')
            ? promise()
            : promise({
                delivery_date: '2025-11-26',
                delivery_date_label: 'Wednesday 26 November',
                order_by: '2025-11-25T14:00:00Z',
                order_by_label: '14:00 on Tuesday',
              }),
        ),
    });
    const { container } = render(<DeliveryPromise />);
    await settle();
    expect(line(container)).toBe('Order within 2 h 13 min for delivery on Tuesday 25 November');
    expect(price(container)).toEqual([MAINLAND_PRICE]);

    await act(async () => void (await vi.advanceTimersByTimeAsync(PROMISE_TICK_MS)));
    expect(line(container)).toBe('Order within 2 h 12 min for delivery on Tuesday 25 November');

    await act(async () => void (await vi.advanceTimersByTimeAsync(2 * 60 * PROMISE_TICK_MS)));
    expect(line(container)).toBe('Order within 12 min for delivery on Tuesday 25 November');
    expect(api.called('GET', PROMISE)).toHaveLength(1);

    // Past 14:00 the promise is fetched again: tomorrow's cut-off, a day later.
    await act(async () => void (await vi.advanceTimersByTimeAsync(13 * PROMISE_TICK_MS)));
    await settle();
    expect(api.called('GET', PROMISE)).toHaveLength(2);
    expect(line(container)).toBe('Order within 23 h 59 min for delivery on Wednesday 26 November');
  });

  it('says the neutral line until the promise comes, in the same box', async () => {
    useClock();
    stubApi({ [`GET ${PROMISE}`]: () => new Promise<Response>(() => undefined) });
    const { container } = render(<DeliveryPromise />);
    expect(line(container)).toBe(NEUTRAL_PROMISE);
    await settle();
    expect(line(container)).toBe(NEUTRAL_PROMISE);
    // No price before the server has said what delivery costs.
    expect(price(container)).toEqual([]);
  });

  it('keeps the neutral line when the promise cannot be read', async () => {
    useClock();
    stubApi({ [`GET ${PROMISE}`]: json({ detail: 'Down.' }, 503) });
    const { container } = render(<DeliveryPromise />);
    await settle();
    expect(line(container)).toBe(NEUTRAL_PROMISE);
  });

  it('checks another postcode and announces the answer once, not each minute', async () => {
    useClock();
    const api = stubApi({
      [`GET ${PROMISE}`]: promise(),
      [`GET ${PROMISE}?postal_code=IV1+1AA`]: HIGHLANDS,
      [`GET ${PROMISE}?postal_code=IM1+1AA`]: ISLE_OF_MAN,
    });
    const { container } = render(<DeliveryPromise />);
    await settle();
    const field = screen.getByRole('textbox', { name: 'Check another postcode' });
    fireEvent.change(field, { target: { value: 'iv11aa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await settle();
    const expected =
      'To the Highlands and Islands: Order within 2 h 13 min for delivery on Wednesday 26 November';
    expect(container.querySelector('.delivery-promise__other')).toHaveTextContent(expected);
    // One promise, the postcode's, with its own price (no free threshold there).
    expect(price(container)).toEqual([HIGHLANDS_PRICE]);
    const live = container.querySelector('[aria-live="polite"]')!;
    expect(live).toHaveTextContent(`${expected} ${HIGHLANDS_PRICE}`);

    await act(async () => void (await vi.advanceTimersByTimeAsync(PROMISE_TICK_MS)));
    expect(container.querySelector('.delivery-promise__other')).toHaveTextContent('2 h 12 min');
    // The live region keeps the answer as it came: a minute going by is not news.
    expect(live).toHaveTextContent(expected);
    // The countdown itself is not in a live region, and the mainland's promise gave way to the postcode's.
    expect(container.querySelector('.delivery-promise__other')!.closest('[aria-live]')).toBeNull();
    expect(container.querySelector('.delivery-promise__line')).toBeNull();

    fireEvent.change(field, { target: { value: 'IM1 1AA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await settle();
    expect(container.querySelector('.delivery-promise__other')).toHaveTextContent(ISLE_OF_MAN.reason!);
    expect(live).toHaveTextContent(ISLE_OF_MAN.reason!);
    // Nothing is delivered there online: no price, and not the mainland's either.
    expect(price(container)).toEqual([]);
    expect(api.calls.map((call) => call.url)).toEqual([
      PROMISE,
      `${PROMISE}?postal_code=IV1+1AA`,
      `${PROMISE}?postal_code=IM1+1AA`,
    ]);
  });

  it('puts a postcode that is not a UK postcode’s message under the field, tied to it', async () => {
    useClock();
    const api = stubApi({
      [`GET ${PROMISE}`]: promise(),
      [`GET ${PROMISE}?postal_code=SW1A+1AA`]: json({ postal_code: ['Enter a valid UK postcode.'] }, 400),
    });
    render(<DeliveryPromise />);
    await settle();
    const field = screen.getByRole('textbox', { name: 'Check another postcode' });
    fireEvent.change(field, { target: { value: 'not a postcode' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await settle();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(ADDRESS_MESSAGES.postalCodeInvalid);
    // Refused in the browser: nothing sent.
    expect(api.calls).toHaveLength(1);

    // One the pattern takes but the server refuses: its message, in the same place.
    fireEvent.change(field, { target: { value: 'SW1A 1AA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await settle();
    expect(field).toHaveAccessibleDescription('Enter a valid UK postcode.');
    expect(api.calls).toHaveLength(2);
  });

  it('says so when a postcode cannot be checked for another reason', async () => {
    useClock();
    stubApi({ [`GET ${PROMISE}`]: promise(), [`GET ${PROMISE}?postal_code=IV1+1AA`]: json(undefined, 500) });
    const { container } = render(<DeliveryPromise />);
    await settle();
    fireEvent.change(screen.getByRole('textbox', { name: 'Check another postcode' }), {
      target: { value: 'IV1 1AA' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await settle();
    expect(container.querySelector('.delivery-promise__other')).toHaveTextContent(PROMISE_CHECK_FAILED);
    expect(price(container)).toEqual([]);
  });
});
