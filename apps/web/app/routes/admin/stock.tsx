import { CATALOGUE_LIMITS, ThresholdUpdateSchema, type LowStockItem } from '@shop/domain';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/stock';
import { listLowStock, updateItem } from '~/features/admin/catalogue/api';
import { FormOutcome } from '~/features/admin/components/admin-field';
import { AdminLoading, adminLoad, LoadFailed } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { AdminTable, type Column } from '~/features/admin/components/admin-table';
import { parseOrThrow, useFormSubmit } from '~/features/admin/components/use-form-submit';
import { listQuery } from '~/features/admin/components/list-params';
import '~/styles/admin-catalogue.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => listLowStock(listQuery(request, ['page']), request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

/** A row's threshold, edited in place. */
function ThresholdForm({ item, onSaved }: { item: LowStockItem; onSaved: (message: string) => void }) {
  const [value, setValue] = useState(String(item.low_stock_threshold));
  const form = useFormSubmit();
  const error = form.errorsOf('low_stock_threshold')?.join(' ') ?? form.formError;
  const id = `threshold-${item.id}`;
  return (
    <form
      className="admin-inline-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        await form.run(async () => {
          const body = parseOrThrow(ThresholdUpdateSchema.safeParse({ low_stock_threshold: Number(value) }));
          await updateItem(item.id, body);
          // The page announces it, under the table.
          const saved = `Threshold of ${item.sku} set to ${value}.`;
          onSaved(saved);
          return saved;
        });
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Low-stock threshold of {item.sku}
      </label>
      <input
        id={id}
        className="form__control"
        type="number"
        min={0}
        max={CATALOGUE_LIMITS.lowStockThreshold}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit" className="admin-button admin-button--secondary">
        Save<span className="visually-hidden"> threshold of {item.sku}</span>
      </button>
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </form>
  );
}

export default function AdminStock({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [saved, setSaved] = useState<string | null>(null);
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="Low stock"
        what="low-stock list"
        failure={loaderData}
        back={{ to: '/admin', label: 'Back to the dashboard' }}
      />
    );
  }
  const columns: Column<LowStockItem>[] = [
    { label: 'SKU', cell: (row) => <Link to={`/admin/items/${row.id}`}>{row.sku}</Link> },
    { label: 'Item', cell: (row) => row.title },
    {
      label: 'Product',
      cell: (row) => <Link to={`/admin/products/${row.product}`}>{row.product_name}</Link>,
    },
    { label: 'In stock', numeric: true, cell: (row) => row.stock },
    { label: 'Short by', numeric: true, cell: (row) => row.shortfall },
    // Buyers whose back-in-stock e-mail goes once the stock covers a pack: who a restock serves first.
    { label: 'Buyers waiting', numeric: true, cell: (row) => row.alert_waiters },
    {
      label: 'Threshold',
      cell: (row) => (
        <ThresholdForm
          key={`${row.id}-${row.low_stock_threshold}`}
          item={row}
          onSaved={(message) => {
            setSaved(message);
            void revalidate();
          }}
        />
      ),
    },
  ];
  return (
    <AdminPage title="Low stock">
      <p>
        Tracked items on sale whose stock is at or below their threshold, the furthest below first, with how
        many buyers wait for a back-in-stock e-mail.
      </p>
      <AdminTable
        caption="Items low on stock"
        columns={columns}
        page={loaderData.data}
        rowKey={(row) => row.id}
        empty="Nothing is low on stock."
      />
      <FormOutcome success={saved} />
    </AdminPage>
  );
}
