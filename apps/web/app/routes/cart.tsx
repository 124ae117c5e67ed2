import type { Route } from './+types/cart';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { pageMeta } from '~/lib/seo';

const TITLE = 'Your cart';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: TITLE,
    description: 'The packaging supplies in your PackRight Supplies cart.',
    noIndex: true,
  });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your cart…" />;
}

export default function CartPage() {
  return (
    <SimplePage title={TITLE}>
      <p>The items in your cart will appear here.</p>
    </SimplePage>
  );
}
