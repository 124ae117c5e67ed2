import type { Route } from './+types/track-order';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';

const TITLE = 'Track orders';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Follow your PackRight Supplies orders.', noIndex: true });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your orders…" />;
}

export default function TrackOrderPage() {
  return (
    <SimplePage title={TITLE}>
      <p>Your orders and their delivery status will appear here.</p>
    </SimplePage>
  );
}
