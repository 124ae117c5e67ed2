import {
  CART_MESSAGES,
  insufficientStockDetail,
  lineTotals,
  MAX_PACK_QUANTITY,
  penceToDecimal,
  priceBasis,
  deliveredTotals,
  tierForQuantity,
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
import { groupBy } from '../../lib/group-by';
import { selectItemImages } from '../items/queries';
import { selectTiers } from '../pricing/queries';
import { toTier } from '../pricing/service';
import { selectPricingSettings } from '../settings/queries';
import * as queries from './queries';

/** PATCH ecommerce/cart-items/{id}/: the new pack count; the tier and unit type are the server's. */
export interface CartLineChange {
  pack_quantity: number;
  pricing_tier?: number | null | undefined;
  unit_type?: PackUnit | undefined;
}

/** Weights to 0.1 g (the database's scale), so float sums do not show as 12.300000000000001. */
const roundKg = (kg: number) => Math.round(kg * 10_000) / 10_000;

/** The price of one unit in pounds with 4 decimals (a unit can cost a fraction of a penny). */
function unitPriceDecimal(packPence: number, unitsPerPack: number): string {
  const tenThousandths = Math.round((packPence * 100) / unitsPerPack);
  return (tenThousandths / 10_000).toFixed(4);
}

function lineOf(row: queries.LineViewRow, images: { image: string; altText: string }[]) {
  const totals = lineTotals({
    packs: row.packQuantity,
    units_per_pack: row.unitsPerPack,
    // A tier without a price for the item (a catalogue edit) prices the line at 0; checkout re-prices.
    price_per_pack_pence: row.pricePence ?? 0,
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
      images: images.map((image) => ({ image: image.image, alt_text: image.altText })),
      product_variant: {
        id: row.variantId,
        name: row.variantName,
        product: { name: row.productName, slug: row.productSlug, category: { slug: row.categorySlug } },
      },
      track_inventory: row.trackInventory,
      stock: row.stock,
    },
    pack_quantity: row.packQuantity,
    unit_type: row.unitType,
    pricing_tier: {
      id: row.tierId,
      tier_type: row.tierType,
      range_start: row.rangeStart,
      range_end: row.rangeEnd,
      no_end_range: row.noEndRange,
    },
    user_exclusive_price: row.exclusivePriceId,
    price_per_pack: penceToDecimal(row.pricePence ?? 0),
    price_per_unit: unitPriceDecimal(row.pricePence ?? 0, row.unitsPerPack),
    subtotal: penceToDecimal(totals.subtotal_pence),
    total: penceToDecimal(totals.total_pence),
    weight: roundKg(totals.weight_kg),
    discount_percentage: row.discountPercentage ?? 0,
  };
  return { view, totals };
}

/** One line being settled: its item's facts, the tiers of its variant and the prices of the item. */
interface LineContext {
  item: queries.CartItemFacts;
  tiers: PricingTier[];
  prices: Map<number, number>;
}

const packKg = (item: queries.CartItemFacts | queries.StoredLine) => weightToKg(item.weight, item.weightUnit);
const linesKg = (lines: readonly queries.StoredLine[]) =>
  lines.reduce((sum, line) => sum + line.packQuantity * packKg(line), 0);

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

export function createCartsService(db: Db) {
  async function contextsFor(tx: Db, facts: queries.CartItemFacts[]): Promise<Map<number, LineContext>> {
    // One after the other: a transaction is one connection, which runs one statement at a time anyway.
    const tierRows = await selectTiers(tx, [...new Set(facts.map((item) => item.variantId))]);
    const priceRows = await queries.selectPricesOfItems(
      tx,
      facts.map((item) => item.id),
    );
    const tiersOf = groupBy(tierRows, (tier) => tier.productVariantId);
    const pricesOf = groupBy(priceRows, (price) => price.itemId);
    return new Map(
      facts.map((item) => [
        item.id,
        {
          item,
          tiers: (tiersOf.get(item.variantId) ?? []).map(toTier),
          prices: new Map((pricesOf.get(item.id) ?? []).map((price) => [price.tierId, price.pricePence])),
        },
      ]),
    );
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
    lines: queries.StoredLine[],
    target: queries.StoredLine | undefined,
    packs: number,
    basis: PackUnit,
    mode: 'adding' | 'set',
  ) {
    const { item } = context;
    const packsElsewhere = lines
      .filter((line) => line.itemId === item.id && line !== target)
      .reduce((sum, line) => sum + line.packQuantity, 0);
    if (packsElsewhere + packs > MAX_PACK_QUANTITY)
      throw new BadRequest(CART_MESSAGES.tooManyPacks(item.sku));
    let settled = settleTier(context, basis, packs);
    const folded: queries.StoredLine[] = [];
    const other = lines.find(
      (line) => line.itemId === item.id && line !== target && line.unitType === settled.unitType,
    );
    if (other && target) {
      folded.push(other);
      packs += other.packQuantity;
      settled = settleTier(context, basis, packs);
    }
    if (item.trackInventory) {
      const elsewhere = lines
        .filter((line) => line.itemId === item.id && line !== target && !folded.includes(line))
        .reduce((sum, line) => sum + line.packQuantity * line.unitsPerPack, 0);
      if (elsewhere + packs * item.unitsPerPack > item.stock) {
        const inCart = lines
          .filter((line) => line.itemId === item.id)
          .reduce((sum, line) => sum + line.packQuantity * line.unitsPerPack, 0);
        const held = mode === 'set' && target ? inCart - target.packQuantity * target.unitsPerPack : inCart;
        throw new BadRequest(insufficientStockDetail(item.sku, Math.max(0, item.stock - held)));
      }
    }
    return { packs, tier: settled.tier, unitType: settled.unitType, folded };
  }

  const lineViews = queries.prepareLineViews(db);

  /** Answers for lines (in the order read), with their images: two queries. */
  async function viewsOf(read: Promise<queries.LineViewRow[]>) {
    const rows = await read;
    const images = groupBy(
      await selectItemImages(db, [...new Set(rows.map((row) => row.itemId))]),
      (image) => image.ownerId,
    );
    return rows.map((row) => lineOf(row, images.get(row.itemId) ?? []));
  }

  async function cartView(cartId: number): Promise<CartView> {
    const [lines, { vatRate, shipping }] = await Promise.all([
      viewsOf(lineViews.ofCart(cartId)),
      selectPricingSettings(db),
    ]);
    const { totals, quote } = deliveredTotals(
      lines.map((line) => line.totals),
      vatRate,
      shipping,
    );
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
      shipping_details: {
        parcel_type: quote.parcel_type,
        parcels_needed: quote.parcels_needed,
        explanation: quote.explanation,
      },
    };
  }

  async function lineView(userId: number, lineId: number): Promise<CartItemView> {
    const [line] = await viewsOf(lineViews.own([lineId], userId));
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

    /** Lines of the user's cart (of `cartId` when given, which must be theirs). */
    async listLines(
      userId: number,
      cartId: number | undefined,
      page: PageRequest,
    ): Promise<{ count: number; results: CartItemView[] }> {
      const id =
        cartId === undefined ? await queries.selectCartIdOfUser(db, userId) : await ownCartId(userId, cartId);
      if (id === null) return { count: 0, results: [] };
      const [total, lines] = await Promise.all([
        queries.countLines(db, id),
        viewsOf(queries.selectLineViews(db, queries.linesOfCart(id), pageWindow(page))),
      ]);
      return { count: total, results: lines.map((line) => line.view) };
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
        const cartId = cartIds.size === 1 ? await queries.lockOwnCart(tx, lines[0]!.cart, userId) : null;
        if (cartId === null) throw new NotFound();

        const itemIds = [...new Set(lines.map((line) => line.item))];
        const facts = new Map((await queries.selectItemFacts(tx, itemIds)).map((item) => [item.id, item]));
        for (const line of lines) checkActive(facts.get(line.item), line.item);
        const contexts = await contextsFor(tx, [...facts.values()]);
        const stored = await queries.selectStoredLines(tx, cartId);
        const exclusive = await queries.selectExclusivePricesOfUser(tx, userId, itemIds);
        const exclusiveOf = new Map(exclusive.map((row) => [row.itemId, row.id]));

        // The basis counts the cart as it was plus everything this request adds (spec 2, §4).
        const cartKg = linesKg(stored);
        const requestKg = lines.reduce(
          (sum, line) => sum + line.pack_quantity * packKg(facts.get(line.item)!),
          0,
        );
        const written: number[] = [];

        for (const line of lines) {
          const context = contexts.get(line.item)!;
          const { item } = context;
          const own = exclusiveOf.get(item.id) ?? null;
          if (line.user_exclusive_price != null && line.user_exclusive_price !== own) {
            throw new Invalid({ user_exclusive_price: [`Invalid exclusive price for item ${item.sku}.`] });
          }
          const basis = priceBasis(
            { units_per_pallet: item.unitsPerPallet, show_units_per: item.showUnitsPer },
            cartKg,
            requestKg,
            line.unit_type,
          );
          const expected = settleTier(context, basis, line.pack_quantity);
          if (expected.tier.id !== line.pricing_tier)
            throw new BadRequest(CART_MESSAGES.invalidTier(item.sku));

          const target = stored.find((row) => row.itemId === item.id && row.unitType === expected.unitType);
          const settled = settleLine(
            context,
            stored,
            target,
            (target?.packQuantity ?? 0) + line.pack_quantity,
            basis,
            'adding',
          );
          const values = {
            pricingTierId: settled.tier.id,
            packQuantity: settled.packs,
            unitType: settled.unitType,
            exclusivePriceId: own,
          };
          // The folded line goes first: the cart holds one line per item and unit type.
          await queries.deleteLines(
            tx,
            settled.folded.map((row) => row.id),
          );
          for (const row of settled.folded) stored.splice(stored.indexOf(row), 1);
          let id: number;
          if (target) {
            id = target.id;
            await queries.updateLine(tx, id, values);
            Object.assign(target, { packQuantity: settled.packs, unitType: settled.unitType });
          } else {
            id = await queries.insertLine(tx, cartId, item.id, values);
            stored.push({
              id,
              itemId: item.id,
              packQuantity: settled.packs,
              unitType: settled.unitType,
              unitsPerPack: item.unitsPerPack,
              weight: item.weight,
              weightUnit: item.weightUnit,
            });
          }
          const gone = new Set(settled.folded.map((row) => row.id));
          for (let i = written.length - 1; i >= 0; i--) if (gone.has(written[i]!)) written.splice(i, 1);
          if (!written.includes(id)) written.push(id);
        }
        await queries.touchCart(tx, cartId);
        return written;
      });
      const views = new Map(
        (await viewsOf(lineViews.own(touched, userId))).map((line) => [line.view.id, line.view]),
      );
      return touched.map((id) => views.get(id)!);
    },

    /** PATCH: a new pack count for one of the user's lines; the server settles tier and unit type. */
    async updateLine(userId: number, lineId: number, change: CartLineChange): Promise<CartItemView> {
      const id = await db.transaction(async (tx) => {
        const cartOfLine = await queries.selectCartOfOwnLine(tx, lineId, userId);
        const cartId = cartOfLine === null ? null : await queries.lockOwnCart(tx, cartOfLine, userId);
        if (cartId === null) throw new NotFound();
        const stored = await queries.selectStoredLines(tx, cartId);
        const line = stored.find((row) => row.id === lineId);
        if (!line) throw new NotFound();
        const [facts] = await queries.selectItemFacts(tx, [line.itemId]);
        checkActive(facts, line.itemId);
        const context = (await contextsFor(tx, [facts])).get(facts.id)!;
        if (change.pricing_tier != null && !context.tiers.some((tier) => tier.id === change.pricing_tier)) {
          throw new BadRequest(CART_MESSAGES.invalidTier(facts.sku));
        }
        const basis = priceBasis(
          { units_per_pallet: facts.unitsPerPallet, show_units_per: facts.showUnitsPer },
          linesKg(stored.filter((row) => row !== line)),
          change.pack_quantity * packKg(facts),
          change.unit_type ?? line.unitType,
        );
        const settled = settleLine(context, stored, line, change.pack_quantity, basis, 'set');
        await queries.deleteLines(
          tx,
          settled.folded.map((row) => row.id),
        );
        await queries.updateLine(tx, line.id, {
          pricingTierId: settled.tier.id,
          packQuantity: settled.packs,
          unitType: settled.unitType,
          exclusivePriceId:
            (await queries.selectExclusivePricesOfUser(tx, userId, [facts.id]))[0]?.id ?? null,
        });
        await queries.touchCart(tx, cartId);
        return line.id;
      });
      return lineView(userId, id);
    },

    async deleteLine(userId: number, lineId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const cartOfLine = await queries.selectCartOfOwnLine(tx, lineId, userId);
        const cartId = cartOfLine === null ? null : await queries.lockOwnCart(tx, cartOfLine, userId);
        if (cartId === null) throw new NotFound();
        await queries.deleteLines(tx, [lineId]);
        await queries.touchCart(tx, cartId);
      });
    },
  };
}

export type CartsService = ReturnType<typeof createCartsService>;
