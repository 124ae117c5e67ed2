import {
  discounted,
  penceFromDecimal,
  penceToDecimal,
  planReorder,
  type CartItemView,
  type PlannedReorderLine,
  type ReorderItem,
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
type Planned = PlannedReorderLine<queries.OrderedLine>;

/** What one pack costs after the buyer's exclusive discount, pence. */
const packPricePence = (pricePence: number, discountPercentage: number) =>
  discounted(pricePence, discountPercentage);

/** The items as the reorder's plan takes them: the tiers and prices read with them decoded. */
const reorderItems = (facts: readonly CartItemFacts[]): ReorderItem[] =>
  facts.map((item) => ({ ...item, pricing: item.tierPrices && tierPricesOf(item.tierPrices) }));

/** A planned line as the answer tells it, with the price its cart line has now. */
function reorderLineAnswer(planned: Planned, views: readonly CartItemView[]): ReorderLine {
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
        const plan = planReorder(cartId, ordered, reorderItems(facts));
        const requests = plan.flatMap((planned) => (planned.request ? [planned.request] : []));
        // The cart service over this transaction: its add runs in a savepoint of it, all or nothing.
        const views = requests.length > 0 ? await createCartsService(tx).addLines(userId, requests) : [];
        return { cartId, lines: plan.map((planned) => reorderLineAnswer(planned, views)) };
      });
      return { cart: await carts.getCart(userId, cartId), lines };
    },
  };
}

export type ReorderService = ReturnType<typeof createReorderService>;
