import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/item-new';
import { createItem, getVariant } from '~/features/admin/catalogue/api';
import { ItemForm } from '~/features/admin/catalogue/item-form';
import { AdminLoading, adminLoad, LoadFailed, routeId } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import '~/styles/admin-catalogue.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const variant = new URL(request.url).searchParams.get('variant') ?? undefined;
  return adminLoad(request, () => getVariant(routeId(variant), request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

export default function AdminNewItem({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="New item"
        what="variant"
        failure={loaderData}
        missing="Open this screen from a variant on a product's screen."
        back={{ to: '/admin/products', label: 'Back to products' }}
      />
    );
  }
  const variant = loaderData.data;
  return (
    <AdminPage
      title={`New item in ${variant.name}`}
      actions={<Link to={`/admin/products/${variant.product}`}>Back to {variant.product_name}</Link>}
    >
      <ItemForm
        fields={variant.table_fields}
        submitLabel="Create item"
        onSave={async (body) => {
          const item = await createItem({ ...body, stock: body.stock ?? 0, variant: variant.id });
          await navigate(`/admin/items/${item.id}`);
        }}
      />
    </AdminPage>
  );
}
