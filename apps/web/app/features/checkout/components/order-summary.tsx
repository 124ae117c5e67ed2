import { type CartView, formatGbp, penceFromDecimal } from '@shop/domain';
import { Link } from 'react-router';
import { CartTotalsRows } from '~/components/ui/cart-totals-rows';

const money = (decimal: string) => formatGbp(penceFromDecimal(decimal));

interface OrderSummaryProps {
  cart: CartView;
  /** The server's word on the cart when it refused the order. */
  error?: string;
}

/** The cart beside the checkout form: its lines and the server's totals (spec 2, §2 and §9). */
export function OrderSummary({ cart, error }: OrderSummaryProps) {
  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-summary__title">
        Order summary
      </h2>
      <table className="order-summary__lines">
        <caption className="visually-hidden">Items in your order</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Item</th>
            <th scope="col" className="numeric">
              Boxes
            </th>
            <th scope="col" className="numeric">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.items.map((line) => (
            <tr key={line.id}>
              <td className="order-summary__sku">{line.item.sku}</td>
              <td>{line.item.title}</td>
              <td className="numeric">{line.pack_quantity}</td>
              <td className="numeric">{money(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="summary-table">
        <caption className="visually-hidden">Order totals</caption>
        <tbody>
          <CartTotalsRows cart={cart} weightDecimals={1} />
          <tr className="summary-table__total">
            <th scope="row">Total</th>
            <td>{money(cart.total)}</td>
          </tr>
        </tbody>
      </table>
      {cart.shipping_details.explanation ? (
        <p className="order-summary__note">{cart.shipping_details.explanation}</p>
      ) : null}
      <p className="field-error" role="alert">
        {error}
      </p>
      <p className="order-summary__edit">
        <Link to="/cart">Edit cart</Link>
      </p>
    </aside>
  );
}
