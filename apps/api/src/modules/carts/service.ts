import {
  CART_MESSAGES,
  insufficientStockDetail,
  lineTotals,
  MAX_PACK_QUANTITY,
  packsStockAllows,
  penceToDecimal,
  priceBasis,
  quoteNumber,
  QUOTE_MESSAGES,
  cartWeightKg,
  deliveredTotals,
  roundKg,
  tenThousandthsToDecimal,
  tierForQuantity,
  unitsStockLeaves,
  weightToKg,
  type CartItemCreate,
  type CartItemView,
  type CartView,
  type PackUnit,
  type PageRequest,
  type PricingTier,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { BadRequest, Invalid, NotFound } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { cartDeliveryView, shippingDetailsOf } from '../delivery/views';
import { priceCartLine } from '../pricing/cart-line-price';
import { tierPricesOf } from '../pricing/service';
import { selectPricingSettings } from '../settings/service';
import * as queries from './queries';

// The carts module's calls for other modules.
export {
  cartPostcode,
  insertCartIfMissing,
  selectCartFacts,
  selectOwnCart,
  updateCartDelivery,
  type CartItemFacts,
} from './queries';

/** PATCH ecommerce/cart-items/{id}/: the new pack count; the tier and unit type are the server's. */
export interface CartLineChange {
  pack_quantity: number;
  pricing_tier?: number | null | undefined;
  unit_type?: PackUnit | undefined;
}

/**
 * A line as the API answers it (`view`), with the totals the cart's are summed from, priced by the rule
 * (spec 2, §4) for the weight of the whole cart it is in (`cartKg`): its tier, unit type and price are
 * worked out when it is read, so a line whose basis moved because another line came or went shows what the
 * payment intent and the order will charge. A variant without units per pallet has no pallet basis, so its
 * line keeps the tier its last write settled (the read brings no tiers for it); so does a variant left
 * without tiers. A tier without a price for the item (a catalogue edit) prices it at 0, and checkout
 * refuses it.
 */
function pricedLine(row: queries.LineViewRow, cartKg: number) {
  const { settled, pricePence: ruled } = priceCartLine(row, cartKg);
  const tier = settled?.tier ?? {
    id: row.tierId,
    tier_type: row.tierType,
    range_start: row.rangeStart,
    range_end: row.rangeEnd,
    no_end_range: row.noEndRange,
  };
  const pricePence = ruled ?? 0;
  const totals = lineTotals({
    packs: row.packQuantity,
    units_per_pack: row.unitsPerPack,
    price_per_pack_pence: pricePence,
    discount_percentage: row.discountPercentage ?? 0,
    pack_weight_kg: weightToKg(row.weight, row.weightUnit),
  });
  const view: CartItemView = {
    id: row.id,
    cart: row.cartId,
    item: {
      id: row.itemId,
      title: row.title,
      sku: row.sku,
      units_per_pack: row.unitsPerPack,
      images: row.images,
      product_variant: {
        id: row.variantId,
        name: row.variantName,
        product: { name: row.productName, slug: row.productSlug, category: { slug: row.categorySlug } },
      },
      track_inventory: row.trackInventory,
      stock: row.stock,
    },
    pack_quantity: row.packQuantity,
    unit_type: settled?.unitType ?? row.unitType,
    pricing_tier: {
      id: tier.id,
      tier_type: tier.tier_type,
      range_start: tier.range_start,
      range_end: tier.range_end,
      no_end_range: tier.no_end_range,
    },
    user_exclusive_price: row.exclusivePriceId,
    price_per_pack: penceToDecimal(pricePence),
    price_per_unit: tenThousandthsToDecimal(totals.price_per_unit_ten_thousandths),
    subtotal: penceToDecimal(totals.subtotal_pence),
    total: penceToDecimal(totals.total_pence),
    weight: roundKg(totals.weight_kg),
    discount_percentage: row.discountPercentage ?? 0,
  };
  return { view, totals };
}

/** The lines of a whole cart as the API answers them, each priced for the cart's weight. */
function linesOfCart(rows: readonly queries.LineViewRow[]) {
  const cartKg = cartWeightKg(rows);
  return rows.map((row) => pricedLine(row, cartKg));
}

/** One line being settled: its item's facts, the tiers of its variant and the prices of the item. */
interface LineContext {
  item: queries.CartItemFacts;
  tiers: PricingTier[];
  prices: Map<number, number>;
}

/** A line of the cart as the request leaves it, with what the checks weigh it by. */
interface Line {
  /** Null for a new line until it is written. */
  id: number | null;
  itemId: number;
  packQuantity: number;
  unitType: PackUnit;
  unitsPerPack: number;
  weight: number;
  weightUnit: 'kg' | 'lb' | 'oz' | 'g';
  /** Its unit type in the database before the request; null for a new line. */
  storedUnitType: PackUnit | null;
  /** What the request sets on it besides packs and unit type, when it changes the line. */
  change?: { pricingTierId: number; exclusivePriceId: number | null };
}

/** The cart as the locked read found it: its lines (in id order) and the items asked for, ready to settle. */
function cartToSettle(rows: queries.CartItemFacts[]) {
  const contexts = new Map<number, LineContext>();
  const lines: Line[] = [];
  for (const item of rows) {
    if (item.tierPrices !== null) contexts.set(item.id, { item, ...tierPricesOf(item.tierPrices) });
    for (const line of item.lines) {
      lines.push({
        ...line,
        itemId: item.id,
        unitsPerPack: item.unitsPerPack,
        weight: item.weight,
        weightUnit: item.weightUnit,
        storedUnitType: line.unitType,
      });
    }
  }
  lines.sort((a, b) => a.id! - b.id!);
  return { contexts, lines, storedIds: lines.map((line) => line.id!) };
}

const packKg = (item: queries.CartItemFacts | Line) => weightToKg(item.weight, item.weightUnit);

/** The tier a quantity is priced in, on a basis; refused with the spec's message when none is priced. */
function settleTier(context: LineContext, basis: PackUnit, packs: number) {
  const { item, tiers, prices } = context;
  const settled = tierForQuantity(tiers, basis, packs, item.unitsPerPack, item.unitsPerPallet);
  if (!settled || !prices.has(settled.tier.id)) throw new BadRequest(CART_MESSAGES.invalidTier(item.sku));
  return settled;
}

function checkActive(item: queries.CartItemFacts | undefined, id: number): asserts item {
  if (!item) throw new Invalid({ item: [`Invalid pk "${id}" - object does not exist.`] });
  if (item.status !== 'active') throw new Invalid({ item: [`Item ${item.sku} is no longer available.`] });
}

/**
 * Where `target` (or a new line) ends up with `packs` packs: its tier recomputed, merged with the cart's
 * other line of the item when that tier moves it to the other line's unit type (the cart holds one line
 * per item and unit type), and stock checked over every line of the item. The stock message names the
 * units still free for what was asked: all of the item's units in the cart are held when `adding`,
 * the other lines' units when a line's quantity is `set`. The item's packs over all its lines may not
 * pass MAX_PACK_QUANTITY, however many adds or lines brought them (pack_quantity is a 32-bit column).
 */
function settleLine(
  context: LineContext,
  lines: Line[],
  target: Line | undefined,
  packs: number,
  basis: PackUnit,
  mode: 'adding' | 'set',
) {
  const { item } = context;
  const packsElsewhere = lines
    .filter((line) => line.itemId === item.id && line !== target)
    .reduce((sum, line) => sum + line.packQuantity, 0);
  if (packsElsewhere + packs > MAX_PACK_QUANTITY) throw new BadRequest(CART_MESSAGES.tooManyPacks(item.sku));
  let settled = settleTier(context, basis, packs);
  const folded: Line[] = [];
  const other = lines.find(
    (line) => line.itemId === item.id && line !== target && line.unitType === settled.unitType,
  );
  if (other && target) {
    folded.push(other);
    packs += other.packQuantity;
    settled = settleTier(context, basis, packs);
  }
  const elsewhere = lines
    .filter((line) => line.itemId === item.id && line !== target && !folded.includes(line))
    .reduce((sum, line) => sum + line.packQuantity * line.unitsPerPack, 0);
  if (packs > packsStockAllows(item.trackInventory ? item.stock : null, elsewhere, item.unitsPerPack)) {
    const inCart = lines
      .filter((line) => line.itemId === item.id)
      .reduce((sum, line) => sum + line.packQuantity * line.unitsPerPack, 0);
    const held = mode === 'set' && target ? inCart - target.packQuantity * target.unitsPerPack : inCart;
    throw new BadRequest(insufficientStockDetail(item.sku, unitsStockLeaves(item.stock, held)));
  }
  return { packs, tier: settled.tier, unitType: settled.unitType, folded };
}

/**
 * Settles `target` (or a new line of the item) at `packs` packs in memory: the folded line leaves `lines`,
 * the line takes its new packs, unit type, tier and exclusive price. Answers the line and what it folded.
 */
function applyLine(
  context: LineContext,
  lines: Line[],
  target: Line | undefined,
  packs: number,
  basis: PackUnit,
  mode: 'adding' | 'set',
) {
  const settled = settleLine(context, lines, target, packs, basis, mode);
  for (const row of settled.folded) lines.splice(lines.indexOf(row), 1);
  const { item } = context;
  const line: Line = target ?? {
    id: null,
    itemId: item.id,
    packQuantity: 0,
    unitType: settled.unitType,
    unitsPerPack: item.unitsPerPack,
    weight: item.weight,
    weightUnit: item.weightUnit,
    storedUnitType: null,
  };
  if (!target) lines.push(line);
  Object.assign(line, {
    packQuantity: settled.packs,
    unitType: settled.unitType,
    change: { pricingTierId: settled.tier.id, exclusivePriceId: item.personalPriceId },
  });
  return { line, folded: settled.folded };
}

/** What a changed line writes to its row. */
const lineWrite = (line: Line): queries.LineWrite => ({
  itemId: line.itemId,
  pricingTierId: line.change!.pricingTierId,
  packQuantity: line.packQuantity,
  unitType: line.unitType,
  exclusivePriceId: line.change!.exclusivePriceId,
});

/**
 * Writes what a request changed in the cart, gives new lines their ids and answers the views of the lines
 * it wrote. Usually one statement: every changed line that keeps its unit type, new or stored, in one
 * upsert that also touches the cart and reads the written lines' views. A line that moves to the other
 * unit type (rare) keeps its id by an update of its own, after the line it folds into is deleted (the cart
 * holds one line per item and unit type); its view is not in the answer (`moved`).
 */
async function writeLines(tx: Db, cartId: number, storedIds: number[], lines: Line[]) {
  const kept = new Set(lines.map((line) => line.id));
  const changed = lines.filter((line) => line.change);
  const moved = changed.filter(
    (line) => line.storedUnitType !== null && line.storedUnitType !== line.unitType,
  );
  const upserted = changed.filter((line) => !moved.includes(line));
  await queries.deleteLines(
    tx,
    storedIds.filter((id) => !kept.has(id)),
  );
  await queries.moveLines(
    tx,
    moved.map((line) => ({ id: line.id!, ...lineWrite(line) })),
  );
  const views = await queries.upsertLines(tx, cartId, upserted.map(lineWrite));
  for (const line of upserted) {
    line.id ??= views.find((row) => row.itemId === line.itemId && row.unitType === line.unitType)!.id;
  }
  return { views, moved: moved.length > 0 };
}

export function createCartsService(db: Db) {
  const lineViews = queries.prepareLineViews(db);
  const deleteOwnLine = queries.prepareDeleteOwnLine(db);

  async function cartView(cartId: number, now: Date = new Date()): Promise<CartView> {
    const [rows, { vatRate, rules }] = await Promise.all([
      lineViews.ofCart(cartId),
      selectPricingSettings(db),
    ]);
    const lines = linesOfCart(rows);
    const cart = rows[0];
    // The cart page shows its totals with the chosen service when the cart can have it, else the cheapest.
    const delivered = deliveredTotals(
      lines.map((line) => line.totals),
      vatRate,
      rules,
      {
        postal_code: cart?.deliveryPostalCode ?? null,
        service: cart?.deliveryService ?? null,
        extras: cart?.deliveryExtras ?? [],
        quoted_pence: cart?.quotedDeliveryPence ?? null,
      },
      now,
    );
    const { totals } = delivered;
    return {
      id: cartId,
      items: lines.map((line) => line.view),
      subtotal: penceToDecimal(totals.subtotal_pence),
      discount: penceToDecimal(totals.discount_pence),
      vat: totals.vat_percent,
      vat_amount: penceToDecimal(totals.vat_pence),
      shipping_cost: penceToDecimal(totals.shipping_pence),
      total: penceToDecimal(totals.total_pence),
      total_units: totals.units,
      total_packs: totals.packs,
      total_weight: roundKg(totals.weight_kg),
      shipping_details: shippingDetailsOf(delivered),
      delivery: cartDeliveryView(delivered),
      // Only an accepted quote's cart says so; the own cart's answer is spec 2's.
      ...(cart?.quoteId ? { quote: { id: cart.quoteId, number: quoteNumber(cart.quoteId) } } : {}),
    };
  }

  /** One of the user's lines, priced with the rest of its cart. */
  async function lineView(userId: number, lineId: number): Promise<CartItemView> {
    const line = linesOfCart(await lineViews.ofCartOfLine(lineId, userId)).find(
      ({ view }) => view.id === lineId,
    );
    if (!line) throw new NotFound();
    return line.view;
  }

  async function ownCartId(userId: number, cartId: number): Promise<number> {
    const own = await queries.selectOwnCart(db, cartId, userId);
    if (own === null) throw new NotFound();
    return own;
  }

  return {
    /** The user's cart, made on first use. */
    async currentCart(userId: number): Promise<CartView> {
      let cartId = await queries.selectCartIdOfUser(db, userId);
      if (cartId === null) {
        await queries.insertCartIfMissing(db, userId);
        cartId = await queries.selectCartIdOfUser(db, userId);
      }
      return cartView(cartId!);
    },

    async getCart(userId: number, cartId: number): Promise<CartView> {
      return cartView(await ownCartId(userId, cartId));
    },

    /**
     * Lines of the user's cart (of `cartId` when given, which must be theirs), a page at a time. Each
     * line's price depends on the whole cart's weight, so the cart is read whole (the cart page reads it
     * whole anyway) and the page cut from it, which also counts it.
     */
    async listLines(
      userId: number,
      cartId: number | undefined,
      page: PageRequest,
    ): Promise<{ count: number; results: CartItemView[] }> {
      const id =
        cartId === undefined ? await queries.selectCartIdOfUser(db, userId) : await ownCartId(userId, cartId);
      if (id === null) return { count: 0, results: [] };
      const { limit, offset } = pageWindow(page);
      const lines = linesOfCart(await lineViews.ofCart(id));
      return {
        count: lines.length,
        results: lines.slice(offset, offset + limit).map((line) => line.view),
      };
    },

    getLine: lineView,

    /**
     * POST cart-items/ (DESIGN §4.4): every line is checked and all are added or none, in one transaction
     * holding the cart's row lock. A line for an item and unit type already in the cart adds to it, and
     * the merged quantity's tier is recomputed.
     */
    async addLines(userId: number, lines: CartItemCreate[]): Promise<CartItemView[]> {
      const touched = await db.transaction(async (tx) => {
        const cartIds = new Set(lines.map((line) => line.cart));
        // One cart per user: lines naming two carts name someone else's.
        const locked = cartIds.size === 1 ? await queries.lockOwnCart(tx, lines[0]!.cart, userId) : null;
        if (locked === null) throw new NotFound();
        if (locked.quoteId !== null) throw new BadRequest(QUOTE_MESSAGES.quoteCartLocked);
        const cartId = locked.id;

        const itemIds = [...new Set(lines.map((line) => line.item))];
        const cart = cartToSettle(await queries.selectCartFacts(tx, cartId, userId, itemIds));
        for (const line of lines) checkActive(cart.contexts.get(line.item)?.item, line.item);

        // The basis counts the cart as it was plus everything this request adds (spec 2, §4).
        const cartKg = cartWeightKg(cart.lines);
        const requestKg = lines.reduce(
          (sum, line) => sum + line.pack_quantity * packKg(cart.contexts.get(line.item)!.item),
          0,
        );
        // The lines the answer lists, in the order the request first touched them.
        const answered: Line[] = [];

        for (const line of lines) {
          const context = cart.contexts.get(line.item)!;
          const { item } = context;
          if (line.user_exclusive_price != null && line.user_exclusive_price !== item.exclusivePriceId) {
            throw new Invalid({ user_exclusive_price: [`Invalid exclusive price for item ${item.sku}.`] });
          }
          // `unit_type` says how the buyer entered the quantity (the Box/Pallet toggle), not its price.
          const basis = priceBasis(
            { units_per_pallet: item.unitsPerPallet, show_units_per: item.showUnitsPer },
            cartKg,
            requestKg,
          );
          const expected = settleTier(context, basis, line.pack_quantity);
          if (expected.tier.id !== line.pricing_tier)
            throw new BadRequest(CART_MESSAGES.invalidTier(item.sku));

          const target = cart.lines.find(
            (row) => row.itemId === item.id && row.unitType === expected.unitType,
          );
          const { line: settledLine, folded } = applyLine(
            context,
            cart.lines,
            target,
            (target?.packQuantity ?? 0) + line.pack_quantity,
            basis,
            'adding',
          );
          for (const row of folded) if (answered.includes(row)) answered.splice(answered.indexOf(row), 1);
          if (!answered.includes(settledLine)) answered.push(settledLine);
        }
        const written = await writeLines(tx, cartId, cart.storedIds, cart.lines);
        return {
          cartId,
          cartKg: cartWeightKg(cart.lines),
          ids: answered.map((line) => line.id!),
          ...written,
        };
      });
      // The write answers its lines' views, unless a line moved to the other unit type (then read them).
      const answers = touched.moved
        ? linesOfCart(await lineViews.ofCart(touched.cartId))
        : touched.views.map((row) => pricedLine(row, touched.cartKg));
      const views = new Map(answers.map(({ view }) => [view.id, view]));
      return touched.ids.map((id) => views.get(id)!);
    },

    /** PATCH: a new pack count for one of the user's lines; the server settles tier and unit type. */
    async updateLine(userId: number, lineId: number, change: CartLineChange): Promise<CartItemView> {
      const written = await db.transaction(async (tx) => {
        const locked = await queries.lockCartOfOwnLine(tx, lineId, userId);
        if (locked === null) throw new NotFound();
        if (locked.quoteId !== null) throw new BadRequest(QUOTE_MESSAGES.quoteCartLocked);
        const cart = cartToSettle(await queries.selectCartFacts(tx, locked.cartId, userId, [locked.itemId]));
        const line = cart.lines.find((row) => row.id === lineId);
        if (!line) throw new NotFound();
        const context = cart.contexts.get(line.itemId);
        checkActive(context?.item, line.itemId);
        const { item, tiers } = context!;
        if (change.pricing_tier != null && !tiers.some((tier) => tier.id === change.pricing_tier)) {
          throw new BadRequest(CART_MESSAGES.invalidTier(item.sku));
        }
        // Neither the hint nor the line's stored unit type prices it: the cart's weight with the new count.
        const basis = priceBasis(
          { units_per_pallet: item.unitsPerPallet, show_units_per: item.showUnitsPer },
          cartWeightKg(cart.lines.filter((row) => row !== line)),
          change.pack_quantity * packKg(item),
        );
        applyLine(context!, cart.lines, line, change.pack_quantity, basis, 'set');
        return {
          cartKg: cartWeightKg(cart.lines),
          ...(await writeLines(tx, locked.cartId, cart.storedIds, cart.lines)),
        };
      });
      const [row] = written.views;
      return written.moved ? lineView(userId, lineId) : pricedLine(row!, written.cartKg).view;
    },

    async deleteLine(userId: number, lineId: number): Promise<void> {
      if (await deleteOwnLine(lineId, userId)) return;
      if (await queries.isQuotedLine(db, lineId, userId))
        throw new BadRequest(QUOTE_MESSAGES.quoteCartLocked);
      throw new NotFound();
    },
  };
}

export type CartsService = ReturnType<typeof createCartsService>;
