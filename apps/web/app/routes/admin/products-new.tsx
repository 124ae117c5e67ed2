import { useNavigate } from 'react-router';
import type { Route } from './+types/products-new';
import { LoadingState } from '~/components/ui/loading-state';
import { allCategories, createProduct, load } from '~/features/admin/catalogue/api';
import { LoadFailed } from '~/features/admin/catalogue/load-failed';
import { ProductForm } from '~/features/admin/catalogue/product-form';
import { AdminPage } from '~/features/admin/components/admin-page';
import { requireAccessToken } from '~/lib/guards';
import '~/styles/admin-catalogue.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  return load(() => allCategories(request.signal));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title="New product" label="Loading…" />;
}

export default function AdminNewProduct({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="New product"
        message={loaderData.message}
        back={{ to: '/admin/products', label: 'Back to products' }}
      />
    );
  }
  return (
    <AdminPage title="New product">
      <ProductForm
        categories={loaderData.data}
        submitLabel="Create product"
        onSave={async (body) => {
          const product = await createProduct(body);
          // Variants, items, images and prices are added on the product's own screen.
          await navigate(`/admin/products/${product.id}`);
        }}
      />
    </AdminPage>
  );
}
