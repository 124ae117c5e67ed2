import type { Route } from './+types/track-order';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { getOrders, ordersFailure } from '~/features/orders/api/get-orders';
import { OrderList } from '~/features/orders/components/order-list';
import { OrdersUnavailable } from '~/features/orders/components/orders-unavailable';
import { routeLoad, RouteLoadedView } from '~/lib/route-load';
import { pageMeta } from '~/lib/seo';
import '~/styles/orders.css';

const TITLE = 'Track orders';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Follow your PackRight Supplies orders.', noIndex: true });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
// A session that ended while loading is the list's own message, with its way to log in.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return routeLoad(request, () => getOrders('orders/', request.signal), {
    failure: ordersFailure,
    endedSession: 'page',
  });
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your orders…" />;
}

export default function TrackOrderPage({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={TITLE}>
      <RouteLoadedView
        loaded={loaderData}
        failed={(failure) => <OrdersUnavailable message={failure.message} />}
      >
        {(page) => <OrderList initial={page} />}
      </RouteLoadedView>
    </SimplePage>
  );
}
