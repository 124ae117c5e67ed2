import { type CartView, formatDecimalGbp } from '@shop/domain';
import { Link } from 'react-router';
import { CartTotalsRows } from '~/features/commerce/components/cart-totals-rows';

/** The lines' headings, and each figure's label where a line is a card (a phone's width, checkout.css). */
const COLUMNS = { sku: 'SKU', item: 'Item', boxes: 'Boxes', total: 'Total' } as const;

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
      <table className="order-summary__lines card-rows">
        <caption className="visually-hidden">Items in your order</caption>
        <thead>
          <tr>
            <th scope="col">{COLUMNS.sku}</th>
            <th scope="col">{COLUMNS.item}</th>
            <th scope="col" className="numeric">
              {COLUMNS.boxes}
            </th>
            <th scope="col" className="numeric">
              {COLUMNS.total}
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.items.map((line) => (
            <tr key={line.id} className="order-summary__line">
              <td className="order-summary__sku" data-label={COLUMNS.sku}>
                {line.item.sku}
              </td>
              <td className="order-summary__item">{line.item.title}</td>
              <td className="order-summary__boxes numeric" data-label={COLUMNS.boxes}>
                {line.pack_quantity}
              </td>
              <td className="order-summary__total numeric" data-label={COLUMNS.total}>
                {formatDecimalGbp(line.total)}
              </td>
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
            <td>{formatDecimalGbp(cart.total)}</td>
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
        {/* A quote's lines are fixed: the way back is to the quote, not to a cart to edit. */}
        {cart.quote ? (
          <Link to={`/account/quotes/${cart.quote.id}`}>Back to quote {cart.quote.number}</Link>
        ) : (
          <Link to="/cart">Edit cart</Link>
        )}
      </p>
    </aside>
  );
}
