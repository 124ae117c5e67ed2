import { CHECKOUT_MESSAGES } from '@shop/domain';
import type { Route } from './+types/checkout';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { loadCheckout } from '~/features/checkout/api/load-checkout';
import { CheckoutLoadFailed, CheckoutView } from '~/features/checkout/components/checkout-view';
import { requireAccessToken } from '~/lib/guards';
import { idParam } from '~/lib/route-id';
import { NOT_AN_ID, routeLoad, RouteLoadedView } from '~/lib/route-load';
import { pageMeta } from '~/lib/seo';
import '~/styles/checkout.css';

const TITLE = 'Checkout';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Pay for your PackRight Supplies order.', noIndex: true });

/**
 * The cart `?cart=` names (an accepted quote's), null without one. A value that is not a cart id
 * is kept as 0, which no cart has: the page fails to load rather than quietly paying the buyer's own cart.
 */
function cartParam(request: Request): number | null {
  const value = new URL(request.url).searchParams.get('cart');
  return value === null ? null : (idParam(value) ?? 0);
}

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const cartId = cartParam(request);
  if (cartId === 0) return NOT_AN_ID;
  return routeLoad(request, () => loadCheckout(request.signal, cartId), {
    failure: () => CHECKOUT_MESSAGES.loadFailed,
  });
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your order…" />;
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={TITLE}>
      <RouteLoadedView loaded={loaderData} failed={() => <CheckoutLoadFailed />}>
        {(data) => <CheckoutView data={data} />}
      </RouteLoadedView>
    </SimplePage>
  );
}
