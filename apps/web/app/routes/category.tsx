import type { Category } from '@shop/domain';
import { data, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/category';
import { StatusPage } from '~/components/ui/status-page';
import { CategoryHeader } from '~/features/catalogue/components/category-header';
import { CategoryTabs } from '~/features/catalogue/components/category-tabs';
import { Pagination } from '~/features/catalogue/components/pagination';
import { ProductGrid } from '~/features/catalogue/components/product-card';
import { pageNumberFrom, pagePath } from '~/features/catalogue/page-number';
import { toProductCard, type ProductCardData } from '~/features/catalogue/product-card-data';
import { breadcrumbJsonLd, JsonLd } from '~/lib/json-ld';
import { categoryHref } from '~/lib/navigation';
import { toPlainText, truncate } from '~/lib/plain-text';
import { absoluteUrl, pageMeta } from '~/lib/seo';

export const PRODUCTS_PER_PAGE = 24;

type CategoryPageData =
  | { state: 'category-failed'; origin: string }
  | { state: 'not-found'; origin: string }
  | { state: 'products-failed'; category: Category; origin: string }
  | {
      state: 'loaded';
      category: Category;
      products: ProductCardData[];
      page: number;
      pageCount: number;
      origin: string;
    };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { catalogue, origin } = context;
  const page = pageNumberFrom(request.url);
  // Both reads at once; the category's answer decides which failure, if any, the page shows.
  const [categoryRead, productsRead] = await Promise.allSettled([
    catalogue.getCategoryBySlug(params.slug),
    catalogue.listProductsByCategory(params.slug, { page, page_size: PRODUCTS_PER_PAGE }),
  ]);
  const answer = (body: CategoryPageData, status = 200) => data(body, { status });

  if (categoryRead.status === 'rejected') {
    console.error(categoryRead.reason);
    return answer({ state: 'category-failed', origin }, 500);
  }
  const category = categoryRead.value;
  if (!category) return answer({ state: 'not-found', origin }, 404);
  if (productsRead.status === 'rejected') {
    console.error(productsRead.reason);
    return answer({ state: 'products-failed', category, origin }, 500);
  }
  const { count, results } = productsRead.value;
  const pageCount = Math.max(1, Math.ceil(count / PRODUCTS_PER_PAGE));
  return answer(
    { state: 'loaded', category, products: results.map(toProductCard), page, pageCount, origin },
    // A page past the end does not exist: no soft 404s.
    page > pageCount ? 404 : 200,
  );
}

export const meta: Route.MetaFunction = ({ loaderData, params }) => {
  if (!loaderData || !('category' in loaderData)) {
    const notFound = loaderData?.state === 'not-found';
    return pageMeta({
      title: notFound ? 'Category not found' : 'Failed to load category',
      description: notFound ? 'This category does not exist.' : 'This category could not be loaded.',
      noIndex: true,
    });
  }
  const { category, origin } = loaderData;
  const page = loaderData.state === 'loaded' ? loaderData.page : 1;
  const description = truncate(toPlainText(category.description), 155);
  return pageMeta({
    title: `${category.name} — packaging supplies${page > 1 ? ` (page ${page})` : ''}`,
    description: description || `${category.name} from PackRight Supplies.`,
    url: absoluteUrl(origin, pagePath(categoryHref(params.slug), page)),
    image: category.image ? absoluteUrl(origin, category.image) : undefined,
    imageAlt: category.image ? `${category.name} packaging` : undefined,
    noIndex: loaderData.state !== 'loaded' || page > loaderData.pageCount,
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'not-found') return <CategoryNotFound />;
  if (loaderData.state === 'category-failed') {
    return <StatusPage title="Failed to load category." message="Please try again in a moment." />;
  }
  const { category, origin } = loaderData;
  const path = categoryHref(category.slug);
  return (
    <div className="page">
      <JsonLd
        data={breadcrumbJsonLd(origin, [
          { name: 'Home', path: '/' },
          { name: category.name, path },
        ])}
      />
      <CategoryHeader category={category} />
      <CategoryTabs />
      {loaderData.state === 'products-failed' ? (
        <p className="notice notice--error" role="alert">
          Failed to load products.
        </p>
      ) : loaderData.products.length === 0 ? (
        <p className="notice">No products found.</p>
      ) : (
        <>
          <h2 className="visually-hidden">Products</h2>
          <ProductGrid products={loaderData.products} linkStyle="view-details" />
          <Pagination
            path={path}
            page={loaderData.page}
            pageCount={loaderData.pageCount}
            label={`${category.name} pages`}
          />
        </>
      )}
    </div>
  );
}

function CategoryNotFound() {
  return (
    <StatusPage
      title="Category not found."
      message="Choose a category from the menu, or start again from the home page."
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <CategoryNotFound />;
  return <StatusPage title="Failed to load category." message="Please try again in a moment." />;
}
