import { ukDeliveryDay } from '@shop/domain';
import type { OrderDeliveryView } from '@shop/domain';

/**
 * The delivery promised when the order was made: the day it is due, the service and its extras,
 * where it goes when that is off the mainland, and the day it leaves the warehouse.
 */
export function OrderDelivery({ delivery }: { delivery: OrderDeliveryView }) {
  return (
    <div className="order-delivery">
      <p className="order-delivery__date">
        Delivery by <time dateTime={delivery.delivery_date}>{ukDeliveryDay(delivery.delivery_date)}</time>
      </p>
      <p className="order-delivery__service">
        {delivery.label}
        {delivery.zone === 'mainland' ? null : (
          <span className="order-delivery__zone"> to {delivery.zone_label}</span>
        )}
      </p>
      {delivery.extras.length > 0 ? (
        <ul className="order-delivery__extras" aria-label="Delivery extras">
          {delivery.extras.map((extra) => (
            <li key={extra.code}>{extra.label}</li>
          ))}
        </ul>
      ) : null}
      <p className="order-delivery__dispatch">
        Leaves our warehouse by{' '}
        <time dateTime={delivery.dispatch_by}>{ukDeliveryDay(delivery.dispatch_by)}</time>
      </p>
    </div>
  );
}
