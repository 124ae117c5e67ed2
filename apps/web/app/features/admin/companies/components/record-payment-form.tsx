import {
  formatDecimalGbp,
  formatGbp,
  type InvoiceState,
  type LedgerView,
  penceFromDecimal,
  penceToDecimal,
  RECEIVED_METHOD_LABELS,
  RECEIVED_METHODS,
  RecordPaymentSchema,
  suggestAllocation,
  ukDate,
  ukToday,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, AdminSelect, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { recordPayment } from '../api/receivables';
import { invoiceWithPo } from './invoice-heading';

type LedgerInvoice = LedgerView['invoices'][number];

/** The ledger's open invoices as the domain's invoice states (what suggestAllocation reads). */
export function openStates(invoices: readonly LedgerInvoice[]): InvoiceState[] {
  return invoices
    .filter((invoice) => penceFromDecimal(invoice.open) > 0)
    .map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      issuedOn: invoice.issued_on,
      dueOn: invoice.due_on,
      totalPence: penceFromDecimal(invoice.total),
      creditedPence: penceFromDecimal(invoice.credited),
      paidPence: penceFromDecimal(invoice.paid),
      openPence: penceFromDecimal(invoice.open),
    }));
}

/**
 * The suggested allocation of an amount typed in pounds, as each open invoice's line: the domain's own
 * suggestion (oldest due first, each up to what is open), '' for an invoice it does not reach. An amount that
 * is not one yet suggests nothing.
 */
export function suggestedLines(invoices: readonly LedgerInvoice[], amount: string): Record<number, string> {
  const states = openStates(invoices);
  const pence = penceFromDecimal(amount.trim());
  const lines: Record<number, string> = Object.fromEntries(states.map((state) => [state.id, '']));
  if (!(pence > 0)) return lines;
  for (const line of suggestAllocation(states, pence).lines)
    lines[line.invoiceId] = penceToDecimal(line.amountPence);
  return lines;
}

/**
 * 'Invoice INV-000042 (PO PO-77)': by its own number, with the buyer's PO number when it has one; one made before
 * invoices were numbered is 'Order #7'.
 */
const invoiceLine = (invoice: LedgerInvoice) =>
  invoice.number === null ? invoiceWithPo(invoice) : `Invoice ${invoiceWithPo(invoice)}`;

/**
 * Records a payment received: the amount, the day (today by default), the method and the reference, and its
 * allocation across the open invoices: suggested as the amount is typed (oldest due first, as the API would),
 * each line editable; what is left stays as credit on the account.
 */
export function RecordPaymentForm({
  companyId,
  invoices,
  onDone,
}: {
  companyId: number;
  invoices: readonly LedgerInvoice[];
  onDone: () => void;
}) {
  const open = invoices.filter((invoice) => penceFromDecimal(invoice.open) > 0);
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => ukToday());
  const [method, setMethod] = useState<string>('bank_transfer');
  const [reference, setReference] = useState('');
  const [lines, setLines] = useState<Record<number, string>>({});
  /** The invoices in the order they were sent, to show the API's `allocations.<n>` errors on their rows. */
  const [sent, setSent] = useState<number[]>([]);
  const form = useFormSubmit();

  const allocatedPence = Object.values(lines).reduce((total, text) => {
    const pence = penceFromDecimal(text.trim());
    return pence > 0 ? total + pence : total;
  }, 0);
  const amountPence = penceFromDecimal(amount.trim());
  const creditPence = amountPence > 0 ? amountPence - allocatedPence : 0;

  const changeAmount = (text: string) => {
    setAmount(text);
    setLines(suggestedLines(open, text));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const allocations = open
      .filter((invoice) => (lines[invoice.id] ?? '').trim() !== '')
      .map((invoice) => ({ invoice: invoice.id, amount: (lines[invoice.id] ?? '').trim() }));
    setSent(allocations.map((line) => line.invoice));
    const body = { amount: amount.trim(), received_on: receivedOn, method, reference, allocations };
    const done = await form.run(async () => {
      parseOrThrow(RecordPaymentSchema.safeParse(body));
      const payment = await recordPayment(companyId, body);
      return `Payment of ${formatDecimalGbp(payment.amount)} recorded; ${formatDecimalGbp(payment.allocated)} set against invoices. The company’s administrators are e-mailed a receipt.`;
    });
    if (!done) return;
    setAmount('');
    setReference('');
    setLines({});
    onDone();
  };

  const lineErrors = (invoiceId: number) => {
    const index = sent.indexOf(invoiceId);
    if (index < 0) return undefined;
    const errors = [
      ...(form.errorsOf(`allocations.${index}.amount`) ?? []),
      ...(form.errorsOf(`allocations.${index}.invoice`) ?? []),
    ];
    return errors.length > 0 ? errors : undefined;
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="record-payment-title">
      <h3 id="record-payment-title">Record a payment</h3>
      <AdminInput
        id="payment-amount"
        label="Amount (£)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => changeAmount(event.target.value)}
        errors={form.errorsOf('amount')}
      />
      <AdminInput
        id="payment-received-on"
        label="Date received"
        type="date"
        max={ukToday()}
        value={receivedOn}
        onChange={(event) => setReceivedOn(event.target.value)}
        errors={form.errorsOf('received_on')}
      />
      <AdminSelect
        id="payment-method"
        label="Method"
        value={method}
        onChange={(event) => setMethod(event.target.value)}
        errors={form.errorsOf('method')}
      >
        {RECEIVED_METHODS.map((value) => (
          <option key={value} value={value}>
            {RECEIVED_METHOD_LABELS[value]}
          </option>
        ))}
      </AdminSelect>
      <AdminInput
        id="payment-reference"
        label="Reference"
        hint="The bank reference, cheque number or card authorisation."
        maxLength={100}
        value={reference}
        onChange={(event) => setReference(event.target.value)}
        errors={form.errorsOf('reference')}
      />
      {open.length === 0 ? (
        <p>No invoice is open: the payment is kept as credit on the account.</p>
      ) : (
        <fieldset className="admin-companies__allocation">
          <legend>Allocation (suggested oldest due first; edit any line)</legend>
          {open.map((invoice) => (
            <AdminInput
              key={invoice.id}
              id={`allocation-${invoice.id}`}
              label={`${invoiceLine(invoice)}, due ${ukDate(invoice.due_on)}, ${formatDecimalGbp(invoice.open)} open`}
              inputMode="decimal"
              autoComplete="off"
              value={lines[invoice.id] ?? ''}
              onChange={(event) => setLines({ ...lines, [invoice.id]: event.target.value })}
              errors={lineErrors(invoice.id)}
            />
          ))}
          <p aria-live="polite">
            Allocated {formatGbp(allocatedPence)}
            {creditPence > 0 ? `; ${formatGbp(creditPence)} stays as credit on the account` : ''}.
          </p>
        </fieldset>
      )}
      {form.errorsOf('allocations') ? (
        <p className="admin-field__error">{form.errorsOf('allocations')!.join(' ')}</p>
      ) : null}
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Record the payment
      </button>
    </form>
  );
}
