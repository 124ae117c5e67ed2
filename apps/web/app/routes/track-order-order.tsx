import { ORDER_MESSAGES, type OrderView } from '@shop/domain';
import { useParams } from 'react-router';
import type { Route } from './+types/track-order-order';
import { LoadingState } from '~/components/ui/loading-state';
import { AddToList } from '~/features/lists/components/add-to-list';
import { getOrder } from '~/features/orders/api/get-order';
import { OrderPage } from '~/features/orders/components/order-page';
import {
  ORDER_LOAD_FAILED,
  OrderNotFound,
  OrderUnavailable,
} from '~/features/orders/components/order-unavailable';
import { ApiError } from '~/lib/api-client';
import { requireAccessToken } from '~/lib/guards';
import { idParam } from '~/lib/route-id';
import { NOT_AN_ID, routeLoad, RouteLoadedView } from '~/lib/route-load';
import { pageMeta } from '~/lib/seo';
import '~/styles/orders.css';

export const meta: Route.MetaFunction = ({ params }) => {
  const id = idParam(params.id);
  return pageMeta({
    title: id === null ? 'Order not found' : `Order #${id}`,
    description: 'One of your PackRight Supplies orders.',
    noIndex: true,
  });
};

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
// A session that ended while loading is the page's own message, with its way to log in.
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const id = idParam(params.id);
  if (id === null) return { id: '', loaded: NOT_AN_ID };
  const loaded = await routeLoad(request, () => getOrder(id, request.signal), {
    failure: (error) =>
      error instanceof ApiError && error.status === 401 ? ORDER_MESSAGES.loginToView : ORDER_LOAD_FAILED,
    endedSession: 'page',
  });
  return { id: String(id), loaded };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { id } = useParams();
  return <LoadingState title={`Order #${id ?? ''}`} label="Loading your order…" />;
}

/** /track-order/{id}: one of the customer's orders. */
export default function TrackOrderOrderPage({ loaderData }: Route.ComponentProps) {
  return (
    <RouteLoadedView
      loaded={loaderData.loaded}
      missing={<OrderNotFound />}
      failed={(failure) => <OrderUnavailable orderId={loaderData.id} message={failure.message} />}
    >
      {(order) => <LoadedOrder order={order} />}
    </RouteLoadedView>
  );
}

function LoadedOrder({ order }: { order: OrderView }) {
  // Lines of items since deleted have nothing to save.
  const lines = order.items.flatMap((line) =>
    line.item === null ? [] : [{ item: line.item, packs: line.pack_quantity }],
  );
  return (
    <OrderPage
      order={order}
      saveAsList={
        lines.length > 0 ? (
          <AddToList lines={lines} label="Save as list" suggestedName={`Order #${order.id}`} />
        ) : null
      }
    />
  );
}
