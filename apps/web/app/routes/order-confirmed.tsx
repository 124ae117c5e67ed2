import { ORDER_MESSAGES } from '@shop/domain';
import { replace } from 'react-router';
import type { Route } from './+types/order-confirmed';
import { LoadingState } from '~/components/ui/loading-state';
import { findOrderByPayment } from '~/features/orders/api/find-order-by-payment';
import { getOrder } from '~/features/orders/api/get-order';
import { OrderConfirmation, PaymentAwaited } from '~/features/orders/components/order-confirmation';
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

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: 'Order confirmed', description: 'Your PackRight Supplies order.', noIndex: true });

const failure = (error: unknown) =>
  error instanceof ApiError && error.status === 401 ? ORDER_MESSAGES.loginToView : ORDER_LOAD_FAILED;

/**
 * /order-confirmed/{id}: the confirmation of one of the customer's own orders, read from the server each
 * time (a reload shows it again; someone else's order is not found). /order-confirmed?payment_intent=… is
 * where the card provider returns after a payment taken on its own page: the order that payment made, once
 * its webhook has made it.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  if (params.id === undefined) {
    const url = new URL(request.url);
    const payment = url.searchParams.get('payment_intent');
    const redirectStatus = url.searchParams.get('redirect_status');
    if (!payment) return { id: '', loaded: NOT_AN_ID, redirectStatus };
    const found = await routeLoad(request, () => findOrderByPayment(payment, request.signal), {
      failure,
      endedSession: 'page',
    });
    if (found.state === 'loaded' && found.data) throw replace(`/order-confirmed/${found.data.id}`);
    if (found.state === 'failed') return { id: '', loaded: found, redirectStatus };
    return { id: '', loaded: null, redirectStatus };
  }
  const id = idParam(params.id);
  if (id === null) return { id: '', loaded: NOT_AN_ID, redirectStatus: null };
  const loaded = await routeLoad(request, () => getOrder(id, request.signal), {
    failure,
    endedSession: 'page',
  });
  return { id: String(id), loaded, redirectStatus: null };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title="Order confirmed" label="Loading your order…" />;
}

export default function OrderConfirmedPage({ loaderData }: Route.ComponentProps) {
  const { loaded, id, redirectStatus } = loaderData;
  if (loaded === null) return <PaymentAwaited redirectStatus={redirectStatus} />;
  return (
    <RouteLoadedView
      loaded={loaded}
      missing={<OrderNotFound />}
      failed={(failed) => <OrderUnavailable orderId={id} message={failed.message} />}
    >
      {(order) =>
        // A colleague's order that an administrator may open is theirs to track, not to be thanked for.
        order.placed_by_you !== false ? <OrderConfirmation order={order} /> : <OrderNotFound />
      }
    </RouteLoadedView>
  );
}
