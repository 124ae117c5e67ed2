import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useLocation,
  useNavigation,
  useRevalidator,
} from 'react-router';
import { lazy, Suspense } from 'react';
import type { Route } from './+types/product';
import { StatusPage } from '~/components/ui/status-page';
import { Toasts } from '~/components/ui/toasts';
import { ProductDescription } from '~/features/catalogue/components/product-description';
import { ProductGallery } from '~/features/catalogue/components/product-gallery';
import { productJsonLd } from '~/features/catalogue/product-json-ld';
import { titleFromSlug } from '~/features/catalogue/slug-title';
import {
  getProductPage,
  isTransientFetchFailure,
  withProductRetries,
} from '~/features/product/api/get-product-page';
import { DeliveryPromise } from '~/features/product/components/delivery-promise';
import { FromPrice } from '~/features/product/components/from-price';
import { ProductOrdering } from '~/features/product/components/product-ordering';
import { ProductPageSkeleton } from '~/features/product/components/product-page-skeleton';
import { breadcrumbJsonLd, JsonLd } from '~/lib/json-ld';
import { categoryHref, findProductLabel, productHref } from '~/lib/navigation';
import { toPlainText, truncate } from '~/lib/plain-text';
import { absoluteUrl, pageMeta } from '~/lib/seo';

/** A title for the address when the product is missing (spec 2: "The page title is made from the slug"). */
function titleFromParams(params: { categorySlug: string; productSlug: string }): string {
  return (
    findProductLabel(params.categorySlug, params.productSlug) ??
    (titleFromSlug(params.productSlug) || 'Product')
  );
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { categorySlug, productSlug } = params;
  let page;
  let canonicalCategory: string | null;
  try {
    page = await getProductPage(context.catalogue, categorySlug, productSlug, request.signal);
    // Not in this category: the product's own category, if the product exists at all.
    canonicalCategory = page
      ? page.product.category.slug
      : await context.catalogue.getProductCategorySlug(productSlug);
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.error('Product read failed', error);
    return data({ state: 'failed' as const, origin: context.origin }, { status: 500 });
  }
  // One address per product, as /product-details does: another category's address moves for good.
  if (canonicalCategory !== null && canonicalCategory !== categorySlug) {
    throw redirect(productHref(canonicalCategory, productSlug), 301);
  }
  if (!page) return data({ state: 'not-found' as const, origin: context.origin }, { status: 404 });
  return { state: 'loaded' as const, page, origin: context.origin };
}

/**
 * A client-side navigation fetches the page's data from the server; when that fetch gets no answer (or a
 * 5xx from in front of the server) it is tried again, up to 3 times 500 ms apart (spec 2, §7), and then
 * the page says it failed to fetch the product. The first load uses the server's HTML and data as they are.
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  try {
    return await withProductRetries(() => serverLoader(), isTransientFetchFailure, request.signal);
  } catch (error) {
    if (request.signal.aborted || !isTransientFetchFailure(error)) throw error;
    return { state: 'failed' as const, origin: window.location.origin };
  }
}

export const meta: Route.MetaFunction = ({ loaderData, params }) => {
  if (loaderData?.state !== 'loaded') {
    return pageMeta({
      title: titleFromParams(params),
      description:
        loaderData?.state === 'failed'
          ? 'This product could not be loaded just now.'
          : 'This product could not be found at PackRight Supplies.',
      noIndex: true,
    });
  }
  const { page, origin } = loaderData;
  const { product } = page;
  const image = product.images[0];
  return pageMeta({
    title: `${product.name || titleFromParams(params)} — ${product.category.name}`,
    description:
      truncate(toPlainText(product.description), 155) ||
      `${product.name}: sizes, pack prices and stock at PackRight Supplies.`,
    url: absoluteUrl(origin, productHref(product.category.slug, product.slug)),
    image: image ? absoluteUrl(origin, image.image) : undefined,
    imageAlt: image?.alt_text,
    type: 'product',
  });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  // Another product is loading (a client-side navigation): its shape, not the old product's prices.
  const next = navigation.state === 'loading' ? navigation.location : undefined;
  if (next && next.pathname.startsWith('/details/') && next.pathname !== location.pathname) {
    return <ProductPageSkeleton />;
  }
  if (loaderData.state === 'failed') return <ProductFetchFailed />;
  if (loaderData.state !== 'loaded') return <ProductNotFound />;
  const { page, origin } = loaderData;
  const { product } = page;
  const categoryPath = categoryHref(product.category.slug);
  const path = productHref(product.category.slug, product.slug);
  return (
    <div className="page product">
      <JsonLd data={productJsonLd(product, origin, absoluteUrl(origin, path))} />
      <JsonLd
        data={breadcrumbJsonLd(origin, [
          { name: 'Home', path: '/' },
          { name: product.category.name, path: categoryPath },
          { name: product.name, path },
        ])}
      />
      <Toasts />
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to={categoryPath}>{product.category.name}</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="product__layout">
        <ProductGallery
          productName={product.name}
          images={product.images.map((image) => ({
            id: image.id,
            src: image.image,
            alt: image.alt_text || product.name,
          }))}
        />
        <div className="product__summary">
          <h1 className="page__title">{product.name}</h1>
          {product.lowest_price_pence !== null ? <FromPrice pence={product.lowest_price_pence} /> : null}
          <p className={product.in_stock ? 'product__stock' : 'product__stock product__stock--out'}>
            {product.in_stock ? 'In stock' : 'Out of stock'}
          </p>
          {/* Short of stock is not promised: no day could be kept. */}
          {product.in_stock ? <DeliveryPromise /> : null}
          <ProductDescription html={product.description} />
        </div>
      </div>
      {/* Keyed by product: another product starts with an empty selection. */}
      <ProductOrdering key={product.id} page={page} listAction={listAction} />
    </div>
  );
}

// Loaded only once a signed-in buyer has chosen items, so it adds nothing to the page's first scripts.
const AddToList = lazy(() => import('~/features/lists/components/add-to-list'));

/** Add to list for the product's selection: the saved-lists feature, composed here. */
function listAction(lines: { item: number; packs: number }[]) {
  return (
    <Suspense fallback={null}>
      <AddToList lines={lines} />
    </Suspense>
  );
}

function ProductNotFound() {
  return (
    <StatusPage
      title="Product not found"
      message="This product does not exist or is no longer in this category. Choose a product from the menu or search."
    />
  );
}

/** The product could not be read, even after the retries (spec 2, §8). */
function ProductFetchFailed() {
  const revalidator = useRevalidator();
  const busy = revalidator.state === 'loading';
  return (
    <StatusPage
      title="Failed to fetch product data"
      message="The product could not be loaded just now. Please try again in a moment."
    >
      <p>
        <button
          type="button"
          className="button button--outline"
          aria-disabled={busy}
          onClick={() => {
            if (!busy) void revalidator.revalidate();
          }}
        >
          {busy ? 'Trying again…' : 'Try again'}
        </button>
      </p>
    </StatusPage>
  );
}

/** Anything else that broke the page (spec 2, §8: the boundary's text). Details never reach the page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ProductNotFound />;
  return (
    <StatusPage
      title="Error: Something went wrong"
      message="Sorry, this product page could not be shown. Please try again in a moment."
    />
  );
}
