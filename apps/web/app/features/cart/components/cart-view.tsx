import {
  type CartView as Cart,
  formatGbp,
  formatKg,
  PALLET_THRESHOLD_KG,
  penceFromDecimal,
} from '@shop/domain';
import { Link } from 'react-router';
import { productHref } from '~/lib/navigation';

const money = (decimal: string) => formatGbp(penceFromDecimal(decimal));

/** The cart's lines and its summary (spec 2, §2 Cart screen), as the server computed them. */
export function CartView({ cart }: { cart: Cart }) {
  if (cart.items.length === 0) {
    return (
      <>
        <p className="cart__empty">You have no items.</p>
        <p>
          <Link className="button button--primary" to="/">
            Continue Shopping
          </Link>
        </p>
      </>
    );
  }
  const discount = penceFromDecimal(cart.discount);
  const shipping = penceFromDecimal(cart.shipping_cost);
  return (
    <div className="cart">
      {/* A table wider than the screen scrolls inside this region; keyboard users reach it with Tab
          (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="cart__lines" role="region" aria-label="Items in your cart" tabIndex={0}>
        <table className="cart__table">
          <caption className="visually-hidden">Items in your cart</caption>
          <thead>
            <tr>
              <th scope="col">Image</th>
              <th scope="col">SKU</th>
              <th scope="col">Item</th>
              <th scope="col">Boxes</th>
              <th scope="col">Units</th>
              <th scope="col">Box Price</th>
              <th scope="col">Subtotal</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {cart.items.map((line) => {
              const image = line.item.images[0];
              const product = line.item.product_variant.product;
              return (
                <tr key={line.id}>
                  <td>
                    {image ? (
                      <img
                        src={image.image}
                        alt={image.alt_text || line.item.title}
                        width={48}
                        height={48}
                        loading="lazy"
                        decoding="async"
                      />
                    ) : (
                      <span className="cart__no-image">Image Not Available</span>
                    )}
                  </td>
                  <td>{line.item.sku}</td>
                  <td>
                    <Link to={productHref(product.category.slug, product.slug)}>{line.item.title}</Link>
                  </td>
                  <td className="numeric">
                    {line.pack_quantity}
                    {line.unit_type === 'pallet' ? <span className="cart__tag">pallet price</span> : null}
                  </td>
                  <td className="numeric">{line.pack_quantity * line.item.units_per_pack}</td>
                  <td className="numeric">{money(line.price_per_pack)}</td>
                  <td className="numeric">{money(line.subtotal)}</td>
                  <td className="numeric">
                    {money(line.total)}
                    {line.discount_percentage > 0 ? (
                      <span className="cart__tag cart__tag--discount">−{line.discount_percentage}%</span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
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
              <td>
                {shipping === 0
                  ? 'FREE'
                  : `${formatGbp(shipping)} (${cart.shipping_details.parcels_needed} × ${cart.shipping_details.parcel_type})`}
              </td>
            </tr>
            <tr>
              <th scope="row">Weight</th>
              <td>{formatKg(cart.total_weight, 3)}</td>
            </tr>
            <tr className="summary-table__total">
              <th scope="row">Total</th>
              <td>{money(cart.total)}</td>
            </tr>
          </tbody>
        </table>
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
    </div>
  );
}
