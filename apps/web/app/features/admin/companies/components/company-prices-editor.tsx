import {
  type AdminExclusivePrice,
  ExclusivePriceCreateSchema,
  ExclusivePriceUpdateSchema,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { createCompanyPrice, deleteCompanyPrice, updateCompanyPrice } from '../api/company-prices';
import { dateWindow } from '../../customers/labels';
import { ScrollRegion } from '~/components/ui/scroll-region';

/** A number field's text as the API wants it: a number, or the text itself for the schema to refuse. */
const numberOf = (text: string): unknown => (text.trim() === '' ? undefined : Number(text));
const dayOf = (text: string) => (text === '' ? null : text);

interface EditorProps {
  companyId: number;
  prices: AdminExclusivePrice[];
  /** All of the company's prices (the list shows the first 100). */
  count: number;
  /** Called after a change, to load the prices again. */
  onChanged: () => void;
}

/**
 * A company's exclusive prices, which every member gets (where a member also has a price of their own, the
 * lower one applies): each with its item, percent and dates, editable in place; and a form to add one. The
 * customer screen's exclusive prices panel, for a company.
 */
export function CompanyPricesEditor({ companyId, prices, count, onChanged }: EditorProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const removal = useFormSubmit();

  const remove = (price: AdminExclusivePrice) =>
    void removal
      .run(async () => {
        await deleteCompanyPrice(companyId, price.id);
        return `The company price for ${price.item.sku} was removed.`;
      })
      .then((done) => done && onChanged());

  return (
    <>
      {prices.length === 0 ? (
        <p>This company has no exclusive prices.</p>
      ) : (
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll" label="Company prices table">
            <table>
              <caption className="visually-hidden">Company prices</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" className="admin-table__num">
                    Discount
                  </th>
                  <th scope="col">Dates</th>
                  <th scope="col">Today</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {prices.map((price) =>
                  editing === price.id ? (
                    <tr key={price.id}>
                      <td colSpan={5}>
                        <EditPriceForm
                          companyId={companyId}
                          price={price}
                          onDone={(changed) => {
                            setEditing(null);
                            if (changed) onChanged();
                          }}
                        />
                      </td>
                    </tr>
                  ) : (
                    <tr key={price.id}>
                      <th scope="row">
                        {price.item.sku}
                        <br />
                        <span className="admin-field__hint">{price.item.title}</span>
                      </th>
                      <td className="admin-table__num">{price.discount_percentage}%</td>
                      <td>{dateWindow(price.starts_on, price.ends_on)}</td>
                      <td>
                        <span className="admin-badge">{price.in_force ? 'Applies' : 'Not in force'}</span>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="admin-button admin-button--secondary"
                          aria-label={`Edit the price for ${price.item.sku}`}
                          onClick={() => setEditing(price.id)}
                        >
                          Edit
                        </button>{' '}
                        <button
                          type="button"
                          className="admin-button admin-button--danger"
                          aria-label={`Remove the price for ${price.item.sku}`}
                          disabled={removal.busy}
                          onClick={() => remove(price)}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  ),
                )}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      )}
      {count > prices.length ? (
        <p>
          Showing the first {prices.length} of {count} company prices, by SKU.
        </p>
      ) : null}
      <FormOutcome error={removal.formError} success={removal.success} />
      <AddPriceForm companyId={companyId} onAdded={onChanged} />
    </>
  );
}

function AddPriceForm({ companyId, onAdded }: { companyId: number; onAdded: () => void }) {
  const [item, setItem] = useState('');
  const [percent, setPercent] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const form = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.run(async () => {
      const body = parseOrThrow(
        ExclusivePriceCreateSchema.safeParse({
          item,
          discount_percentage: numberOf(percent),
          starts_on: dayOf(startsOn),
          ends_on: dayOf(endsOn),
        }),
      );
      const price = await createCompanyPrice(companyId, body);
      return `${price.item.sku} now has ${price.discount_percentage}% off for this company’s members.`;
    });
    if (!done) return;
    setItem('');
    setPercent('');
    setStartsOn('');
    setEndsOn('');
    onAdded();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="add-price-title">
      <h3 id="add-price-title">Add a company price</h3>
      <div className="admin-grid">
        <AdminInput
          id="price-item"
          label="Item SKU"
          required
          maxLength={64}
          autoComplete="off"
          value={item}
          onChange={(event) => setItem(event.target.value)}
          errors={form.errorsOf('item')}
        />
        <AdminInput
          id="price-percent"
          label="Discount (%)"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          required
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
          errors={form.errorsOf('discount_percentage')}
        />
        <AdminInput
          id="price-starts"
          label="From (optional)"
          type="date"
          value={startsOn}
          onChange={(event) => setStartsOn(event.target.value)}
          errors={form.errorsOf('starts_on')}
        />
        <AdminInput
          id="price-ends"
          label="Until (optional)"
          type="date"
          value={endsOn}
          onChange={(event) => setEndsOn(event.target.value)}
          errors={form.errorsOf('ends_on')}
          hint="UK dates, both days included."
        />
      </div>
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        {form.busy ? 'Adding…' : 'Add price'}
      </button>
    </form>
  );
}

function EditPriceForm({
  companyId,
  price,
  onDone,
}: {
  companyId: number;
  price: AdminExclusivePrice;
  onDone: (changed: boolean) => void;
}) {
  const [percent, setPercent] = useState(String(price.discount_percentage));
  const [startsOn, setStartsOn] = useState(price.starts_on ?? '');
  const [endsOn, setEndsOn] = useState(price.ends_on ?? '');
  const form = useFormSubmit();
  const id = `price-${price.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.run(async () => {
      const body = parseOrThrow(
        ExclusivePriceUpdateSchema.safeParse({
          discount_percentage: numberOf(percent),
          starts_on: dayOf(startsOn),
          ends_on: dayOf(endsOn),
        }),
      );
      await updateCompanyPrice(companyId, price.id, body);
      return 'Saved.';
    });
    if (done) onDone(true);
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Edit the price for ${price.item.sku}`}
    >
      <p>
        <strong>{price.item.sku}</strong> {price.item.title}
      </p>
      <div className="admin-grid">
        <AdminInput
          id={`${id}-percent`}
          label="Discount (%)"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          required
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
          errors={form.errorsOf('discount_percentage')}
        />
        <AdminInput
          id={`${id}-starts`}
          label="From (optional)"
          type="date"
          value={startsOn}
          onChange={(event) => setStartsOn(event.target.value)}
          errors={form.errorsOf('starts_on')}
        />
        <AdminInput
          id={`${id}-ends`}
          label="Until (optional)"
          type="date"
          value={endsOn}
          onChange={(event) => setEndsOn(event.target.value)}
          errors={form.errorsOf('ends_on')}
        />
      </div>
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Save
      </button>{' '}
      <button type="button" className="admin-button admin-button--secondary" onClick={() => onDone(false)}>
        Cancel
      </button>
    </form>
  );
}
