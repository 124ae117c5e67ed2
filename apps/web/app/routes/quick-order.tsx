import type { Route } from './+types/quick-order';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { AddToList } from '~/features/lists/components/add-to-list';
import { QuickOrder } from '~/features/quick-order/components/quick-order';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';
import '~/styles/quick-order.css';

const TITLE = 'Quick order';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: TITLE,
    description: 'Order PackRight Supplies items by SKU: type, paste or upload your lines.',
    noIndex: true,
  });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading the quick order…" />;
}

export default function QuickOrderPage() {
  return (
    <SimplePage title={TITLE}>
      <QuickOrder listAction={(lines) => <AddToList lines={lines} />} />
    </SimplePage>
  );
}
