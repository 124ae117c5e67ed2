import {
  CATALOGUE_LIMITS,
  ItemCreateSchema,
  type AdminItem,
  type AdminTableField,
  type ItemCreate,
} from '@shop/domain';
import { useState, type FormEvent } from 'react';
import { AdminInput, AdminSelect, FormOutcome } from '../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../components/use-form-submit';

type ItemFields = Omit<ItemCreate, 'variant'>;
/** What the form sends: an item's fields without its variant, which the screen adds for a new item. */
const NewItemSchema = ItemCreateSchema.omit({ variant: true });
/** An existing item's stock moves only by adjustments, each with its reason: the form leaves it out. */
const ItemEditSchema = NewItemSchema.omit({ stock: true });

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * An item's fields. On a new item the opening stock is set here; afterwards stock changes go through the
 * stock adjustment form (with a reason), so this form leaves it alone.
 */
export function ItemForm({
  fields,
  item,
  submitLabel,
  onSave,
}: {
  fields: AdminTableField[];
  item?: AdminItem;
  submitLabel: string;
  onSave: (body: Omit<ItemFields, 'stock'> & { stock?: number }) => Promise<unknown>;
}) {
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  const [values, setValues] = useState({
    sku: item?.sku ?? '',
    title: item?.title ?? '',
    units_per_pack: text(item?.units_per_pack ?? 1),
    stock: text(item?.stock ?? 0),
    track_inventory: item?.track_inventory ?? true,
    status: item?.status ?? 'active',
    low_stock_threshold: text(item?.low_stock_threshold ?? 10),
    weight: text(item?.weight ?? 0),
    weight_unit: item?.weight_unit ?? 'kg',
    measurement_unit: (item?.measurement_unit ?? '') as NonNullable<ItemFields['measurement_unit']> | '',
    width: text(item?.width),
    height: text(item?.height),
    length: text(item?.length),
  });
  const [entries, setEntries] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      (item?.data_entries ?? []).map((entry) => [
        entry.field,
        entry.value_text ??
          entry.value_image ??
          (entry.value_number === null ? '' : String(entry.value_number)),
      ]),
    ),
  );
  const form = useFormSubmit();
  const set = (change: Partial<typeof values>) => setValues((current) => ({ ...current, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The fields as the API takes them; text that is not a number goes as NaN, for the schema to refuse.
    const typed = {
      sku: values.sku,
      title: values.title,
      units_per_pack: Number(values.units_per_pack),
      stock: Number(values.stock),
      track_inventory: values.track_inventory,
      status: values.status,
      low_stock_threshold: Number(values.low_stock_threshold),
      weight: Number(values.weight),
      weight_unit: values.weight_unit,
      measurement_unit: values.measurement_unit === '' ? null : values.measurement_unit,
      width: numberOrNull(values.width),
      height: numberOrNull(values.height),
      length: numberOrNull(values.length),
      data_entries: fields.map((field) => {
        const value = (entries[field.id] ?? '').trim();
        const numeric = field.field_type === 'number' || field.field_type === 'price';
        return {
          field: field.id,
          value: value === '' ? null : numeric && !Number.isNaN(Number(value)) ? Number(value) : value,
        };
      }),
    };
    await form.run(async () => {
      const { stock, ...withoutStock } = typed;
      await onSave(
        item
          ? parseOrThrow(ItemEditSchema.safeParse(withoutStock))
          : parseOrThrow(NewItemSchema.safeParse({ ...withoutStock, stock })),
      );
      return 'Item saved.';
    });
  }

  const number = (name: keyof typeof values, label: string, extra: object = {}) => (
    <AdminInput
      id={`item-${name.replace(/_/g, '-')}`}
      label={label}
      type="number"
      value={values[name] as string}
      errors={form.errorsOf(name)}
      onChange={(event) => set({ [name]: event.target.value })}
      {...extra}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="admin-panel">
      <h2>Item details</h2>
      <div className="admin-grid">
        <AdminInput
          id="item-sku"
          label="SKU"
          required
          maxLength={CATALOGUE_LIMITS.sku}
          value={values.sku}
          errors={form.errorsOf('sku')}
          onChange={(event) => set({ sku: event.target.value })}
        />
        <AdminInput
          id="item-title"
          label="Title"
          required
          maxLength={CATALOGUE_LIMITS.title}
          value={values.title}
          errors={form.errorsOf('title')}
          onChange={(event) => set({ title: event.target.value })}
        />
        {number('units_per_pack', 'Units per pack', { min: 1 })}
        {item ? null : number('stock', 'Opening stock (units)', { min: 0 })}
        {number('low_stock_threshold', 'Low-stock threshold (units)', { min: 0 })}
        <AdminSelect
          id="item-status"
          label="Status"
          value={values.status}
          errors={form.errorsOf('status')}
          onChange={(event) => set({ status: event.target.value as 'active' | 'inactive' })}
        >
          <option value="active">Active (on sale)</option>
          <option value="inactive">Inactive (hidden)</option>
        </AdminSelect>
        <div className="admin-field">
          <label className="admin-field__label">
            <input
              type="checkbox"
              checked={values.track_inventory}
              onChange={(event) => set({ track_inventory: event.target.checked })}
            />{' '}
            Track stock
          </label>
        </div>
        {number('weight', 'Weight of one pack', { min: 0, step: 0.0001 })}
        <AdminSelect
          id="item-weight-unit"
          label="Weight unit"
          value={values.weight_unit}
          errors={form.errorsOf('weight_unit')}
          onChange={(event) => set({ weight_unit: event.target.value as typeof values.weight_unit })}
        >
          <option value="kg">kg</option>
          <option value="g">g</option>
          <option value="lb">lb</option>
          <option value="oz">oz</option>
        </AdminSelect>
      </div>
      <h3>Size</h3>
      <div className="admin-grid">
        <AdminSelect
          id="item-measurement-unit"
          label="Measurement unit"
          value={values.measurement_unit}
          errors={form.errorsOf('measurement_unit')}
          onChange={(event) =>
            set({ measurement_unit: event.target.value as typeof values.measurement_unit })
          }
        >
          <option value="">No dimensions</option>
          <option value="MM">mm</option>
          <option value="CM">cm</option>
          <option value="IN">inches</option>
          <option value="M">m</option>
        </AdminSelect>
        {number('length', 'Length', { min: 0, step: 0.001 })}
        {number('width', 'Width', { min: 0, step: 0.001 })}
        {number('height', 'Height (optional for flat goods)', { min: 0, step: 0.001 })}
      </div>
      {fields.length > 0 ? (
        <>
          <h3>Table values</h3>
          <div className="admin-grid">
            {fields.map((field, index) => (
              <AdminInput
                key={field.id}
                id={`item-field-${field.id}`}
                label={field.name}
                type={field.field_type === 'number' || field.field_type === 'price' ? 'number' : 'text'}
                maxLength={CATALOGUE_LIMITS.dataText}
                value={entries[field.id] ?? ''}
                errors={
                  form.errorsOf(`data_entries.${index}.value`) ?? form.errorsOf(`data_entries.${index}.field`)
                }
                onChange={(event) => setEntries({ ...entries, [field.id]: event.target.value })}
              />
            ))}
          </div>
        </>
      ) : null}
      <button type="submit" className="admin-button" disabled={form.busy}>
        {form.busy ? 'Saving…' : submitLabel}
      </button>
      <FormOutcome error={form.formError} success={form.success} />
    </form>
  );
}
