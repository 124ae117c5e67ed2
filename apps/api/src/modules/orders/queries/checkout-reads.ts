// The cart as checkout prices it, and the checkout's hot reads as prepared statements.
import type { DeliveryExtra, DeliveryService, QuoteStatus } from '@shop/domain';
import { and, asc, desc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cartPostcode } from '../../carts/service';
import { reusableStatement } from '../../../db/reusable-statement';
import {
  cartItems,
  carts,
  companyPrices,
  exclusivePrices,
  items,
  payments,
  quotes,
  quoteVersions,
  pricingData,
  productVariants,
  type PackUnit,
} from '../../../db/schema';
import {
  appliedDiscount,
  unlessQuoted,
  basisCanMove,
  companyPriceOn,
  exclusivePriceInForce,
  tierPricesRows,
} from '../../pricing/service';
import type { PaymentRow } from './payments';

/**
 * A cart line as checkout reads it: the item, its stored unit type and tier (the basis of the last write),
 * and what pricing it by the rule takes (spec 2, §4): the variant's units per pallet, how it shows, its
 * tiers and the item's prices. `priceCheckout` prices it for the cart's weight now.
 */
export type CheckoutRow = {
  lineId: number;
  itemId: number;
  sku: string;
  title: string;
  status: 'active' | 'inactive';
  packQuantity: number;
  unitsPerPack: number;
  unitType: PackUnit;
  tierId: number;
  unitsPerPallet: number | null;
  showUnitsPer: PackUnit;
  /** The variant's tiers with the item's prices (`tierPricesRows`), read only when its basis can move. */
  tierPrices: number[][] | null;
  /** The stored tier's price of the item (null when it has none). */
  storedPricePence: number | null;
  discountPercentage: number | null;
  weight: number;
  weightUnit: 'kg' | 'lb' | 'oz' | 'g';
  trackInventory: boolean;
  stock: number;
  /** An accepted quote's price per pack, which no tier or discount changes; null otherwise. */
  quotedPricePence: number | null;
  /** An accepted quote's delivery price, the same on every line; null: the delivery rules price it. */
  quotedDeliveryPence: number | null;
  /** The accepted quote's status and last day (null on the own cart). */
  quoteStatus: QuoteStatus | null;
  quoteExpiresOn: string | null;
  /** The cart's delivery choice, the same on every line. */
  deliveryPostalCode: string | null;
  deliveryService: DeliveryService | null;
  deliveryExtras: DeliveryExtra[];
};

/**
 * The lines of a cart with what pricing, stock and the order's copy need: one joined read. Only the
 * user's own cart has lines here, so a cart id of someone else reads as empty.
 */
export function selectCheckoutLines(db: Db, cartId: number, userId: number): Promise<CheckoutRow[]> {
  // Named, so each connection plans it once, also inside a transaction, and built once.
  return checkoutLinesStatement(db).execute({ cartId, userId }) as Promise<CheckoutRow[]>;
}

const checkoutLinesStatement = reusableStatement((db) =>
  checkoutLinesQuery(db, sql.placeholder('cartId'), sql.placeholder('userId')).prepare('checkout_lines'),
);

function checkoutLinesQuery(db: Db, cartId: number | Placeholder, userId: number | Placeholder) {
  return db
    .select({
      lineId: cartItems.id,
      itemId: items.id,
      sku: items.sku,
      title: items.title,
      status: items.status,
      packQuantity: cartItems.packQuantity,
      unitsPerPack: items.unitsPerPack,
      unitType: cartItems.unitType,
      tierId: cartItems.pricingTierId,
      unitsPerPallet: productVariants.unitsPerPallet,
      showUnitsPer: productVariants.showUnitsPer,
      tierPrices: sql<number[][] | null>`case when ${basisCanMove(productVariants.unitsPerPallet)}
        then ${tierPricesRows(productVariants.id, items.id)} end`,
      storedPricePence: pricingData.pricePence,
      quotedPricePence: cartItems.quotedPricePence,
      discountPercentage: unlessQuoted(
        cartItems.quotedPricePence,
        appliedDiscount(),
        exclusivePrices.discountPercentage,
      ),
      weight: items.weight,
      weightUnit: items.weightUnit,
      trackInventory: items.trackInventory,
      stock: items.stock,
      deliveryPostalCode: cartPostcode(),
      deliveryService: carts.deliveryService,
      deliveryExtras: carts.deliveryExtras,
      quotedDeliveryPence: carts.quotedDeliveryPence,
      // An accepted quote's state and its latest version's expiry: an expired or withdrawn one cannot be paid.
      quoteStatus: sql<QuoteStatus | null>`(select ${quotes.status} from ${quotes} where ${quotes.id} = ${carts.quoteId})`,
      quoteExpiresOn: sql<string | null>`(select ${quoteVersions.expiresOn} from ${quoteVersions}
        join ${quotes} on ${quotes.id} = ${quoteVersions.quoteId} and ${quotes.version} = ${quoteVersions.version}
        where ${quotes.id} = ${carts.quoteId})`,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(items, eq(items.id, cartItems.itemId))
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .leftJoin(
      pricingData,
      and(eq(pricingData.pricingTierId, cartItems.pricingTierId), eq(pricingData.itemId, cartItems.itemId)),
    )
    .leftJoin(
      exclusivePrices,
      and(
        eq(exclusivePrices.userId, carts.userId),
        eq(exclusivePrices.itemId, cartItems.itemId),
        exclusivePriceInForce(),
      ),
    )
    .leftJoin(companyPrices, companyPriceOn(carts.userId, cartItems.itemId))
    .where(and(eq(cartItems.cartId, cartId), eq(carts.userId, userId)))
    .orderBy(asc(cartItems.id));
}

export async function selectOwnCart(db: Db, cartId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.userId, userId)));
  return row !== undefined;
}

/**
 * The checkout's hot reads as named prepared statements: built once, planned once per connection. (Reads
 * inside a transaction must run on its connection, so they use the builders above.)
 */
export type CheckoutReads = ReturnType<typeof prepareCheckoutReads>;

export function prepareCheckoutReads(db: Db) {
  const lines = checkoutLinesQuery(db, sql.placeholder('cartId'), sql.placeholder('userId')).prepare(
    'checkout_lines',
  );
  const newest = db
    .select()
    .from(payments)
    .where(eq(payments.cartId, sql.placeholder('cartId')))
    .orderBy(desc(payments.id))
    .limit(1)
    .prepare('checkout_newest_payment');
  const byProviderId = db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, sql.placeholder('id')))
    .prepare('checkout_payment_by_provider_id');
  return {
    checkoutLines: (cartId: number, userId: number) =>
      lines.execute({ cartId, userId }) as Promise<CheckoutRow[]>,
    newestPayment: async (cartId: number): Promise<PaymentRow | undefined> =>
      (await newest.execute({ cartId }))[0],
    paymentByProviderId: async (id: string): Promise<PaymentRow | undefined> =>
      (await byProviderId.execute({ id }))[0],
  };
}

/** When the accepted quote a cart holds was withdrawn (null: not withdrawn, or no quote). */
export async function selectQuoteWithdrawnAt(db: Db, cartId: number): Promise<Date | null> {
  const [row] = await db
    .select({ withdrawnAt: quotes.withdrawnAt })
    .from(carts)
    .innerJoin(quotes, eq(quotes.id, carts.quoteId))
    .where(eq(carts.id, cartId));
  return row?.withdrawnAt ?? null;
}
