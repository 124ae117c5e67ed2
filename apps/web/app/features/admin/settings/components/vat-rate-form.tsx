import { VatRateSettingSchema } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { saveVatRate } from '../api/settings';

/** A number field's text as the API wants it: a number, or the text itself for the schema to refuse. */
const numberOf = (text: string): unknown => (text.trim() === '' ? undefined : Number(text));

/** The VAT rate: carts show it at once; placed orders keep the rate they were made with. */
export function VatRateForm({ vatRate }: { vatRate: number }) {
  const [rate, setRate] = useState(String(vatRate));
  const form = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.run(async () => {
      const saved = await saveVatRate(
        parseOrThrow(VatRateSettingSchema.safeParse({ vat_rate: numberOf(rate) })),
      );
      return `VAT is now ${saved.vat_rate}% for carts and new orders; placed orders keep theirs.`;
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="vat-title">
      <h2 id="vat-title">VAT rate</h2>
      <AdminInput
        id="vat-rate"
        label="VAT rate (%)"
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step={0.01}
        required
        value={rate}
        onChange={(event) => setRate(event.target.value)}
        errors={form.errorsOf('vat_rate')}
        hint="Charged on goods and delivery. Carts show a new rate at once; placed orders keep theirs."
      />
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Save VAT rate
      </button>
    </form>
  );
}
