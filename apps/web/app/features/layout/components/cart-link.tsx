import { useEffect } from 'react';
import { Link } from 'react-router';
import { CartIcon } from '~/components/ui/icons';
import { fetchCurrentCart, useCartCount } from '~/lib/current-cart';
import { useIsLoggedIn } from '~/lib/use-session';

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * The header's cart link with the number of lines in the cart. That depends on the login, so it appears
 * after hydration and only for a customer, in a badge laid over the icon's corner: nothing moves when it
 * comes. The number is read once per visit here, then follows every read of the cart (see current-cart).
 */
export function CartLink() {
  const loggedIn = useIsLoggedIn();
  const known = useCartCount();
  const count = loggedIn ? known : null;

  useEffect(() => {
    // The header is no reason to report a failure: the link simply shows no number.
    if (loggedIn && known === null) fetchCurrentCart().catch(() => undefined);
  }, [loggedIn, known]);

  return (
    <Link
      to="/cart"
      className="icon-button cart-link"
      aria-label={count === null ? 'Cart' : `Cart, ${items(count)}`}
    >
      <CartIcon />
      <span className="cart-link__count" aria-hidden="true">
        {count === null || count === 0 ? '' : count}
      </span>
    </Link>
  );
}
