import {
  ukDeliveryDay,
  deliveryQuote,
  orderByLabel,
  penceToDecimal,
  type CartDeliveryUpdate,
  type CartView,
  type DeliveryOptionsView,
  type DeliveryPromiseView,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { Invalid, NotFound } from '../../http/errors';
import { selectOwnCart, updateCartDelivery } from '../carts/service';
import type { CartsService } from '../carts/service';
import { priceCheckout } from '../orders/checkout-pricing';
import { selectCheckoutLines } from '../orders/service';
import { selectPricingSettings } from '../settings/service';
import { optionView } from './views';

/** A nominal parcel: the product page's promise is for a mainland parcel, whose dates do not depend on its load. */
const ONE_PARCEL = { lines: 1, weight_kg: 1, goods_pence: 0 };

/**
 * The delivery promise as the storefront asks for it: the options for a cart and a postcode, the
 * product page's promise for a postcode, and the cart's choice. Every price and date is the domain rule's
 * (`deliveryQuote`), computed here from the server's own cart and settings.
 */
export function createDeliveryService(db: Db, carts: CartsService) {
  /** The user's cart's lines, priced; 404 when the cart is not theirs. */
  async function ownLines(userId: number, cartId: number) {
    const [lines, settings] = await Promise.all([
      selectCheckoutLines(db, cartId, userId),
      selectPricingSettings(db),
    ]);
    // Lines are read only from the user's own cart: none may mean an empty cart of theirs, or not theirs.
    if (lines.length === 0 && (await selectOwnCart(db, cartId, userId)) === null) throw new NotFound();
    return { lines, ...settings };
  }

  return {
    /**
     * POST ecommerce/delivery-options/: every service that reaches the postcode for this cart, cheapest first,
     * with its price before VAT, the promised day and the cut-off to order by; or, for a zone not served
     * online, no options and the reason. Two statements, run together.
     */
    async options(
      userId: number,
      cartId: number,
      postalCode: string,
      now: Date = new Date(),
    ): Promise<DeliveryOptionsView> {
      const { lines, vatRate, rules } = await ownLines(userId, cartId);
      const { quote } = priceCheckout(lines, vatRate, rules, { postal_code: postalCode }, now).delivery;
      if (quote.reason !== null) return { options: [], reason: quote.reason, zone: quote.zone };
      return quote.options.map(optionView);
    },

    /**
     * GET ecommerce/delivery-promise/: the product page's line for a parcel to a postcode (none: the
     * mainland), which the page counts down in the browser each minute, and what delivery there costs: a
     * parcel's price and when parcels go free, and a pallet's by its cheapest service, each priced by the
     * same rule the cart charges (`deliveryQuote`) for one parcel and one pallet. One statement (the settings).
     */
    async promise(postalCode: string | null, now: Date = new Date()): Promise<DeliveryPromiseView> {
      const { rules } = await selectPricingSettings(db);
      const quote = deliveryQuote(ONE_PARCEL, postalCode, now, rules);
      const parcel = quote.options.find((option) => option.service === 'parcel');
      const palletLoad = { lines: 1, weight_kg: rules.shipping.pallet_from_weight_kg, goods_pence: 0 };
      const pallet = deliveryQuote(palletLoad, postalCode, now, rules).options[0];
      const base = {
        postal_code: quote.postal_code,
        zone: quote.zone,
        zone_label: quote.zone_label,
        parcel_price: parcel ? penceToDecimal(parcel.price_pence / parcel.units) : null,
        parcel_max_weight_kg: rules.shipping.parcel_max_weight_kg,
        free_over:
          parcel && rules.delivery.zones[quote.zone].parcel.free_threshold
            ? penceToDecimal(rules.shipping.free_over_net_pence)
            : null,
        pallet_price: pallet ? penceToDecimal(pallet.price_pence / pallet.units) : null,
        pallet_from_weight_kg: rules.shipping.pallet_from_weight_kg,
      };
      if (!parcel) {
        return {
          ...base,
          reason: quote.reason,
          delivery_date: null,
          delivery_date_label: null,
          order_by: null,
          order_by_label: null,
        };
      }
      return {
        ...base,
        reason: null,
        delivery_date: parcel.delivery_date,
        delivery_date_label: ukDeliveryDay(parcel.delivery_date),
        order_by: parcel.order_by,
        order_by_label: orderByLabel(parcel.order_by),
      };
    },

    /**
     * PATCH ecommerce/carts/{id}/: where the cart goes (a postcode, or null for the mainland estimate) and how
     * (a service, null for the cheapest, and a pallet's extras). A service or extra named here that this cart
     * cannot have for its postcode is refused (400). A postcode in a zone not served is kept and the cart says
     * why; so is a new postcode the cart's earlier choice does not reach (the cart charges the cheapest and
     * says why, as it does when its lines change). Only the keys given are written.
     */
    async choose(
      userId: number,
      cartId: number,
      body: CartDeliveryUpdate,
      now: Date = new Date(),
    ): Promise<CartView> {
      const { lines, vatRate, rules } = await ownLines(userId, cartId);
      const stored = lines[0];
      const named = body.delivery_service !== undefined || body.delivery_extras !== undefined;
      const postalCode =
        body.postal_code !== undefined ? body.postal_code : (stored?.deliveryPostalCode ?? null);
      const service =
        body.delivery_service !== undefined ? body.delivery_service : (stored?.deliveryService ?? null);
      const extras =
        body.delivery_extras ?? (body.delivery_service !== undefined ? [] : (stored?.deliveryExtras ?? []));
      if (named && lines.length > 0 && (service !== null || extras.length > 0)) {
        const { choice } = priceCheckout(
          lines,
          vatRate,
          rules,
          { postal_code: postalCode, service, extras, strict: true },
          now,
        ).delivery;
        if (choice && !choice.ok && choice.field !== 'shipping_address') {
          throw new Invalid({ [choice.field]: [choice.message] });
        }
      }
      // An empty cart's rows say nothing of its stored choice: keys not given are left as they are.
      await updateCartDelivery(db, cartId, {
        ...(body.postal_code !== undefined ? { deliveryPostalCode: postalCode } : {}),
        ...(body.delivery_service !== undefined ? { deliveryService: service } : {}),
        ...(named ? { deliveryExtras: extras } : {}),
      });
      return carts.getCart(userId, cartId);
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
