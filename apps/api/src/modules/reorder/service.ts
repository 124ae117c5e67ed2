import {
  discounted,
  penceFromDecimal,
  penceToDecimal,
  priceBasis,
  tierForQuantity,
  weightToKg,
  type CartItemCreate,
  type CartItemView,
  type PackUnit,
  type ReorderLine,
  type ReorderResult,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { NotFound } from '../../http/errors';
import { insertCartIfMissing, selectCartFacts, type CartItemFacts } from '../carts/queries';
import { createCartsService, type CartsService } from '../carts/service';
import { tierPricesOf } from '../pricing/queries';
import * as queries from './queries';

/** What a reorder does with one line of the order, before the cart's own add runs. */
interface Planned {
  ordered: queries.OrderedLine;
  /** Packs to add: 0 when the line is left out. */
  packs: number;
  /** The item as the cart's read found it, when it can be added. */
  item?: CartItemFacts;
  /** Why the line is left out (when `packs` is 0). */
  leftOut?: 'unavailable' | 'out_of_stock';
  /** The cart's add of it, and the unit type the cart's line will have (once its tier is settled). */
  request?: CartItemCreate;
  unitType?: PackUnit;
}

const packKg = (item: CartItemFacts) => weightToKg(item.weight, item.weightUnit);

/** What one pack costs after the buyer's exclusive discount, pence. */
const packPricePence = (pricePence: number, discountPercentage: number) =>
  discounted(pricePence, discountPercentage);

/**
 * How many packs of each line may go back: none of an item deleted or retired (or left out as unpriced);
 * of a tracked item, only the whole packs its stock still covers after what the cart and the order's
 * earlier lines hold (the cart's stock rule).
 */
function packsOf(
  ordered: readonly queries.OrderedLine[],
  byId: ReadonlyMap<number, CartItemFacts>,
  unpriced: ReadonlySet<number>,
): Planned[] {
  const held = new Map<number, number>();
  return ordered.map((line, index) => {
    const item = line.itemId === null ? undefined : byId.get(line.itemId);
    if (!item || item.status !== 'active' || !item.tierPrices || unpriced.has(index)) {
      return { ordered: line, packs: 0, leftOut: 'unavailable' };
    }
    let packs = line.packQuantity;
    if (item.trackInventory) {
      const units =
        held.get(item.id) ?? item.lines.reduce((sum, row) => sum + row.packQuantity * item.unitsPerPack, 0);
      packs = Math.min(packs, Math.floor(Math.max(0, item.stock - units) / item.unitsPerPack));
      held.set(item.id, units + packs * item.unitsPerPack);
    }
    return packs === 0 ? { ordered: line, packs, leftOut: 'out_of_stock' } : { ordered: line, packs, item };
  });
}

/**
 * The lines an order puts back in the cart, by the cart's rules over the facts its locked read
 * gave. Each line's tier is the one the cart's add will settle, on the basis the cart's weight plus the
 * whole request give (summed as the add sums them, so it accepts the tier); a line whose tier has no price,
 * for its packs or with the cart's packs of the item added, is unavailable. Leaving a line out changes the
 * request's weight, hence the basis, so it plans again until no line drops (at most once a line).
 */
function planReorder(cartId: number, ordered: queries.OrderedLine[], facts: CartItemFacts[]): Planned[] {
  const byId = new Map(facts.map((item) => [item.id, item]));
  // Tiers and prices come only with the items the order names (packsOf leaves out those without).
  const pricing = new Map(facts.map((item) => [item.id, tierPricesOf(item.tierPrices ?? [])]));
  const cartKg = facts
    .flatMap((item) => item.lines.map((line) => ({ id: line.id, kg: line.packQuantity * packKg(item) })))
    .sort((a, b) => a.id - b.id)
    .reduce((sum, line) => sum + line.kg, 0);
  const unpriced = new Set<number>();
  for (;;) {
    const plan = packsOf(ordered, byId, unpriced);
    const requestKg = plan.reduce(
      (sum, planned) => sum + (planned.item ? planned.packs * packKg(planned.item) : 0),
      0,
    );
    // Packs of each item and unit type in the cart once the lines before have been added.
    const merged = new Map<string, number>();
    let dropped = false;
    for (const [index, planned] of plan.entries()) {
      const { item } = planned;
      if (!item) continue;
      const { tiers, prices } = pricing.get(item.id)!;
      // The order line's unit type was the basis then; today's is the cart's weight's (spec 2, §4).
      const basis = priceBasis(
        { units_per_pallet: item.unitsPerPallet, show_units_per: item.showUnitsPer },
        cartKg,
        requestKg,
      );
      const settle = (packs: number) => {
        const settled = tierForQuantity(tiers, basis, packs, item.unitsPerPack, item.unitsPerPallet);
        return settled && prices.has(settled.tier.id) ? settled : null;
      };
      const own = settle(planned.packs);
      const key = `${item.id}:${own?.unitType}`;
      const before =
        merged.get(key) ?? item.lines.find((row) => row.unitType === own?.unitType)?.packQuantity ?? 0;
      if (!own || (before > 0 && !settle(before + planned.packs))) {
        unpriced.add(index);
        dropped = true;
        continue;
      }
      merged.set(key, before + planned.packs);
      planned.unitType = own.unitType;
      planned.request = {
        cart: cartId,
        item: item.id,
        pricing_tier: own.tier.id,
        pack_quantity: planned.packs,
        unit_type: own.unitType,
        user_exclusive_price: item.exclusivePriceId,
      };
    }
    if (!dropped) return plan;
  }
}

/** A planned line as the answer tells it, with the price its cart line has now. */
function answerOf(planned: Planned, views: readonly CartItemView[]): ReorderLine {
  const { ordered } = planned;
  const oldPence = packPricePence(ordered.pricePerPackPence, ordered.discountPercentage);
  const line = {
    sku: ordered.sku,
    title: ordered.title,
    packs_ordered: ordered.packQuantity,
    packs_added: planned.packs,
    old_price_per_pack: penceToDecimal(oldPence),
  };
  if (planned.leftOut) return { ...line, outcome: planned.leftOut, new_price_per_pack: null };
  const ofItem = views.filter((view) => view.item.id === ordered.itemId);
  const view = ofItem.find((row) => row.unit_type === planned.unitType) ?? ofItem[0]!;
  const newPence = packPricePence(penceFromDecimal(view.price_per_pack), view.discount_percentage);
  const outcome =
    planned.packs < ordered.packQuantity ? 'clamped' : newPence !== oldPence ? 'price_changed' : 'added';
  return { ...line, outcome, new_price_per_pack: penceToDecimal(newPence) };
}

/** The user's cart, locked for this transaction; made first when they have none. */
async function lockOrMakeCart(tx: Db, userId: number): Promise<number> {
  const cartId = await queries.lockCartOfUser(tx, userId);
  if (cartId !== null) return cartId;
  await insertCartIfMissing(tx, userId);
  return (await queries.lockCartOfUser(tx, userId))!;
}

export function createReorderService(db: Db, carts: CartsService) {
  const orderLines = queries.prepareOwnOrderLines(db);

  return {
    /**
     * POST orders/{id}/reorder/: puts the lines of one of the user's orders back in their cart at
     * today's prices, all in one transaction holding the cart's row lock. The lines that can be added go
     * through the cart's own add (POST cart-items/: its tier, exclusive price, stock and merge rules, and its
     * write), in this transaction; the others are reported. Answers the cart and each line's outcome.
     */
    async reorder(userId: number, orderId: number): Promise<ReorderResult> {
      const ordered = await orderLines(orderId, userId);
      if (ordered.length === 0) throw new NotFound();
      const itemIds = [...new Set(ordered.flatMap((line) => (line.itemId === null ? [] : [line.itemId])))];

      const { cartId, lines } = await db.transaction(async (tx) => {
        const cartId = await lockOrMakeCart(tx, userId);
        const facts = await selectCartFacts(tx, cartId, userId, itemIds);
        const plan = planReorder(cartId, ordered, facts);
        const requests = plan.flatMap((planned) => (planned.request ? [planned.request] : []));
        // The cart service over this transaction: its add runs in a savepoint of it, all or nothing.
        const views = requests.length > 0 ? await createCartsService(tx).addLines(userId, requests) : [];
        return { cartId, lines: plan.map((planned) => answerOf(planned, views)) };
      });
      return { cart: await carts.getCart(userId, cartId), lines };
    },
  };
}

export type ReorderService = ReturnType<typeof createReorderService>;
