import {
  type AdminCompanyDetail,
  CompanyApproveSchema,
  type CompanyCreditInput,
  formatDecimalGbp,
  formatGbp,
  MAX_PAYMENT_TERMS_DAYS,
  paymentTermsLabel,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { approveCompany, updateCompanyCredit } from '../api/companies';

type Credit = 'account' | 'card';
type Terms = 'days' | 'end_of_following_month';

const isZero = (pounds: string) => /^0+(?:\.0+)?$/.test(pounds.trim());

/**
 * The credit a company is given: a limit and payment terms (so many days after the invoice, or the end of
 * the month after it), or card payment only (a limit of 0, no terms). `approve` decides a pending application;
 * `change` gives an approved company a new limit and terms. Checked with the API's own schema.
 */
export function CreditTermsForm({
  company,
  action,
  onDone,
}: {
  company: AdminCompanyDetail;
  action: 'approve' | 'change';
  onDone: () => void;
}) {
  const approving = action === 'approve';
  const startLimit = approving ? company.requested_credit_limit : company.credit_limit;
  const [credit, setCredit] = useState<Credit>(!approving && isZero(startLimit) ? 'card' : 'account');
  const [limit, setLimit] = useState(isZero(startLimit) ? '' : startLimit);
  const [terms, setTerms] = useState<Terms>(company.payment_terms?.kind ?? 'days');
  const [days, setDays] = useState(String(company.payment_terms?.days ?? 30));
  const form = useFormSubmit();
  const id = approving ? 'approve' : 'credit';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.run(async () => {
      const body: CompanyCreditInput =
        credit === 'card'
          ? { credit_limit: '0' }
          : terms === 'days'
            ? { credit_limit: limit.trim(), payment_terms_days: Number(days) }
            : { credit_limit: limit.trim(), payment_terms: 'end_of_following_month' };
      const given = parseOrThrow(CompanyApproveSchema.safeParse(body));
      const answer = await (approving ? approveCompany : updateCompanyCredit)(company.id, body);
      const warnings = answer.warnings.length > 0 ? ` ${answer.warnings.join(' ')}` : '';
      const what =
        given.credit_limit_pence === 0 || given.terms === null
          ? 'card payment only, with no credit'
          : `a credit limit of ${formatGbp(given.credit_limit_pence)}, ${paymentTermsLabel(given.terms).toLowerCase()}`;
      return approving
        ? `${company.trading_name} is approved for ${what}. The applicant is e-mailed.${warnings}`
        : `${company.trading_name} now has ${what}.${warnings}`;
    });
    if (done) onDone();
  };

  const title = approving ? 'Approve' : 'Change the credit limit and terms';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <fieldset className="admin-companies__choice">
        <legend>Payment</legend>
        <label>
          <input
            type="radio"
            name={`${id}-credit`}
            value="account"
            checked={credit === 'account'}
            onChange={() => setCredit('account')}
          />{' '}
          On account, within a credit limit
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-credit`}
            value="card"
            checked={credit === 'card'}
            onChange={() => setCredit('card')}
          />{' '}
          Card payment only, no credit
        </label>
      </fieldset>
      {credit === 'account' ? (
        <>
          {company.warnings.map((warning) => (
            <p key={warning} role="note" className="admin-warning">
              {warning}
            </p>
          ))}
          <AdminInput
            id={`${id}-limit`}
            label="Credit limit (£)"
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={12}
            hint={`Asked for: ${formatDecimalGbp(company.requested_credit_limit)}.`}
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
            errors={form.errorsOf('credit_limit')}
          />
          <fieldset className="admin-companies__choice">
            <legend>Payment terms</legend>
            <label>
              <input
                type="radio"
                name={`${id}-terms`}
                value="days"
                checked={terms === 'days'}
                onChange={() => setTerms('days')}
              />{' '}
              Days after the invoice
            </label>
            <label>
              <input
                type="radio"
                name={`${id}-terms`}
                value="end_of_following_month"
                checked={terms === 'end_of_following_month'}
                onChange={() => setTerms('end_of_following_month')}
              />{' '}
              End of the month after the invoice
            </label>
          </fieldset>
          {terms === 'days' ? (
            <AdminInput
              id={`${id}-days`}
              label="Number of days"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_PAYMENT_TERMS_DAYS}
              step={1}
              required
              value={days}
              onChange={(event) => setDays(event.target.value)}
              errors={form.errorsOf('payment_terms_days')}
            />
          ) : null}
        </>
      ) : (
        <p>The company can order with a card only; it is not offered Pay on account.</p>
      )}
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        {approving ? 'Approve' : 'Save the credit'}
      </button>
    </form>
  );
}
