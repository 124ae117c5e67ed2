import {
  formatDecimalGbp,
  type LedgerView,
  penceFromDecimal,
  RECEIVED_METHOD_LABELS,
  ReversePaymentSchema,
  ukDate,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { ScrollRegion } from '~/components/ui/scroll-region';
import { AgedDebtTable } from '~/features/commerce/components/aged-debt-table';
import { AdminTextarea, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { type LedgerPayment, reversePayment } from '../api/receivables';
import { CreditNoteCredits } from './credit-note-credits';
import { invoiceHeading, invoiceWithPo } from './invoice-heading';
import { LedgerEntries } from './ledger-entries';
import { RecordPaymentForm } from './record-payment-form';

/** Asks why a payment was recorded by mistake, and reverses it with an entry dated today. */
function ReverseForm({
  companyId,
  payment,
  onCancel,
  onDone,
}: {
  companyId: number;
  payment: LedgerPayment;
  onCancel: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const form = useFormSubmit();
  const titleId = `reverse-${payment.id}-title`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.run(async () => {
      const body = parseOrThrow(ReversePaymentSchema.safeParse({ reason }));
      await reversePayment(companyId, payment.id, body.reason);
      return 'The payment is reversed.';
    });
    if (done) onDone();
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
      <h4 id={titleId}>
        Reverse the payment of {formatDecimalGbp(payment.amount)} received {ukDate(payment.received_on)}
      </h4>
      <AdminTextarea
        id={`reverse-${payment.id}-reason`}
        label="Reason"
        hint="Kept with the reversal entry and in the audit log. The payment is never deleted."
        maxLength={500}
        rows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        errors={form.errorsOf('reason')}
      />
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button admin-button--danger" disabled={form.busy}>
        Reverse the payment
      </button>{' '}
      <button type="button" className="admin-button admin-button--secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/**
 * A company's ledger in the back office: the balance, what is overdue, credit not yet set against
 * an invoice, the aged buckets, every entry with the running balance, the open invoices, the payments received (each reversible, with a reason), and
 * the form that records a payment with its suggested allocation. `onChanged` reloads the ledger.
 */
export function LedgerSection({
  companyId,
  ledger,
  onChanged,
}: {
  companyId: number;
  ledger: LedgerView;
  onChanged: () => void;
}) {
  const [reversing, setReversing] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const open = ledger.invoices.filter((invoice) => penceFromDecimal(invoice.open) > 0);
  const numbers = new Map(ledger.invoices.map((invoice) => [invoice.id, invoice]));

  return (
    <>
      <dl className="admin-companies__facts">
        <div>
          <dt>Balance</dt>
          <dd>{formatDecimalGbp(ledger.balance)}</dd>
        </div>
        <div>
          <dt>Overdue</dt>
          <dd>{formatDecimalGbp(ledger.overdue)}</dd>
        </div>
        <div>
          <dt>Credit not yet allocated</dt>
          <dd>{formatDecimalGbp(ledger.unapplied_credit)}</dd>
        </div>
      </dl>

      <div className="admin-table">
        <ScrollRegion className="admin-table__scroll" label="Aged debt table">
          <AgedDebtTable aged={ledger.aged} className="admin-table__money" />
        </ScrollRegion>
      </div>

      <h3>Ledger</h3>
      <LedgerEntries ledger={ledger} />

      <h3>Open invoices</h3>
      {open.length === 0 ? (
        <p>No invoice is open.</p>
      ) : (
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll" label="Open invoices table">
            <table>
              <caption className="visually-hidden">Open invoices</caption>
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">PO number</th>
                  <th scope="col">Issued</th>
                  <th scope="col">Due</th>
                  <th scope="col" className="admin-table__num">
                    Total
                  </th>
                  <th scope="col" className="admin-table__num">
                    Open
                  </th>
                  <th scope="col">Past due</th>
                </tr>
              </thead>
              <tbody>
                {open.map((invoice) => (
                  <tr key={invoice.id}>
                    <th scope="row">{invoiceHeading(invoice)}</th>
                    <td>{invoice.purchase_order_number ?? '—'}</td>
                    <td>{ukDate(invoice.issued_on)}</td>
                    <td>{ukDate(invoice.due_on)}</td>
                    <td className="admin-table__num">{formatDecimalGbp(invoice.total)}</td>
                    <td className="admin-table__num">{formatDecimalGbp(invoice.open)}</td>
                    <td>{invoice.days_past_due > 0 ? `${invoice.days_past_due} days` : 'Not yet due'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      )}

      <h3>Payments received</h3>
      <p role="status" className="admin-outcome admin-outcome--success">
        {notice ?? ''}
      </p>
      {ledger.payments.length === 0 ? (
        <p>No payment has been recorded.</p>
      ) : (
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll" label="Payments received table">
            <table>
              <caption className="visually-hidden">Payments received</caption>
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col" className="admin-table__num">
                    Amount
                  </th>
                  <th scope="col">Method and reference</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {[...ledger.payments].reverse().map((payment) =>
                  reversing === payment.id ? (
                    <tr key={payment.id}>
                      <td colSpan={5}>
                        <ReverseForm
                          companyId={companyId}
                          payment={payment}
                          onCancel={() => setReversing(null)}
                          onDone={() => {
                            setReversing(null);
                            setNotice(
                              `The payment of ${formatDecimalGbp(payment.amount)} is reversed; the invoices it paid are open again.`,
                            );
                            onChanged();
                          }}
                        />
                      </td>
                    </tr>
                  ) : (
                    <tr key={payment.id}>
                      <th scope="row">{ukDate(payment.received_on)}</th>
                      <td className="admin-table__num">{formatDecimalGbp(payment.amount)}</td>
                      <td>
                        {RECEIVED_METHOD_LABELS[payment.method]}
                        {payment.reference ? ` ${payment.reference}` : ''}
                      </td>
                      <td>
                        {payment.allocations.length === 0
                          ? 'Held as credit'
                          : payment.allocations
                              .map(
                                (a) =>
                                  `${invoiceWithPo(numbers.get(a.invoice) ?? { id: a.invoice, number: a.number })}: ${formatDecimalGbp(a.amount)}`,
                              )
                              .join('; ')}
                      </td>
                      <td>
                        {payment.reversed ? (
                          <span className="admin-badge">
                            Reversed {ukDate(payment.reversed.on)}
                            {payment.reversed.reason ? `: ${payment.reversed.reason}` : ''}
                          </span>
                        ) : (
                          <button
                            type="button"
                            className="admin-button admin-button--secondary"
                            aria-label={`Reverse the payment of ${formatDecimalGbp(payment.amount)} received ${ukDate(payment.received_on)}`}
                            onClick={() => {
                              setNotice(null);
                              setReversing(payment.id);
                            }}
                          >
                            Reverse
                          </button>
                        )}
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      )}

      <CreditNoteCredits companyId={companyId} creditNotes={ledger.credit_notes} onChanged={onChanged} />

      <RecordPaymentForm companyId={companyId} invoices={ledger.invoices} onDone={onChanged} />
    </>
  );
}
