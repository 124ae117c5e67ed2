import {
  CATALOGUE_LIMITS,
  TableFieldCreateSchema,
  TableFieldUpdateSchema,
  VariantCreateSchema,
  VariantUpdateSchema,
  type AdminProductDetail,
  type AdminTableField,
} from '@shop/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AdminInput, AdminSelect, FormOutcome } from '../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../components/use-form-submit';
import {
  createTableField,
  createVariant,
  deleteTableField,
  deleteVariant,
  updateTableField,
  updateVariant,
} from './api';
import { ScrollRegion } from '~/components/ui/scroll-region';

type Variant = AdminProductDetail['variants'][number];

/** The fields of a variant's form, shared by the new-variant form and each variant's own. */
function VariantFields({
  prefix,
  values,
  errorsOf,
  onChange,
}: {
  prefix: string;
  values: { name: string; units_per_pallet: string; show_units_per: 'pack' | 'pallet' };
  errorsOf: (field: string) => string[] | undefined;
  onChange: (
    change: Partial<{ name: string; units_per_pallet: string; show_units_per: 'pack' | 'pallet' }>,
  ) => void;
}) {
  return (
    <div className="admin-grid">
      <AdminInput
        id={`${prefix}-name`}
        label="Variant name"
        required
        maxLength={CATALOGUE_LIMITS.name}
        value={values.name}
        errors={errorsOf('name')}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <AdminInput
        id={`${prefix}-units-per-pallet`}
        label="Units per pallet (optional)"
        hint="Leave empty when the variant is not sold by the pallet."
        type="number"
        min={1}
        value={values.units_per_pallet}
        errors={errorsOf('units_per_pallet')}
        onChange={(event) => onChange({ units_per_pallet: event.target.value })}
      />
      <AdminSelect
        id={`${prefix}-show-per`}
        label="Show prices per"
        value={values.show_units_per}
        errors={errorsOf('show_units_per')}
        onChange={(event) => onChange({ show_units_per: event.target.value as 'pack' | 'pallet' })}
      >
        <option value="pack">Pack</option>
        <option value="pallet">Pallet</option>
      </AdminSelect>
    </div>
  );
}

const variantBody = (values: {
  name: string;
  units_per_pallet: string;
  show_units_per: 'pack' | 'pallet';
}) => ({
  name: values.name,
  units_per_pallet: values.units_per_pallet.trim() === '' ? null : Number(values.units_per_pallet),
  show_units_per: values.show_units_per,
});

/** Adds a variant to a product. */
export function NewVariantForm({ productId, onChange }: { productId: number; onChange: () => void }) {
  const empty = { name: '', units_per_pallet: '', show_units_per: 'pack' as const };
  const [values, setValues] = useState<{
    name: string;
    units_per_pallet: string;
    show_units_per: 'pack' | 'pallet';
  }>(empty);
  const form = useFormSubmit();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const done = await form.run(async () => {
      await createVariant(
        productId,
        parseOrThrow(VariantCreateSchema.safeParse({ ...variantBody(values), position: 0 })),
      );
      return 'Variant added.';
    });
    if (!done) return;
    setValues(empty);
    onChange();
  }
  return (
    <form onSubmit={submit} noValidate className="admin-panel">
      <h2>Add a variant</h2>
      <VariantFields
        prefix="new-variant"
        values={values}
        errorsOf={form.errorsOf}
        onChange={(c) => setValues({ ...values, ...c })}
      />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Add variant
      </button>
      <FormOutcome error={form.formError} success={form.success} />
    </form>
  );
}

