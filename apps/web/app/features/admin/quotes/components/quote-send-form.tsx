import {
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  QuoteSendSchema,
  type QuoteView,
  formatDecimalGbp,
  ukClock,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, AdminTextarea, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { type QuoteSendInput, sendQuote } from '../api/quotes';
import { fieldAria } from '~/components/ui/field';
import { ScrollRegion } from '~/components/ui/scroll-region';
import type { FieldErrors } from '~/lib/api-client';

/** How long a quote is good for unless staff say otherwise. */
export const DEFAULT_EXPIRY_DAYS = 14;

/** A UK calendar day `days` after `day` (both YYYY-MM-DD). */
export function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * What the schema cannot see: a discount that is not a number, and an expiry day before today or further
 * ahead than staff may set (both on the UK calendar, as the API checks them).
 */
function formErrors(discount: string, expiresOn: string, today: string): FieldErrors {
  const errors: FieldErrors = {};
  if (discount.trim() !== '' && !Number.isFinite(Number(discount))) {
    errors.discount_percentage = [QUOTE_MESSAGES.discountRange];
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) {
    if (expiresOn < today) errors.expires_on = [QUOTE_MESSAGES.expiryPast];
    else if (expiresOn > dayAfter(today, QUOTE_LIMITS.expiryDays))
      errors.expires_on = [QUOTE_MESSAGES.expiryTooFar];
  }
  return errors;
}

/**
 * The pricing of a request, or of a new version of a quote: a price per pack for each line (the latest quoted
 * price, else the list price, to start from), an optional discount taken off every line, delivery, the last
 * day it can be accepted (14 days ahead to start with) and a message for the buyer. Checked with the API's own
 * schema; the server's field errors land on the same fields (a line's on its price).
 */
export function QuoteSendForm({
  quote,
  onSent,
  now = new Date(),
}: {
  quote: QuoteView;
  onSent: () => void;
  now?: Date;
}) {
  const today = ukClock(now).day;
  const revising = quote.version > 0;
  const [prices, setPrices] = useState<Record<number, string>>(() =>
    Object.fromEntries(quote.lines.map((line) => [line.id, line.price_per_pack ?? line.list_price_per_pack])),
  );
  const [discount, setDiscount] = useState('');
  const [delivery, setDelivery] = useState(quote.delivery ?? '0.00');
  const [expiresOn, setExpiresOn] = useState(() => dayAfter(today, DEFAULT_EXPIRY_DAYS));
  const [message, setMessage] = useState('');
  const form = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.run(async () => {
      const body: QuoteSendInput = {
        lines: quote.lines.map((line) => ({ id: line.id, price_per_pack: (prices[line.id] ?? '').trim() })),
        ...(discount.trim() === '' ? {} : { discount_percentage: Number(discount) }),
        delivery: delivery.trim() === '' ? '0.00' : delivery.trim(),
        expires_on: expiresOn,
        message,
      };
      parseOrThrow(QuoteSendSchema.safeParse(body), formErrors(discount, expiresOn, today));
      const sent = await sendQuote(quote.id, body);
      return `Version ${sent.version} of ${sent.number} is sent: ${quote.customer.email} is e-mailed the quote.`;
    });
    if (done) onSent();
  };

  const linesError = form.errorsOf('lines')?.join(' ');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="quote-send-title">
      <h3 id="quote-send-title">{revising ? `Version ${quote.version + 1}` : 'Prices'}</h3>
      <div className="admin-table">
        <ScrollRegion className="admin-table__scroll" label="Prices per pack table">
          <table className="admin-quote__table">
            <caption className="visually-hidden">Price per pack of each line</caption>
            <thead>
              <tr>
                <th scope="col">SKU</th>
                <th scope="col">Item</th>
                <th scope="col" className="admin-table__num">
                  Packs
                </th>
                <th scope="col" className="admin-table__num">
                  List price
                </th>
                <th scope="col">Price per pack (£)</th>
              </tr>
            </thead>
            <tbody>
              {quote.lines.map((line, index) => {
                const id = `quote-price-${line.id}`;
                const error = form.errorsOf(`lines.${index}.price_per_pack`)?.join(' ');
                return (
                  <tr key={line.id}>
                    <td>{line.sku}</td>
                    <td>{line.title}</td>
                    <td className="admin-table__num">{line.packs}</td>
                    <td className="admin-table__num">{formatDecimalGbp(line.list_price_per_pack)}</td>
                    <td>
                      <input
                        id={id}
                        className="form__control admin-quote__price"
                        inputMode="decimal"
                        autoComplete="off"
                        maxLength={12}
                        aria-label={`Price per pack of ${line.sku} (£)`}
                        value={prices[line.id] ?? ''}
                        onChange={(event) => {
                          const value = event.target.value;
                          setPrices((current) => ({ ...current, [line.id]: value }));
                        }}
                        {...fieldAria({ id, error })}
                      />
                      {error ? (
                        <p id={`${id}-error`} className="field-error">
                          {error}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
      {linesError ? (
        <p className="field-error" id="quote-lines-error">
          {linesError}
        </p>
      ) : null}
      <div className="admin-quote__fields">
        <AdminInput
          id="quote-discount"
          label="Discount (%)"
          inputMode="decimal"
          autoComplete="off"
          maxLength={6}
          hint="Optional: taken off every line's price above."
          value={discount}
          onChange={(event) => setDiscount(event.target.value)}
          errors={form.errorsOf('discount_percentage')}
        />
        <AdminInput
          id="quote-delivery"
          label="Delivery (£)"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          hint="Before VAT; 0.00 for free delivery."
          value={delivery}
          onChange={(event) => setDelivery(event.target.value)}
          errors={form.errorsOf('delivery')}
        />
        <AdminInput
          id="quote-expires-on"
          label="Valid until"
          type="date"
          required
          min={today}
          max={dayAfter(today, QUOTE_LIMITS.expiryDays)}
          hint="The last day the buyer can accept it (UK time)."
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.target.value)}
          errors={form.errorsOf('expires_on')}
        />
      </div>
      <AdminTextarea
        id="quote-message"
        label="Message to the buyer"
        rows={3}
        maxLength={QUOTE_LIMITS.messageLength}
        hint="Optional: shown with the quote and in the e-mail."
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        errors={form.errorsOf('message')}
      />
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        {revising ? 'Send revised quote' : 'Send quote'}
      </button>
    </form>
  );
}
