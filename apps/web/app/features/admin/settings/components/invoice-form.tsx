import { InvoiceSettingsSchema, type ShopSettingsView } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { saveInvoiceSettings } from '../api/settings';

/** The shop's details on its VAT invoices. */
export function InvoiceForm({ invoice }: { invoice: ShopSettingsView['invoice'] }) {
  const [values, setValues] = useState({
    legal_name: invoice.legal_name,
    street: invoice.address.street,
    city: invoice.address.city,
    postal_code: invoice.address.postal_code,
    country: invoice.address.country,
    vat_number: invoice.vat_number,
    company_number: invoice.company_number,
  });
  const form = useFormSubmit();
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.run(async () => {
      const saved = await saveInvoiceSettings(
        parseOrThrow(
          InvoiceSettingsSchema.safeParse({
            legal_name: values.legal_name,
            address: {
              street: values.street,
              city: values.city,
              postal_code: values.postal_code,
              country: values.country,
            },
            vat_number: values.vat_number,
            company_number: values.company_number,
          }),
        ),
      );
      setValues({
        legal_name: saved.legal_name,
        ...saved.address,
        vat_number: saved.vat_number,
        company_number: saved.company_number,
      });
      return 'The invoice details are saved; new invoices use them.';
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="invoice-title">
      <h2 id="invoice-title">Invoice details</h2>
      <AdminInput
        id="invoice-legal-name"
        label="Legal name"
        required
        maxLength={200}
        autoComplete="organization"
        {...field('legal_name')}
        errors={form.errorsOf('legal_name')}
      />
      <div className="admin-grid">
        <AdminInput
          id="invoice-street"
          label="Street"
          required
          maxLength={200}
          {...field('street')}
          errors={form.errorsOf('address.street')}
        />
        <AdminInput
          id="invoice-city"
          label="Town or city"
          required
          maxLength={100}
          {...field('city')}
          errors={form.errorsOf('address.city')}
        />
        <AdminInput
          id="invoice-postal-code"
          label="Postcode"
          required
          maxLength={10}
          {...field('postal_code')}
          errors={form.errorsOf('address.postal_code')}
        />
        <AdminInput
          id="invoice-country"
          label="Country"
          required
          maxLength={60}
          {...field('country')}
          errors={form.errorsOf('address.country')}
        />
        <AdminInput
          id="invoice-vat-number"
          label="VAT number"
          required
          maxLength={20}
          hint="GB and 9 or 12 digits, e.g. GB123456782"
          {...field('vat_number')}
          errors={form.errorsOf('vat_number')}
        />
        <AdminInput
          id="invoice-company-number"
          label="Company number"
          required
          maxLength={12}
          hint="Companies House, 8 characters, e.g. 01234567"
          {...field('company_number')}
          errors={form.errorsOf('company_number')}
        />
      </div>
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Save invoice details
      </button>
    </form>
  );
}
