import { useNavigate } from 'react-router';
import type { Route } from './+types/products-new';
import { allCategories, createProduct } from '~/features/admin/catalogue/api';
import { ProductForm } from '~/features/admin/catalogue/product-form';
import { AdminLoading, adminLoad, LoadFailed } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import '~/styles/admin-catalogue.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => allCategories(request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

export default function AdminNewProduct({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="New product"
        what="categories"
        failure={loaderData}
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
