import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/product-details';
import { SimplePage } from '~/components/ui/simple-page';
import { StatusPage } from '~/components/ui/status-page';
import { productHref } from '~/lib/navigation';
import { pageMeta } from '~/lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Product details',
    description: 'Sizes, pack prices and stock of our packaging products.',
    noIndex: true,
  });

/**
 * The spec's /product-details shows the same screen as /details/{category}/{product}: given a product
 * (?product= or ?slug=, with ?category= or found among the categories) it redirects to that one address,
 * so every product has one canonical page. Without a product slug: 'Invalid product slug.' (spec 2, §5).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const productSlug = (query.get('product') ?? query.get('slug') ?? '').trim();
  if (!productSlug) return { state: 'invalid' as const };
  let categorySlug = query.get('category')?.trim();
  if (!categorySlug) {
    const categories = await context.catalogue.listCategories();
    const found = await Promise.all(
      categories.map((category) => context.catalogue.getProduct(category.slug, productSlug)),
    );
    categorySlug = found.find((product) => product !== null)?.category.slug;
  }
  if (!categorySlug) return data({ state: 'not-found' as const }, { status: 404 });
  throw redirect(productHref(categorySlug, productSlug), 301);
}

export default function ProductDetailsPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'not-found') {
    return (
      <StatusPage
        title="Product not found"
        message="This product does not exist. Choose a product from the menu or search."
      />
    );
  }
  return (
    <SimplePage title="Product details">
      <p className="notice notice--error">Invalid product slug.</p>
      <p>Choose a product from the menu or search.</p>
      <p>
        <Link className="button button--primary" to="/">
          Go to the home page
        </Link>
      </p>
    </SimplePage>
  );
}
