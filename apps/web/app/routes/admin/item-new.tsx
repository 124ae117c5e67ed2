import { Link, useNavigate } from 'react-router';
import type { Route } from './+types/item-new';
import { LoadingState } from '~/components/ui/loading-state';
import { createItem, getVariant, load } from '~/features/admin/catalogue/api';
import { ItemForm } from '~/features/admin/catalogue/item-form';
import { LoadFailed } from '~/features/admin/catalogue/load-failed';
import { AdminPage } from '~/features/admin/components/admin-page';
import { requireAccessToken } from '~/lib/guards';
import '~/styles/admin-catalogue.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const variant = Number(new URL(request.url).searchParams.get('variant'));
  return load(() => getVariant(Number.isInteger(variant) && variant > 0 ? variant : 0, request.signal));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title="New item" label="Loading…" />;
}

export default function AdminNewItem({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="New item"
        message="Open this screen from a variant on a product's screen."
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
