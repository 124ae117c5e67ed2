import { Link, useNavigate, useRevalidator } from 'react-router';
import type { Route } from './+types/item';
import { deleteItem, getItem, listMovements, updateItem } from '~/features/admin/catalogue/api';
import { ItemForm } from '~/features/admin/catalogue/item-form';
import { StockAdjustmentForm, StockMovements } from '~/features/admin/catalogue/stock-panel';
import { FormOutcome } from '~/features/admin/components/admin-field';
import { AdminLoading, adminLoad, LoadFailed, routeId } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { useFormSubmit } from '~/features/admin/components/use-form-submit';
import '~/styles/admin-catalogue.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, async () => {
    const id = routeId(params.id);
    const [item, movements] = await Promise.all([
      getItem(id, request.signal),
      listMovements(id, '?page_size=50', request.signal),
    ]);
    return { item, movements };
  });
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

export default function AdminItem({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const deletion = useFormSubmit();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="Item"
        what="item"
        failure={loaderData}
        back={{ to: '/admin/products', label: 'Back to products' }}
      />
    );
  }
  const { item, movements } = loaderData.data;
  const reload = () => void revalidate();
  return (
    <AdminPage
      title={`${item.sku}: ${item.title}`}
      actions={
        <>
          <Link to={`/admin/products/${item.product}`}>Back to {item.product_name}</Link>
          <Link to={`/admin/variants/${item.variant}/prices`}>Prices of {item.variant_name}</Link>
        </>
      }
    >
      <ItemForm
        key={`${item.id}-${item.sku}`}
        fields={item.table_fields}
        item={item}
        submitLabel="Save item"
        onSave={async (body) => {
          await updateItem(item.id, body);
          reload();
        }}
      />
      <StockAdjustmentForm itemId={item.id} stock={item.stock} onChange={reload} />
      <StockMovements page={movements} />
      <section className="admin-panel" aria-labelledby="delete-item-heading">
        <h2 id="delete-item-heading">Delete this item</h2>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => {
            if (!window.confirm(`Delete ${item.sku}?`)) return;
            void deletion.run(async () => {
              await deleteItem(item.id);
              await navigate(`/admin/products/${item.product}`);
              return 'Item deleted.';
            });
          }}
        >
          Delete item
        </button>
        <FormOutcome error={deletion.formError} />
      </section>
    </AdminPage>
  );
}
