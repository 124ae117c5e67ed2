import { SimplePage } from '~/components/ui/simple-page';
import { absoluteUrl, pageMeta } from '~/lib/seo';
import type { Route } from './+types/search-advance';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    url: loaderData ? absoluteUrl(loaderData.origin, '/search-advance') : undefined,
    title: 'Pallet Wraps',
    description: 'Advanced search results for packaging supplies at PackRight Supplies.',
    noIndex: true,
  });

/** Spec 1, §2: a placeholder results page with the static title 'Pallet Wraps' and no products. */
export default function AdvancedSearchPage() {
  return (
    <SimplePage title="Pallet Wraps">
      <p>
        No products to show here yet: browse Pallet Wraps from the Wraps menu, or search by name or size
        above.
      </p>
    </SimplePage>
  );
}
