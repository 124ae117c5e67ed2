import {
  type CartView,
  EXTRA_LABELS,
  formatDecimalGbp,
  formatGbp,
  formatKg,
  penceFromDecimal,
  shippingLabel,
  ukDeliveryDay,
} from '@shop/domain';

/**
 * Why no delivery service reaches where the cart goes (a zone not served online, such as the Isle of Man), or
 * null when one does: the cart then has no delivery price, and cannot go to checkout.
 */
export function undeliverableReason(cart: CartView): string | null {
  if (cart.items.length === 0 || !cart.delivery || cart.delivery.service !== null) return null;
  return cart.delivery.reason ?? cart.shipping_details.explanation;
}

/** 'Pallet, next day + Tail lift (no forklift on site), arrives Friday 28 November'. */
function deliveryLine(delivery: NonNullable<CartView['delivery']>): string | null {
  if (!delivery.label || !delivery.delivery_date) return null;
  const extras = delivery.extras.map((code) => ` + ${EXTRA_LABELS[code]}`).join('');
  return `${delivery.label}${extras}, arrives ${ukDeliveryDay(delivery.delivery_date)}`;
}

/**
 * The rows the cart page and the checkout summary share (spec 2, §2): subtotal, the discount only when above
 * 0, shipping (FREE or the parcels or pallets; none where no service reaches), the delivery service and its
 * day, then VAT with its rate (after shipping, since VAT is charged on the delivery too, DESIGN §4.5), and
 * the weight, to 3 decimals on the cart page and 1 at checkout (§9). Then each adds its Total row.
 */
export function CartTotalsRows({ cart, weightDecimals }: { cart: CartView; weightDecimals: 1 | 3 }) {
  const discount = penceFromDecimal(cart.discount);
  const delivery = cart.delivery ? deliveryLine(cart.delivery) : null;
  const undeliverable = undeliverableReason(cart) !== null;
  return (
    <>
      <tr>
        <th scope="row">Subtotal</th>
        <td>{formatDecimalGbp(cart.subtotal)}</td>
      </tr>
      {discount > 0 ? (
        <tr>
          <th scope="row">Discount</th>
          <td>−{formatGbp(discount)}</td>
        </tr>
      ) : null}
      <tr>
        <th scope="row">Shipping</th>
        <td>
          {undeliverable
            ? 'Not available online'
            : shippingLabel(
                penceFromDecimal(cart.shipping_cost),
                cart.shipping_details.parcels_needed,
                cart.shipping_details.parcel_type,
              )}
        </td>
      </tr>
      {delivery ? (
        <tr>
          <th scope="row">Delivery</th>
          <td>{delivery}</td>
        </tr>
      ) : null}
      <tr>
        <th scope="row">VAT ({cart.vat}%)</th>
        <td>{formatDecimalGbp(cart.vat_amount)}</td>
      </tr>
      <tr>
        <th scope="row">Weight</th>
        <td>{formatKg(cart.total_weight, weightDecimals)}</td>
      </tr>
    </>
  );
}
