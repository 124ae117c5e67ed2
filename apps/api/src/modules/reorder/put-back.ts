import {
  discounted,
  penceFromDecimal,
  penceToDecimal,
  planReorder,
  type CartItemView,
  type PlannedReorderLine,
  type ReorderedLine,
  type ReorderItem,
  type ReorderLine,
  type ReorderResult,
} from '@shop/domain';
import type { Db } from '../../db/client';
import {
  createCartsService,
  insertCartIfMissing,
  selectCartFacts,
  type CartItemFacts,
  type CartsService,
} from '../carts/service';
import { tierPricesOf } from '../pricing/service';
import * as queries from './queries';

/**
 * A line to put back in the cart: the item (null once deleted) and packs, its words for the answer, and what
 * one pack cost the buyer then, after their exclusive discount (an order's line, a saved list's line).
 */
export interface LineToPutBack extends ReorderedLine {
  sku: string;
  title: string;
  oldPricePence: number;
}

/** What became of the lines: the cart they went to and each line's outcome, in the lines' order. */
export interface PutBack {
  cartId: number;
  lines: ReorderLine[];
}

/** The items as the reorder's plan takes them: the tiers and prices read with them decoded. */
const reorderItems = (facts: readonly CartItemFacts[]): ReorderItem[] =>
  facts.map((item) => ({ ...item, pricing: item.tierPrices && tierPricesOf(item.tierPrices) }));

/** A planned line as the answer tells it, with the price its cart line has now (after the buyer's discount). */
function lineAnswer(planned: PlannedReorderLine<LineToPutBack>, views: readonly CartItemView[]): ReorderLine {
  const { ordered } = planned;
  const line = {
    sku: ordered.sku,
    title: ordered.title,
    packs_ordered: ordered.packQuantity,
    packs_added: planned.packs,
    old_price_per_pack: penceToDecimal(ordered.oldPricePence),
  };
  if (planned.leftOut) return { ...line, outcome: planned.leftOut, new_price_per_pack: null };
  const ofItem = views.filter((view) => view.item.id === ordered.itemId);
  const view = ofItem.find((row) => row.unit_type === planned.unitType) ?? ofItem[0]!;
  const newPence = discounted(penceFromDecimal(view.price_per_pack), view.discount_percentage);
  const outcome =
    planned.packs < ordered.packQuantity
      ? 'clamped'
      : newPence !== ordered.oldPricePence
        ? 'price_changed'
        : 'added';
  return { ...line, outcome, new_price_per_pack: penceToDecimal(newPence) };
}

/** The user's cart, locked for this transaction; made first when they have none. */
async function lockOrMakeCart(tx: Db, userId: number): Promise<number> {
  const cartId = await queries.lockCartOfUser(tx, userId);
  if (cartId !== null) return cartId;
  await insertCartIfMissing(tx, userId);
  return (await queries.lockCartOfUser(tx, userId))!;
}

/**
 * Puts lines back in the user's cart at today's prices, in the caller's transaction `tx`, holding the cart's
 * row lock (the cart is made when they have none). The lines that can be added go through the cart's own add
 * (POST cart-items/: its tier, exclusive price, stock and merge rules, and its write) in a savepoint of `tx`,
 * all or none; the others are reported: deleted, retired or unpriced items as unavailable, items whose stock
 * covers no pack as out of stock, fewer packs than asked as clamped. The reorder and a saved list's
 * add-to-cart both come here.
 */
export async function putBackInCart(
  tx: Db,
  userId: number,
  lines: readonly LineToPutBack[],
): Promise<PutBack> {
  const itemIds = [...new Set(lines.flatMap((line) => (line.itemId === null ? [] : [line.itemId])))];
  const cartId = await lockOrMakeCart(tx, userId);
  const facts = await selectCartFacts(tx, cartId, userId, itemIds);
  const plan = planReorder(cartId, lines, reorderItems(facts));
  const requests = plan.flatMap((planned) => (planned.request ? [planned.request] : []));
  // The cart service over this transaction: its add runs in a savepoint of it, all or nothing.
  const views = requests.length > 0 ? await createCartsService(tx).addLines(userId, requests) : [];
  return { cartId, lines: plan.map((planned) => lineAnswer(planned, views)) };
}

/**
 * Puts an order's lines (a placed order's, or a held one's) back in the user's cart at today's prices, in a
 * transaction of its own (`putBackInCart`), each against what one pack cost then after the buyer's exclusive
 * discount. Answers the cart as it is then and each line's outcome.
 */
export async function putOrderBackInCart(
  db: Db,
  carts: CartsService,
  userId: number,
  ordered: readonly queries.OrderedLine[],
): Promise<ReorderResult> {
  const lines = ordered.map((line) => ({
    itemId: line.itemId,
    packQuantity: line.packQuantity,
    sku: line.sku,
    title: line.title,
    oldPricePence: discounted(line.pricePerPackPence, line.discountPercentage),
  }));
  const { cartId, lines: answers } = await db.transaction((tx) => putBackInCart(tx, userId, lines));
  return { cart: await carts.getCart(userId, cartId), lines: answers };
}
