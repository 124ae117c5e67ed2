import type { Route } from './+types/checkout';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';

const TITLE = 'Checkout';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Pay for your PackRight Supplies order.', noIndex: true });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your order…" />;
}

export default function CheckoutPage() {
  return (
    <SimplePage title={TITLE}>
      <p>Checkout will appear here.</p>
    </SimplePage>
  );
}
