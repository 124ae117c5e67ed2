import { Link, useNavigate, useRevalidator } from 'react-router';
import type { Route } from './+types/product';
import { allCategories, deleteProduct, getProduct, updateProduct } from '~/features/admin/catalogue/api';
import { ProductForm } from '~/features/admin/catalogue/product-form';
import { ProductImages } from '~/features/admin/catalogue/product-images';
import { NewVariantForm, VariantPanel } from '~/features/admin/catalogue/variant-panel';
import { FormOutcome } from '~/features/admin/components/admin-field';
import { AdminLoading, adminLoad, LoadFailed, routeId } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { useFormSubmit } from '~/features/admin/components/use-form-submit';
import '~/styles/admin-catalogue.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, async () => {
    const [product, categories] = await Promise.all([
      getProduct(routeId(params.id), request.signal),
      allCategories(request.signal),
    ]);
    return { product, categories };
  });
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

export default function AdminProduct({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const deletion = useFormSubmit();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="Product"
        what="product"
        failure={loaderData}
        back={{ to: '/admin/products', label: 'Back to products' }}
      />
    );
  }
  const { product, categories } = loaderData.data;
  const reload = () => void revalidate();
  return (
    <AdminPage
      title={product.name}
      actions={
        <>
          <Link to="/admin/products">All products</Link>
          <a href={`/details/${product.category_slug}/${product.slug}`} target="_blank" rel="noreferrer">
            View in the shop (opens in a new tab)
          </a>
        </>
      }
    >
      <ProductForm
        key={product.updated_at}
        categories={categories}
        product={product}
        submitLabel="Save product"
        onSave={async (body) => {
          await updateProduct(product.id, body);
          reload();
        }}
      />
      <ProductImages productId={product.id} images={product.images} onChange={reload} />
      {product.variants.map((variant) => (
        <VariantPanel key={variant.id} variant={variant} onChange={reload} />
      ))}
      <NewVariantForm productId={product.id} onChange={reload} />
      <section className="admin-panel" aria-labelledby="danger-heading">
        <h2 id="danger-heading">Delete this product</h2>
        <p>Deleting removes its images, variants, items and prices. Past orders keep their own copies.</p>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => {
            if (!window.confirm(`Delete ${product.name} and everything in it?`)) return;
            void deletion.run(async () => {
              await deleteProduct(product.id);
              await navigate('/admin/products');
              return 'Product deleted.';
            });
          }}
        >
          Delete product
        </button>
        <FormOutcome error={deletion.formError} />
      </section>
    </AdminPage>
  );
}
