import type { Route } from './+types/checkout';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { loadCheckout } from '~/features/checkout/api/load-checkout';
import { CheckoutLoadFailed, CheckoutView } from '~/features/checkout/components/checkout-view';
import { isAbortError } from '~/lib/api-client';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';
import '~/styles/checkout.css';

const TITLE = 'Checkout';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Pay for your PackRight Supplies order.', noIndex: true });

/**
 * The cart `?cart=` names (an accepted quote's, issue 24), null without one. A value that is not a cart id
 * is kept as 0, which no cart has: the page fails to load rather than quietly paying the buyer's own cart.
 */
function cartParam(request: Request): number | null {
  const value = new URL(request.url).searchParams.get('cart');
  if (value === null) return null;
  const id = /^\d{1,10}$/.test(value) ? Number(value) : 0;
  return id >= 1 && id <= 2_147_483_647 ? id : 0;
}

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  try {
    const cartId = cartParam(request);
    if (cartId === 0) return { state: 'failed' as const };
    return { state: 'loaded' as const, data: await loadCheckout(request.signal, cartId) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    // A session that ended while loading (the refresh failed) goes to the login page like a visitor.
    requireAccessToken(request);
    return { state: 'failed' as const };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your order…" />;
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={TITLE}>
      {loaderData.state === 'loaded' ? <CheckoutView data={loaderData.data} /> : <CheckoutLoadFailed />}
    </SimplePage>
  );
}
