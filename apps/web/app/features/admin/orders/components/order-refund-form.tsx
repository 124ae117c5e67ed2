import {
  type AdminOrderDetail,
  formatDecimalGbp,
  formatGbp,
  lineRefundPence,
  OrderRefundCreateSchema,
  penceFromDecimal,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import type { FieldErrors } from '~/lib/api-client';
import { AdminInput, AdminTextarea, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { refundOrder } from '../api/refund-order';

interface OrderRefundFormProps {
  order: AdminOrderDetail;
  /** Called after a refund, to load the order again. */
  onRefunded: () => void;
}

const AMOUNT_MESSAGE = 'Enter an amount in pounds, such as 12.50.';
const LINES_MESSAGE = 'Enter the packs to refund of at least one line.';

/** Packs of a line that can still be refunded. */
const packsLeft = (line: AdminOrderDetail['items'][number]) =>
  Math.max(0, line.pack_quantity - line.refunded_packs);

/**
 * Refunds through the payment provider, by amount or by packs of lines (each its share of the line with VAT),
 * never more than the refundable remainder shown (the server checks it again under the order's lock).
 */
export function OrderRefundForm({ order, onRefunded }: OrderRefundFormProps) {
  const [mode, setMode] = useState<'amount' | 'lines'>('amount');
  const [amount, setAmount] = useState('');
  const [packs, setPacks] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const form = useFormSubmit();

  const chosenLines = order.items
    .map((line) => ({ line, packs: Number(packs[line.id] ?? '') }))
    .filter(({ packs: count }) => Number.isInteger(count) && count > 0);
  const linesTotal = chosenLines.reduce((sum, { line, packs: count }) => {
    if (count > line.pack_quantity) return sum;
    const total = penceFromDecimal(line.total);
    return sum + lineRefundPence({ total_pence: total, pack_quantity: line.pack_quantity }, count, order.vat);
  }, 0);

  if (order.refundable_pence === 0) {
    return (
      <p>
        Nothing is left to refund on this order.
        {form.success ? <span role="status"> {form.success}</span> : null}
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Pounds as typed, read into pence here; the API's schema checks the rest.
    const amountPence = penceFromDecimal(amount.replace(/^£/, ''));
    const unread: FieldErrors = {};
    if (mode === 'amount' && (Number.isNaN(amountPence) || amountPence <= 0)) {
      unread.amount_pence = [AMOUNT_MESSAGE];
    }
    if (mode === 'lines' && chosenLines.length === 0) unread.lines = [LINES_MESSAGE];
    const done = await form.run(async () => {
      const body = parseOrThrow(
        OrderRefundCreateSchema.safeParse(
          mode === 'amount'
            ? { amount_pence: amountPence, reason }
            : {
                lines: chosenLines.map(({ line, packs: count }) => ({
                  order_item_id: line.id,
                  pack_quantity: count,
                })),
                reason,
              },
        ),
        unread,
      );
      const refund = await refundOrder(order.id, body);
      setAmount('');
      setPacks({});
      setReason('');
      return `Refunded ${formatDecimalGbp(refund.amount)}. The customer has been e-mailed.`;
    });
    if (done) onRefunded();
  };

  const lineErrors = form.errorsUnder('lines');

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Refund">
      <p>
        Refundable: <strong>{formatDecimalGbp(order.refundable)}</strong> of {formatDecimalGbp(order.total)}{' '}
        paid.
      </p>
      <fieldset className="admin-orders__choice">
        <legend>Refund by</legend>
        <label>
          <input
            type="radio"
            name="refund-mode"
            value="amount"
            checked={mode === 'amount'}
            onChange={() => setMode('amount')}
          />{' '}
          Amount
        </label>
        <label>
          <input
            type="radio"
            name="refund-mode"
            value="lines"
            checked={mode === 'lines'}
            onChange={() => setMode('lines')}
          />{' '}
          Lines
        </label>
      </fieldset>
      {mode === 'amount' ? (
        <AdminInput
          id="refund-amount"
          label="Amount (£)"
          inputMode="decimal"
          autoComplete="off"
          hint={`At most ${formatDecimalGbp(order.refundable)}.`}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          errors={form.errorsOf('amount_pence')}
        />
      ) : (
        <fieldset
          className="admin-orders__lines"
          aria-describedby={lineErrors.length > 0 ? 'refund-lines-error' : undefined}
        >
          <legend>Packs to refund</legend>
          <div className="admin-grid">
            {order.items.map((line) => (
              <AdminInput
                key={line.id}
                id={`refund-line-${line.id}`}
                label={`${line.sku} (${packsLeft(line)} of ${line.pack_quantity} left)`}
                type="number"
                min={0}
                max={packsLeft(line)}
                step={1}
                disabled={packsLeft(line) === 0}
                value={packs[line.id] ?? ''}
                onChange={(event) => setPacks((current) => ({ ...current, [line.id]: event.target.value }))}
              />
            ))}
          </div>
          <p>This refunds {formatGbp(linesTotal)}, VAT included.</p>
          {lineErrors.length > 0 ? (
            <p id="refund-lines-error" className="field-error">
              {lineErrors.join(' ')}
            </p>
          ) : null}
        </fieldset>
      )}
      <AdminTextarea
        id="refund-reason"
        label="Reason (the customer sees it)"
        rows={2}
        maxLength={500}
        required
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        errors={form.errorsOf('reason')}
      />
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button admin-button--danger" disabled={form.busy}>
        {form.busy ? 'Refunding…' : 'Refund'}
      </button>
    </form>
  );
}
