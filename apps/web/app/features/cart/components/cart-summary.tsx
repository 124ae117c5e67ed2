import {
  type CartView as Cart,
  formatGbp,
  formatKg,
  PALLET_THRESHOLD_KG,
  penceFromDecimal,
  shippingLabel,
} from '@shop/domain';
import { Link } from 'react-router';
import { money } from './cart-line-row';

/** FREE, or the charge with the parcels or pallets it pays for (spec 2, §2: count and type). */
const shippingText = (cart: Cart) =>
  shippingLabel(
    penceFromDecimal(cart.shipping_cost),
    cart.shipping_details.parcels_needed,
    cart.shipping_details.parcel_type,
  );

/** The cart's totals as the server computed them (spec 2, §2 Cart screen), and the way on. */
export function CartSummary({ cart }: { cart: Cart }) {
  const discount = penceFromDecimal(cart.discount);
  const total = money(cart.total);
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
          <tr>
            <th scope="row">Subtotal</th>
            <td>{money(cart.subtotal)}</td>
          </tr>
          {discount > 0 ? (
            <tr>
              <th scope="row">Discount</th>
              <td>−{formatGbp(discount)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">VAT ({cart.vat}%)</th>
            <td>{money(cart.vat_amount)}</td>
          </tr>
          <tr>
            <th scope="row">Shipping</th>
            <td>{shippingText(cart)}</td>
          </tr>
          <tr>
            <th scope="row">Weight</th>
            <td>{formatKg(cart.total_weight, 3)}</td>
          </tr>
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
