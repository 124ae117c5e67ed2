import { type AdminCompanyDetail, CompanyHoldSchema } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminTextarea, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { holdCompany } from '../api/companies';

/**
 * Puts an approved company on hold, so it cannot pay on account (its buyers read the reason at checkout), or
 * lifts the hold. Holds set automatically (an overdue invoice) are lifted here too.
 */
export function HoldForm({ company, onDone }: { company: AdminCompanyDetail; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const form = useFormSubmit();
  const hold = !company.on_hold;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.run(async () => {
      const body = parseOrThrow(CompanyHoldSchema.safeParse({ on_hold: hold, reason }));
      await holdCompany(company.id, body);
      return hold
        ? `${company.trading_name} is on hold: it cannot pay on account. Its administrators are e-mailed.`
        : `The hold is lifted: ${company.trading_name} can pay on account again.`;
    });
    if (!done) return;
    setReason('');
    onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="hold-title">
      <h3 id="hold-title">Hold</h3>
      {company.on_hold ? (
        <p>
          The account is <strong>on hold</strong>
          {company.hold_set_by === 'automatic' ? ' (set automatically)' : ' (set by staff)'}
          {company.hold_reason ? `: ${company.hold_reason}` : '.'}
        </p>
      ) : (
        <p>The account is not on hold.</p>
      )}
      <AdminTextarea
        id="hold-reason"
        label={hold ? 'Reason' : 'Note (optional)'}
        maxLength={500}
        rows={2}
        hint={
          hold ? 'The company’s buyers read it when they try to pay on account.' : 'Kept in the audit log.'
        }
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        errors={form.errorsOf('reason')}
      />
      <FormOutcome error={form.formError} success={form.success} />
      <button
        type="submit"
        className={`admin-button${hold ? ' admin-button--danger' : ''}`}
        disabled={form.busy}
      >
        {hold ? 'Put on hold' : 'Lift the hold'}
      </button>
    </form>
  );
}
