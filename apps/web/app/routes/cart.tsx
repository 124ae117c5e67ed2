import type { CartView as Cart } from '@shop/domain';
import type { Route } from './+types/cart';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { Toasts } from '~/components/ui/toasts';
import { fetchCurrentCart } from '~/features/cart/api';
import { QUOTE_REQUEST_ANCHOR } from '~/features/cart/components/cart-summary';
import { CartView } from '~/features/cart/components/cart-view';
import { QuoteRequestSection } from '~/features/quotes/components/quote-request-section';
import { AddToList } from '~/features/lists/components/add-to-list';
import { getAccessToken } from '~/lib/session';
import { pageMeta } from '~/lib/seo';
import '~/styles/cart.css';
import '~/styles/quotes.css';

const TITLE = 'Cart';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: TITLE,
    description: 'The packaging supplies in your PackRight Supplies cart.',
    noIndex: true,
  });

type CartState = { state: 'anonymous' } | { state: 'loaded'; cart: Cart | null };

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<CartState> {
  if (getAccessToken() === null) return { state: 'anonymous' };
  try {
    return { state: 'loaded', cart: await fetchCurrentCart(request.signal) };
  } catch {
    // Spec 2, §4: a failure to fetch cart data resets weight and items silently.
    return { state: 'loaded', cart: null };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your cart…" />;
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={TITLE}>
      <Toasts />
      {loaderData.state === 'anonymous' ? (
        <p>Please login to see your items in the cart.</p>
      ) : loaderData.cart ? (
        <>
          <CartView cart={loaderData.cart} />
          {loaderData.cart.items.length > 0 ? (
            <div className="cart__save">
              <AddToList
                lines={loaderData.cart.items.flatMap((line) =>
                  // A line without its item has nothing to save (spec 2, §8 Cart).
                  line.item ? [{ item: line.item.id, packs: line.pack_quantity }] : [],
                )}
              />
            </div>
          ) : null}
          {/* A signed-in buyer may send the cart's lines to be priced; the cart stays as it is. */}
          {loaderData.cart.items.length > 0 && !loaderData.cart.quote ? (
            <QuoteRequestSection cartId={loaderData.cart.id} anchor={QUOTE_REQUEST_ANCHOR} />
          ) : null}
        </>
      ) : (
        <p className="cart__empty">You have no items.</p>
      )}
    </SimplePage>
  );
}
