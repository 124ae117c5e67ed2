import { BankDetailsSettingsSchema } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { type BankDetailsView, saveBankDetails } from '../api/settings';

/** A sort code as people write it: 12-34-56 (stored as six digits). */
const sortCodeShown = (digits: string) =>
  /^\d{6}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : digits;

const valuesOf = (bank: BankDetailsView) => ({
  account_name: bank?.account_name ?? '',
  sort_code: sortCodeShown(bank?.sort_code ?? ''),
  account_number: bank?.account_number ?? '',
});

/**
 * The account trade customers pay on-account invoices into. Each invoice keeps the details it was issued
 * with; until they are set, on-account invoices tell the buyer to ask the accounts team.
 */
export function BankDetailsForm({ bank }: { bank: BankDetailsView }) {
  const [values, setValues] = useState(valuesOf(bank));
  const form = useFormSubmit();
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.run(async () => {
      const saved = await saveBankDetails(parseOrThrow(BankDetailsSettingsSchema.safeParse(values)));
      setValues(valuesOf(saved));
      return 'The bank details are saved; new on-account invoices print them.';
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="bank-title">
      <h2 id="bank-title">Bank details</h2>
      <p>
        Printed on on-account invoices for trade customers to pay into. Invoices already issued keep theirs.
      </p>
      <div className="admin-grid">
        <AdminInput
          id="bank-account-name"
          label="Account name"
          required
          maxLength={100}
          autoComplete="off"
          {...field('account_name')}
          errors={form.errorsOf('account_name')}
        />
        <AdminInput
          id="bank-sort-code"
          label="Sort code"
          required
          maxLength={12}
          inputMode="numeric"
          autoComplete="off"
          hint="6 digits, e.g. 12-34-56"
          {...field('sort_code')}
          errors={form.errorsOf('sort_code')}
        />
        <AdminInput
          id="bank-account-number"
          label="Account number"
          required
          maxLength={12}
          inputMode="numeric"
          autoComplete="off"
          hint="8 digits"
          {...field('account_number')}
          errors={form.errorsOf('account_number')}
        />
      </div>
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Save bank details
      </button>
    </form>
  );
}
