import { formatGbp, ShippingSettingsSchema, type ShopSettingsView } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { saveShippingSettings } from '../api/settings';

type Shipping = ShopSettingsView['shipping'];
type Field = keyof Shipping;

const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

const FIELDS: { name: Field; label: string; money?: true; step: number; hint?: string }[] = [
  {
    name: 'free_over_net_pence',
    label: 'Free parcel delivery over (pence, before VAT)',
    money: true,
    step: 1,
  },
  { name: 'parcel_rate_pence', label: 'Rate per parcel (pence)', money: true, step: 1 },
  { name: 'parcel_max_weight_kg', label: 'Most a parcel weighs (kg)', step: 0.001 },
  {
    name: 'pallet_from_weight_kg',
    label: 'Goods go by pallet from (kg)',
    step: 0.001,
    hint: 'At most the weight of one pallet, and at least that of one parcel.',
  },
  { name: 'pallet_rate_pence', label: 'Rate per pallet (pence)', money: true, step: 1 },
  { name: 'pallet_max_weight_kg', label: 'Most a pallet weighs (kg)', step: 0.001 },
];

/** The pence typed so far in pounds ('695': '£6.95'), or nothing while it is not a number. */
function typedPounds(text: string): string | undefined {
  const pence = numberOf(text);
  return pence !== undefined && Number.isFinite(pence) ? formatGbp(pence) : undefined;
}

/**
 * The mainland's delivery rates and thresholds (DESIGN §4.8), as the server prices every cart and order with
 * them; the other zones' prices are surcharges on these or their own (the delivery settings).
 */
export function ShippingForm({ shipping }: { shipping: Shipping }) {
  const [values, setValues] = useState<Record<Field, string>>(
    () =>
      Object.fromEntries(FIELDS.map(({ name }) => [name, String(shipping[name])])) as Record<Field, string>,
  );
  const form = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.run(async () => {
      const body = Object.fromEntries(FIELDS.map(({ name }) => [name, numberOf(values[name])]));
      await saveShippingSettings(parseOrThrow(ShippingSettingsSchema.safeParse(body)));
      return 'The delivery rates are saved: carts and new orders use them.';
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="shipping-title">
      <h2 id="shipping-title">Mainland delivery rates</h2>
      <div className="admin-grid">
        {FIELDS.map(({ name, label, money, step, hint }) => (
          <AdminInput
            key={name}
            id={`shipping-${name.replace(/_/g, '-')}`}
            label={label}
            type="number"
            inputMode={money ? 'numeric' : 'decimal'}
            min={0}
            step={step}
            required
            value={values[name]}
            onChange={(event) => setValues({ ...values, [name]: event.target.value })}
            errors={form.errorsOf(name)}
            hint={money ? (typedPounds(values[name]) ?? hint) : hint}
          />
        ))}
      </div>
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Save delivery rates
      </button>
    </form>
  );
}