/** One variant: its own fields, its table fields, its items and the way to its price grid. */
export function VariantPanel({ variant, onChange }: { variant: Variant; onChange: () => void }) {
  const [values, setValues] = useState({
    name: variant.name,
    units_per_pallet: variant.units_per_pallet === null ? '' : String(variant.units_per_pallet),
    show_units_per: variant.show_units_per,
  });
  const form = useFormSubmit();
  const change = async (action: () => Promise<string>) => {
    if (await form.run(action)) onChange();
  };
  const prefix = `variant-${variant.id}`;
  return (
    <section className="admin-panel" aria-labelledby={`${prefix}-heading`}>
      <h2 id={`${prefix}-heading`}>Variant: {variant.name}</h2>
      <p className="admin-page__actions">
        <Link className="admin-button" to={`/admin/variants/${variant.id}/prices`}>
          Edit prices of {variant.name} ({variant.tier_count} {variant.tier_count === 1 ? 'tier' : 'tiers'})
        </Link>
        <Link className="admin-button admin-button--secondary" to={`/admin/items/new?variant=${variant.id}`}>
          Add an item to {variant.name}
        </Link>
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void change(async () => {
            await updateVariant(variant.id, parseOrThrow(VariantUpdateSchema.safeParse(variantBody(values))));
            return 'Variant saved.';
          });
        }}
        noValidate
      >
        <VariantFields
          prefix={prefix}
          values={values}
          errorsOf={form.errorsOf}
          onChange={(c) => setValues({ ...values, ...c })}
        />
        <p className="admin-page__actions">
          <button type="submit" className="admin-button" disabled={form.busy}>
            Save variant
          </button>
          <button
            type="button"
            className="admin-button admin-button--danger"
            disabled={form.busy}
            onClick={() => {
              if (window.confirm(`Delete ${variant.name} with its items and prices?`)) {
                void change(async () => {
                  await deleteVariant(variant.id);
                  return 'Variant deleted.';
                });
              }
            }}
          >
            Delete variant {variant.name}
          </button>
        </p>
        <FormOutcome error={form.formError} success={form.success} />
      </form>

      <h3>Items</h3>
      {variant.items.length === 0 ? (
        <p>No items yet.</p>
      ) : (
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll" label={`Items of ${variant.name}`}>
            <table>
              <caption className="visually-hidden">Items of {variant.name}</caption>
              <thead>
                <tr>
                  <th scope="col">SKU</th>
                  <th scope="col">Title</th>
                  <th scope="col" className="admin-table__num">
                    Stock
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {variant.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <Link to={`/admin/items/${item.id}`}>{item.sku}</Link>
                    </td>
                    <td>{item.title}</td>
                    <td className="admin-table__num">{item.track_inventory ? item.stock : 'Not tracked'}</td>
                    <td>
                      <span className="admin-badge">{item.status === 'active' ? 'Active' : 'Inactive'}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      )}

      <TableFields
        variantId={variant.id}
        variantName={variant.name}
        fields={variant.table_fields}
        onChange={onChange}
      />
    </section>
  );
}

const FIELD_TYPES: { value: AdminTableField['field_type']; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'price', label: 'Price' },
  { value: 'image', label: 'Image' },
];

/** A variant's table fields (the columns of its item table on the product page). */
function TableFields({
  variantId,
  variantName,
  fields,
  onChange,
}: {
  variantId: number;
  variantName: string;
  fields: AdminTableField[];
  onChange: () => void;
}) {
  const [draft, setDraft] = useState({
    name: '',
    field_type: 'text' as AdminTableField['field_type'],
    long_field: false,
  });
  const form = useFormSubmit();
  const change = async (action: () => Promise<string>) => {
    const done = await form.run(action);
    if (done) onChange();
    return done;
  };
  const prefix = `variant-${variantId}-field`;
  return (
    <>
      <h3>Table fields of {variantName}</h3>
      {fields.length === 0 ? <p>No table fields.</p> : null}
      <ul className="admin-list">
        {fields.map((field) => (
          <TableFieldRow key={field.id} field={field} busy={form.busy} change={change} />
        ))}
      </ul>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          const added = await change(async () => {
            await createTableField(
              variantId,
              parseOrThrow(TableFieldCreateSchema.safeParse({ ...draft, position: fields.length })),
            );
            return 'Table field added.';
          });
          if (added) setDraft({ name: '', field_type: 'text', long_field: false });
        }}
        noValidate
      >
        <div className="admin-grid">
          <AdminInput
            id={`${prefix}-new-name`}
            label="New table field"
            maxLength={100}
            value={draft.name}
            errors={form.errorsOf('name')}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <AdminSelect
            id={`${prefix}-new-type`}
            label="Type"
            value={draft.field_type}
            errors={form.errorsOf('field_type')}
            onChange={(event) =>
              setDraft({ ...draft, field_type: event.target.value as AdminTableField['field_type'] })
            }
          >
            {FIELD_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </AdminSelect>
          <div className="admin-field">
            <label className="admin-field__label">
              <input
                type="checkbox"
                checked={draft.long_field}
                onChange={(event) => setDraft({ ...draft, long_field: event.target.checked })}
              />{' '}
              Long text
            </label>
          </div>
        </div>
        <button type="submit" className="admin-button admin-button--secondary" disabled={form.busy}>
          Add table field
        </button>
      </form>
      <FormOutcome error={form.formError} success={form.success} />
    </>
  );
}

function TableFieldRow({
  field,
  busy,
  change,
}: {
  field: AdminTableField;
  busy: boolean;
  /** The table fields' submission: a rename or a removal shows its outcome under the list. */
  change: (action: () => Promise<string>) => Promise<boolean>;
}) {
  const [name, setName] = useState(field.name);
  const id = `table-field-${field.id}`;
  return (
    <li>
      <form
        className="admin-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void change(async () => {
            await updateTableField(field.id, parseOrThrow(TableFieldUpdateSchema.safeParse({ name })));
            return 'Table field saved.';
          });
        }}
      >
        <AdminInput
          id={`${id}-name`}
          label={`Name (${field.field_type})`}
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="admin-button admin-button--secondary" disabled={busy}>
          Rename {field.name}
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          disabled={busy}
          onClick={() => {
            if (window.confirm(`Delete the table field ${field.name} and every item's value for it?`)) {
              void change(async () => {
                await deleteTableField(field.id);
                return 'Table field deleted.';
              });
            }
          }}
        >
          Delete {field.name}
        </button>
      </form>
    </li>
  );
}
