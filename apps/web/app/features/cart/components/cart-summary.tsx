import { type CartView as Cart, formatDecimalGbp, PALLET_THRESHOLD_KG } from '@shop/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { CartTotalsRows, undeliverableReason } from '~/features/commerce/components/cart-totals-rows';

/** Where the cart page's request for quote is (the route puts it below the cart, for the buyer's own cart). */
export const QUOTE_REQUEST_ANCHOR = 'request-quote';

/**
 * The cart's totals as the server computed them (spec 2, §2 Cart screen), and the way on. Where no delivery
 * service reaches the cart's postcode, there is no delivery price and no checkout: the reason, and the way to
 * ask for a quote instead (the cart's own request, or the contact page for a quote's cart).
 */
export function CartSummary({ cart }: { cart: Cart }) {
  const id = useId();
  const total = formatDecimalGbp(cart.total);
  const undeliverable = undeliverableReason(cart);
  return (
    <section className="cart__summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">Summary</h2>
      <table className="summary-table">
        <tbody>
          <tr>
            <th scope="row">Total Items</th>
            <td>{cart.items.length}</td>
          </tr>
          <tr>
            <th scope="row">Total Boxes</th>
            <td>{cart.total_packs}</td>
          </tr>
          <CartTotalsRows cart={cart} weightDecimals={3} />
          <tr className="summary-table__total">
            <th scope="row">{undeliverable ? 'Total before delivery' : 'Total'}</th>
            <td>{total}</td>
          </tr>
        </tbody>
      </table>
      {/* Where the free-delivery threshold applies to the address: the server's own figure, before VAT. */}
      {cart.delivery?.free_delivery_shortfall && !undeliverable ? (
        <p className="cart__nudge">
          Add {formatDecimalGbp(cart.delivery.free_delivery_shortfall)} for free delivery
        </p>
      ) : null}
      {/* Said politely after each change of boxes, once the server's new total is in. */}
      <p className="visually-hidden" aria-live="polite">
        Cart total {total}
      </p>
      {/* Where no service reaches, the reason is said once, beside the disabled Checkout. */}
      {cart.shipping_details.explanation && !undeliverable ? (
        <p className="cart__explanation">{cart.shipping_details.explanation}</p>
      ) : null}
      {cart.total_weight >= PALLET_THRESHOLD_KG ? (
        <p className="notice">
          Your cart weighs {PALLET_THRESHOLD_KG} kg or more, so pallet prices apply where a product offers
          them.
        </p>
      ) : null}
      <div className="cart__actions">
        <Link className="button" to="/">
          Continue Shopping
        </Link>
        {undeliverable ? (
          <button type="button" className="button button--primary" disabled aria-describedby={`${id}-why`}>
            Checkout
          </button>
        ) : (
          <Link className="button button--primary" to="/checkout">
            Checkout
          </Link>
        )}
      </div>
      {undeliverable ? (
        <p id={`${id}-why`} className="notice cart__undeliverable">
          {undeliverable} Enter another delivery postcode, or{' '}
          {cart.quote ? (
            <Link to="/contact">ask us for a quote</Link>
          ) : (
            <a href={`#${QUOTE_REQUEST_ANCHOR}`}>request a quote for this cart</a>
          )}
          .
        </p>
      ) : null}
    </section>
  );
}
