import {
  penceFromDecimal,
  penceToDecimal,
  ShippingSettingsSchema,
  type ShopSettingsView,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { saveShippingSettings } from '../api/settings';
import { MONEY } from './delivery-draft';

type Shipping = ShopSettingsView['shipping'];
type Field = keyof Shipping;

const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

// The API keeps the rates in pence; the form speaks pounds with two decimals, as the delivery settings below it
// do, and turns them into pence exactly (6.95 is 695; 6.955 is refused, never rounded).
const FIELDS: { name: Field; label: string; money?: true; step?: number; hint?: string }[] = [
  { name: 'free_over_net_pence', label: 'Free parcel delivery over (£, before VAT)', money: true },
  { name: 'parcel_rate_pence', label: 'Rate per parcel (£)', money: true },
  { name: 'parcel_max_weight_kg', label: 'Most a parcel weighs (kg)', step: 0.001 },
  {
    name: 'pallet_from_weight_kg',
    label: 'Goods go by pallet from (kg)',
    step: 0.001,
    hint: 'At most the weight of one pallet, and at least that of one parcel.',
  },
  { name: 'pallet_rate_pence', label: 'Rate per pallet (£)', money: true },
  { name: 'pallet_max_weight_kg', label: 'Most a pallet weighs (kg)', step: 0.001 },
];

/** The saved settings as the form's text: money in pounds with two decimals, weights as they are. */
const textOf = (shipping: Shipping) =>
  Object.fromEntries(
    FIELDS.map(({ name, money }) => [name, money ? penceToDecimal(shipping[name]) : String(shipping[name])]),
  ) as Record<Field, string>;

/**
 * The mainland's delivery rates and thresholds (DESIGN §4.8), as the server prices every cart and order with
 * them; the other zones' prices are surcharges on these or their own (the delivery settings).
 */
export function ShippingForm({ shipping }: { shipping: Shipping }) {
  const [values, setValues] = useState<Record<Field, string>>(() => textOf(shipping));
  const form = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.run(async () => {
      const unread: Record<string, string[]> = {};
      const body = Object.fromEntries(
        FIELDS.map(({ name, money }) => {
          if (!money) return [name, numberOf(values[name])];
          const pence = penceFromDecimal(values[name]);
          if (Number.isNaN(pence)) unread[name] = [MONEY];
          return [name, pence];
        }),
      );
      const saved = await saveShippingSettings(parseOrThrow(ShippingSettingsSchema.safeParse(body), unread));
      setValues(textOf(saved));
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
            // Pounds are typed as text (a number field would take 6.955 and round it); weights as numbers.
            {...(money ? { type: 'text' } : { type: 'number', min: 0, step })}
            inputMode="decimal"
            required
            value={values[name]}
            onChange={(event) => setValues({ ...values, [name]: event.target.value })}
            errors={form.errorsOf(name)}
            hint={hint}
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
