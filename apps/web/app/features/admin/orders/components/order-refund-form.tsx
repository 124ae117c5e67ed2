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
import { refundOrder } from '../api/refund-order';
import { CHECK_FORM, formFailure, issuesAsFields } from '../form-failure';

interface OrderRefundFormProps {
  order: AdminOrderDetail;
  /** Called after a refund, to load the order again. */
  onRefunded: () => void;
}

const AMOUNT_MESSAGE = 'Enter an amount in pounds, such as 12.50.';

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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
        {success ? <span role="status"> {success}</span> : null}
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setSuccess(null);
    let amountPence: number | undefined;
    if (mode === 'amount') {
      amountPence = penceFromDecimal(amount.replace(/^£/, ''));
      if (Number.isNaN(amountPence) || amountPence <= 0) {
        setErrors({ amount_pence: [AMOUNT_MESSAGE] });
        setFailure(CHECK_FORM);
        return;
      }
    }
    const parsed = OrderRefundCreateSchema.safeParse(
      mode === 'amount'
        ? { amount_pence: amountPence, reason }
        : {
            lines: chosenLines.map(({ line, packs: count }) => ({
              order_item_id: line.id,
              pack_quantity: count,
            })),
            reason,
          },
    );
    if (!parsed.success) {
      const fields = issuesAsFields(parsed.error.issues);
      // No line chosen: the message belongs under the lines.
      if (mode === 'lines' && fields.amount_pence) {
        fields.lines = ['Enter the packs to refund of at least one line.'];
        delete fields.amount_pence;
      }
      setErrors(fields);
      setFailure(CHECK_FORM);
      return;
    }
    setBusy(true);
    try {
      const refund = await refundOrder(order.id, parsed.data);
      setErrors({});
      setAmount('');
      setPacks({});
      setReason('');
      setSuccess(`Refunded ${formatDecimalGbp(refund.amount)}. The customer has been e-mailed.`);
      onRefunded();
    } catch (error) {
      const { fields, message } = formFailure(error);
      setErrors(fields);
      setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  const lineErrors = [
    ...(errors.lines ?? []),
    ...Object.entries(errors)
      .filter(([key]) => key.startsWith('lines.'))
      .flatMap(([, messages]) => messages),
  ];

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
          errors={errors.amount_pence}
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
        errors={errors.reason}
      />
      <FormOutcome error={failure ?? (errors.non_field_errors ?? []).join(' ')} success={success} />
      <button type="submit" className="admin-button admin-button--danger" disabled={busy}>
        {busy ? 'Refunding…' : 'Refund'}
      </button>
    </form>
  );
}
