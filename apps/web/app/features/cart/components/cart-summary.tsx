import { type CartView as Cart, formatDecimalGbp, PALLET_THRESHOLD_KG } from '@shop/domain';
import { Link } from 'react-router';
import { CartTotalsRows } from '~/features/commerce/components/cart-totals-rows';

/** The cart's totals as the server computed them (spec 2, §2 Cart screen), and the way on. */
export function CartSummary({ cart }: { cart: Cart }) {
  const total = formatDecimalGbp(cart.total);
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
            <th scope="row">Total</th>
            <td>{total}</td>
          </tr>
        </tbody>
      </table>
      {/* Said politely after each change of boxes, once the server's new total is in. */}
      <p className="visually-hidden" aria-live="polite">
        Cart total {total}
      </p>
      {cart.shipping_details.explanation ? (
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
        <Link className="button button--primary" to="/checkout">
          Checkout
        </Link>
      </div>
    </section>
  );
}
