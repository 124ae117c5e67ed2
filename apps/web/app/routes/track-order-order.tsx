import { ORDER_MESSAGES } from '@shop/domain';
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
import { ApiError, isAbortError } from '~/lib/api-client';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';
import '~/styles/orders.css';

/** The order's number as the API takes it (a PostgreSQL integer), or null. */
function orderIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export const meta: Route.MetaFunction = ({ params }) => {
  const id = orderIdOf(params.id);
  return pageMeta({
    title: id === null ? 'Order not found' : `Order #${id}`,
    description: 'One of your PackRight Supplies orders.',
    noIndex: true,
  });
};

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const id = orderIdOf(params.id);
  if (id === null) return { state: 'missing' as const };
  try {
    return { state: 'loaded' as const, order: await getOrder(id, request.signal) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (error instanceof ApiError && error.status === 404) return { state: 'missing' as const };
    const message =
      error instanceof ApiError && error.status === 401 ? ORDER_MESSAGES.loginToView : ORDER_LOAD_FAILED;
    return { state: 'failed' as const, id: String(id), message };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { id } = useParams();
  return <LoadingState title={`Order #${id ?? ''}`} label="Loading your order…" />;
}

/** /track-order/{id}: one of the customer's orders. */
export default function TrackOrderOrderPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'missing') return <OrderNotFound />;
  if (loaderData.state === 'failed')
    return <OrderUnavailable orderId={loaderData.id} message={loaderData.message} />;
  const { order } = loaderData;
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
