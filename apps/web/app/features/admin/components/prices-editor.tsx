import {
  type AdminExclusivePrice,
  type ExclusivePriceCreate,
  ExclusivePriceCreateSchema,
  type ExclusivePriceUpdate,
  ExclusivePriceUpdateSchema,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { dateWindow } from '../customers/labels';
import { AdminInput, FormOutcome } from './admin-field';
import { parseOrThrow, useFormSubmit } from './use-form-submit';
import { ScrollRegion } from '~/components/ui/scroll-region';

/** A number field's text as the API wants it: a number, or the text itself for the schema to refuse. */
const numberOf = (text: string): unknown => (text.trim() === '' ? undefined : Number(text));
const dayOf = (text: string) => (text === '' ? null : text);

/** The calls that change the prices of one owner (a customer, a company). */
export interface PricesApi {
  create(body: ExclusivePriceCreate): Promise<AdminExclusivePrice>;
  update(priceId: number, body: ExclusivePriceUpdate): Promise<unknown>;
  remove(priceId: number): Promise<unknown>;
}

/** What the panel calls the prices and their owner. */
export interface PricesWords {
  /** e.g. 'exclusive prices', 'company prices' (the table's name and the "first 100" line). */
  plural: string;
  none: string;
  addTitle: string;
  removed: (sku: string) => string;
  added: (sku: string, percent: number) => string;
}

interface EditorProps {
  prices: AdminExclusivePrice[];
  /** All of the owner's prices (the list shows the first 100). */
  count: number;
  /** Called after a change, to load them again. */
  onChanged: () => void;
  api: PricesApi;
  words: PricesWords;
  /** Prices left on a staff or owner account: they can only be removed (exclusive prices are for customers). */
  removeOnly?: boolean;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Exclusive prices of a customer or a company: each with its item, percent and dates, editable in place; and a
 * form to add one. One panel for both, so the two screens behave and read alike.
 */
export function PricesEditor({ prices, count, onChanged, api, words, removeOnly = false }: EditorProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const removal = useFormSubmit();

  const remove = (price: AdminExclusivePrice) =>
    void removal
      .run(async () => {
        await api.remove(price.id);
        return words.removed(price.item.sku);
      })
      .then((done) => done && onChanged());

  return (
    <>
      {prices.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll" label={`${capitalised(words.plural)} table`}>
            <table>
              <caption className="visually-hidden">{capitalised(words.plural)}</caption>
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
                          api={api}
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
                        {removeOnly ? null : (
                          <>
                            <button
                              type="button"
                              className="admin-button admin-button--secondary"
                              aria-label={`Edit the price for ${price.item.sku}`}
                              onClick={() => setEditing(price.id)}
                            >
                              Edit
                            </button>{' '}
                          </>
                        )}
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
          Showing the first {prices.length} of {count} {words.plural}, by SKU.
        </p>
      ) : null}
      <FormOutcome error={removal.formError} success={removal.success} />
      {removeOnly ? null : <AddPriceForm api={api} words={words} onAdded={onChanged} />}
    </>
  );
}

function AddPriceForm({ api, words, onAdded }: { api: PricesApi; words: PricesWords; onAdded: () => void }) {
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
      const price = await api.create(body);
      return words.added(price.item.sku, price.discount_percentage);
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
      <h3 id="add-price-title">{words.addTitle}</h3>
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
  api,
  price,
  onDone,
}: {
  api: PricesApi;
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
      await api.update(price.id, body);
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
