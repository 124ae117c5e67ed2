import { type AdminCompanyDetail, CompanyDeclineSchema } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminTextarea, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { declineCompany } from '../api/companies';

/** Declines a pending application with the reason the applicant reads (e-mailed, and shown in My account). */
export function DeclineForm({ company, onDone }: { company: AdminCompanyDetail; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const form = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.run(async () => {
      const body = parseOrThrow(CompanyDeclineSchema.safeParse({ reason }));
      await declineCompany(company.id, body);
      return `${company.trading_name}’s application is declined. The applicant is e-mailed the reason.`;
    });
    if (done) onDone();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="decline-title">
      <h3 id="decline-title">Decline</h3>
      <AdminTextarea
        id="decline-reason"
        label="Reason"
        required
        maxLength={500}
        rows={3}
        hint="The applicant reads it in the e-mail and in My account."
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        errors={form.errorsOf('reason')}
      />
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button admin-button--danger" disabled={form.busy}>
        Decline the application
      </button>
    </form>
  );
}
