import type { Route } from './+types/track-order';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { getOrders, ordersFailure } from '~/features/orders/api/get-orders';
import { OrderList } from '~/features/orders/components/order-list';
import { OrdersUnavailable } from '~/features/orders/components/orders-unavailable';
import { isAbortError } from '~/lib/api-client';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';
import '~/styles/orders.css';

const TITLE = 'Track orders';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Follow your PackRight Supplies orders.', noIndex: true });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  try {
    return { state: 'loaded' as const, page: await getOrders('orders/', request.signal) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { state: 'failed' as const, message: ordersFailure(error) };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your orders…" />;
}

export default function TrackOrderPage({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={TITLE}>
      {loaderData.state === 'loaded' ? (
        <OrderList initial={loaderData.page} />
      ) : (
        <OrdersUnavailable message={loaderData.message} />
      )}
    </SimplePage>
  );
}
