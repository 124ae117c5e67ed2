import type { DeliveryExtra, DeliveryService } from '@shop/domain';
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusableStatement } from '../../db/reusable-statement';
import {
  addresses,
  cartItems,
  carts,
  categories,
  companyPrices,
  exclusivePrices,
  itemImages,
  items,
  pricingData,
  pricingTiers,
  products,
  productVariants,
  users,
  type PackUnit,
} from '../../db/schema';
import {
  appliedDiscount,
  unlessQuoted,
  appliedPriceId,
  basisCanMove,
  companyPriceOn,
  exclusivePriceInForce,
  tierPricesRows,
} from '../pricing/service';

// ---------------------------------------------------------------------------------------------
// Carts
// ---------------------------------------------------------------------------------------------

/** Makes the user's cart unless it exists; safe when two requests race (one insert wins). */
export async function insertCartIfMissing(db: Db, userId: number): Promise<void> {
  await db
    .insert(carts)
    .values({ userId })
    .onConflictDoNothing({ target: carts.userId, where: isNull(carts.quoteId) });
}

export async function selectCartIdOfUser(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.userId, userId), isNull(carts.quoteId)));
  return row?.id ?? null;
}

/** The cart when it is the user's, or null. */
export async function selectOwnCart(db: Db, cartId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.userId, userId)));
  return row?.id ?? null;
}

const lockStatement = reusableStatement((tx) =>
  tx
    .select({ id: carts.id, quoteId: carts.quoteId })
    .from(carts)
    .where(and(eq(carts.id, sql.placeholder('cartId')), eq(carts.userId, sql.placeholder('userId'))))
    .for('update')
    .prepare('cart_lock'),
);

/**
 * Locks the user's cart row until the transaction ends (`select … for update`), so concurrent writes to
 * one cart run one after the other: no lost merge, no stock counted twice. Null when it is not theirs;
 * `quoteId` set when it is an accepted quote's cart, whose lines cannot be changed.
 */
export async function lockOwnCart(
  tx: Db,
  cartId: number,
  userId: number,
): Promise<{ id: number; quoteId: number | null } | null> {
  // Named, so each connection plans it once, inside a transaction too (the house pattern), and built once.
  const [row] = await lockStatement(tx).execute({ cartId, userId });
  return row ?? null;
}

/**
 * Locks the cart of one of the user's lines, as `lockOwnCart` does, and says which
 * item the line is of. Null when the line is not theirs. (The line itself is read again after the lock.)
 */
export async function lockCartOfOwnLine(
  tx: Db,
  lineId: number,
  userId: number,
): Promise<{ cartId: number; itemId: number; quoteId: number | null } | null> {
  const [row] = await tx
    .select({ cartId: carts.id, itemId: cartItems.itemId, quoteId: carts.quoteId })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(and(eq(cartItems.id, sql.placeholder('lineId')), eq(carts.userId, sql.placeholder('userId'))))
    .for('update', { of: carts })
    .prepare('cart_lock_of_line')
    .execute({ lineId, userId });
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// What the checks need: one read
// ---------------------------------------------------------------------------------------------

/** A stored line of the cart, as the read below gives it with its item. */
export type StoredLineRow = { id: number; packQuantity: number; unitType: PackUnit };

/**
 * An item that a cart write touches or that is already in the cart: what the tier, stock and weight
 * checks need from it and its variant, its lines in the cart, and the exclusive price that applies to the user on it
 * (their own or their approved company's, the greater discount). Tiers
 * (in the variant's order) and prices (`[tier id, pence]`) are read only for the items asked for, and
 * are null on the others.
 */
export type CartItemFacts = {
  id: number;
  sku: string;
  status: 'active' | 'inactive';
  unitsPerPack: number;
  stock: number;
  trackInventory: boolean;
  weight: number;
  weightUnit: 'kg' | 'lb' | 'oz' | 'g';
  variantId: number;
  unitsPerPallet: number | null;
  showUnitsPer: PackUnit;
  /** The exclusive price that applies, as the API shows it (`appliedPriceId`): the caller's own or their company's. */
  exclusivePriceId: number | null;
  /** The caller's own price in force, which a written line keeps (`cart_items.exclusive_price_id`). */
  personalPriceId: number | null;
  lines: StoredLineRow[];
  /** For the items asked for, the variant's tiers with the item's prices (`tierPricesRows`); else null. */
  tierPrices: number[][] | null;
};

/**
 * Everything a cart write checks, in one statement: the items asked for (`itemIds`) and the items of the
 * cart's lines, each with its variant's facts, its lines in the cart, the user's exclusive price and, for
 * the items asked for, the variant's tiers and the item's prices. Run after the cart's row lock, so the
 * lines are the ones every other writer of the cart left.
 */
const factsStatement = reusableStatement((tx) => {
  const ids = sql.placeholder('itemIds');
  const cart = sql.placeholder('cartId');
  const askedFor = sql`${items.id} = any(${ids}::int[])`;
  return tx
    .select({
      id: items.id,
      sku: items.sku,
      status: items.status,
      unitsPerPack: items.unitsPerPack,
      stock: items.stock,
      trackInventory: items.trackInventory,
      weight: items.weight,
      weightUnit: items.weightUnit,
      variantId: productVariants.id,
      unitsPerPallet: productVariants.unitsPerPallet,
      showUnitsPer: productVariants.showUnitsPer,
      exclusivePriceId: appliedPriceId(),
      personalPriceId: exclusivePrices.id,
      lines: sql<StoredLineRow[]>`(
        select coalesce(json_agg(json_build_object('id', ${cartItems.id}, 'packQuantity', ${cartItems.packQuantity},
          'unitType', ${cartItems.unitType}) order by ${cartItems.id}), '[]'::json)
        from ${cartItems} where ${cartItems.cartId} = ${cart} and ${cartItems.itemId} = ${items.id})`,
      tierPrices: sql<number[][] | null>`case when ${askedFor}
        then ${tierPricesRows(productVariants.id, items.id)} end`,
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .leftJoin(
      exclusivePrices,
      and(
        eq(exclusivePrices.itemId, items.id),
        eq(exclusivePrices.userId, sql.placeholder('userId')),
        exclusivePriceInForce(),
      ),
    )
    .leftJoin(companyPrices, companyPriceOn(sql.placeholder('userId'), items.id))
    .where(
      sql`${items.id} in (select unnest(${ids}::int[])
        union select ${cartItems.itemId} from ${cartItems} where ${cartItems.cartId} = ${cart})`,
    )
    .prepare('cart_facts');
});

export function selectCartFacts(
  tx: Db,
  cartId: number,
  userId: number,
  itemIds: number[],
): Promise<CartItemFacts[]> {
  return factsStatement(tx).execute({ cartId, userId, itemIds });
}

// ---------------------------------------------------------------------------------------------
// Writing lines
// ---------------------------------------------------------------------------------------------

/** A line as a write leaves it; it is found by its cart, item and unit type. */
export type LineWrite = {
  itemId: number;
  pricingTierId: number;
  packQuantity: number;
  unitType: PackUnit;
  exclusivePriceId: number | null;
};

/**
 * Writes lines and touches the cart, in one statement that answers the written lines' views (as
 * `prepareLineViews` reads them) with their ids: a multi-row insert whose rows come as arrays, so its text
 * is the same for any number of lines (a named statement), and whose conflict on the cart's one line per
 * item and unit type sets that line's tier, packs and exclusive price instead. With no lines it only
 * touches the cart.
 */
const writeLinesStatement = reusableStatement((tx) => {
  const touched = tx.$with('touched').as(
    tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, sql.placeholder('cartId'))),
  );
  const { id, cartId: cart, itemId, pricingTierId, packQuantity, unitType, quotedPricePence } = cartItems;
  const written = tx
    .$with('written', { id, cartId: cart, itemId, pricingTierId, packQuantity, unitType, quotedPricePence })
    .as(
      sql`insert into ${cartItems} (cart_id, item_id, pricing_tier_id, pack_quantity, unit_type, exclusive_price_id)
        select ${sql.placeholder('cartId')}::int, line.item_id, line.tier_id, line.packs, line.unit_type::pack_unit,
          line.exclusive_price_id
        from unnest(${sql.placeholder('itemIds')}::int[], ${sql.placeholder('tierIds')}::int[],
          ${sql.placeholder('packs')}::int[], ${sql.placeholder('unitTypes')}::text[],
          ${sql.placeholder('exclusivePriceIds')}::int[])
          as line(item_id, tier_id, packs, unit_type, exclusive_price_id)
        on conflict (cart_id, item_id, unit_type) do update set pricing_tier_id = excluded.pricing_tier_id,
          pack_quantity = excluded.pack_quantity, exclusive_price_id = excluded.exclusive_price_id
        returning id, cart_id, item_id, pricing_tier_id, pack_quantity, unit_type, quoted_price_pence`,
    );
  // The CTE has the columns of cart_items that the view reads, so the view's query runs over it as is.
  return lineViewsQuery(tx.with(touched, written), written as unknown as typeof cartItems, undefined).prepare(
    'cart_write_lines',
  );
});

export function upsertLines(tx: Db, cartId: number, lines: LineWrite[]): Promise<LineViewRow[]> {
  return writeLinesStatement(tx).execute({
    cartId,
    itemIds: lines.map((line) => line.itemId),
    tierIds: lines.map((line) => line.pricingTierId),
    packs: lines.map((line) => line.packQuantity),
    unitTypes: lines.map((line) => line.unitType),
    exclusivePriceIds: lines.map((line) => line.exclusivePriceId),
  });
}

/**
 * Moves lines to another unit type, keeping their ids (a line whose new tier is of the other type; rare,
 * so one statement a line). Run after `deleteLines` has removed a line it folds into.
 */
export async function moveLines(tx: Db, moves: (LineWrite & { id: number })[]): Promise<void> {
  for (const { id, pricingTierId, packQuantity, unitType, exclusivePriceId } of moves) {
    await tx
      .update(cartItems)
      .set({ pricingTierId, packQuantity, unitType, exclusivePriceId })
      .where(eq(cartItems.id, id));
  }
}

export async function deleteLines(tx: Db, lineIds: number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await tx.delete(cartItems).where(inArray(cartItems.id, lineIds));
}

/**
 * Removing one of the user's lines, as a named statement built once for the pool (it runs alone, outside a
 * transaction): the cart's row lock first (as every cart write takes it), then the line, then the cart's
 * `updated_at`, all in one statement. Answers whether there was such a line.
 */
export function prepareDeleteOwnLine(db: Db): (lineId: number, userId: number) => Promise<boolean> {
  const line = sql.placeholder('lineId');
  const locked = db.$with('locked').as(
    db
      .select({ cartId: sql<number>`${carts.id}`.as('cart_id') })
      .from(carts)
      .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
      // An accepted quote's lines stay as quoted (`isQuotedLine` tells the caller why nothing went).
      .where(and(eq(cartItems.id, line), eq(carts.userId, sql.placeholder('userId')), isNull(carts.quoteId)))
      .for('update', { of: carts }),
  );
  const gone = db.$with('gone').as(
    db
      .delete(cartItems)
      .where(
        and(eq(cartItems.id, line), sql`${cartItems.cartId} in (select ${locked.cartId} from ${locked})`),
      )
      .returning({ cartId: cartItems.cartId }),
  );
  const statement = db
    .with(locked, gone)
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .from(gone)
    .where(eq(carts.id, gone.cartId))
    .returning({ id: carts.id })
    .prepare('cart_delete_line');
  return async (lineId, userId) => (await statement.execute({ lineId, userId })).length > 0;
}

/** Whether a line is on one of the user's accepted quotes' carts (a removal refused, not a line unknown). */
export async function isQuotedLine(db: Db, lineId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.id, lineId), eq(carts.userId, userId), isNotNull(carts.quoteId)));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Reading lines for the answers
// ---------------------------------------------------------------------------------------------

export type LineViewRow = Awaited<ReturnType<ReturnType<typeof prepareLineViews>['ofCart']>>[number];

/**
 * Cart lines with their item (and its images), variant, product, stored tier, the cart owner's current
 * exclusive discount on the item (their own or their approved company's, the greater), and what pricing by the rule takes (spec 2, §4): the variant's units per
 * pallet, how it shows, its tiers and the item's prices. The line's price is not read from its stored tier:
 * the service prices every line for the cart's weight when it is read. One query whatever the number of
 * lines, over `lines`: the `cart_items` table, or the lines a write answers (a CTE with the same columns),
 * started by `start` (the database, or its `with(…)` of that CTE).
 */
function lineViewsQuery(start: { select: Db['select'] }, lines: typeof cartItems, where: SQL | undefined) {
  return start
    .select({
      id: lines.id,
      cartId: lines.cartId,
      // The cart's delivery choice on every line, so its totals need no statement of their own.
      deliveryPostalCode: cartPostcode(),
      deliveryService: carts.deliveryService,
      deliveryExtras: carts.deliveryExtras,
      // An accepted quote's cart: its number, its delivery as quoted and each line's quoted price.
      quoteId: carts.quoteId,
      quotedDeliveryPence: carts.quotedDeliveryPence,
      quotedPricePence: lines.quotedPricePence,
      packQuantity: lines.packQuantity,
      unitType: lines.unitType,
      itemId: items.id,
      title: items.title,
      sku: items.sku,
      unitsPerPack: items.unitsPerPack,
      trackInventory: items.trackInventory,
      stock: items.stock,
      weight: items.weight,
      weightUnit: items.weightUnit,
      variantId: productVariants.id,
      variantName: productVariants.name,
      unitsPerPallet: productVariants.unitsPerPallet,
      showUnitsPer: productVariants.showUnitsPer,
      productName: products.name,
      productSlug: products.slug,
      categorySlug: categories.slug,
      tierId: pricingTiers.id,
      tierType: pricingTiers.tierType,
      rangeStart: pricingTiers.rangeStart,
      rangeEnd: pricingTiers.rangeEnd,
      noEndRange: pricingTiers.noEndRange,
      tierPrices: sql<number[][] | null>`case when ${basisCanMove(productVariants.unitsPerPallet)}
        then ${tierPricesRows(productVariants.id, items.id)} end`,
      storedPricePence: pricingData.pricePence,
      exclusivePriceId: unlessQuoted(lines.quotedPricePence, appliedPriceId()),
      discountPercentage: unlessQuoted(
        lines.quotedPricePence,
        appliedDiscount(),
        exclusivePrices.discountPercentage,
      ),
      images: sql<{ image: string; alt_text: string }[]>`(
        select coalesce(json_agg(json_build_object('image', ${itemImages.image}, 'alt_text', ${itemImages.altText})
          order by ${itemImages.position}, ${itemImages.id}), '[]'::json)
        from ${itemImages} where ${itemImages.itemId} = ${items.id})`,
    })
    .from(lines)
    .innerJoin(carts, eq(carts.id, lines.cartId))
    .innerJoin(items, eq(items.id, lines.itemId))
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(pricingTiers, eq(pricingTiers.id, lines.pricingTierId))
    .leftJoin(
      pricingData,
      and(eq(pricingData.pricingTierId, lines.pricingTierId), eq(pricingData.itemId, lines.itemId)),
    )
    .leftJoin(
      exclusivePrices,
      and(
        eq(exclusivePrices.userId, carts.userId),
        eq(exclusivePrices.itemId, lines.itemId),
        exclusivePriceInForce(),
      ),
    )
    .leftJoin(companyPrices, companyPriceOn(carts.userId, lines.itemId))
    .where(where)
    .orderBy(asc(lines.id));
}

/**
 * The two line reads every cart answer makes, as named prepared statements: their eight-table join costs
 * PostgreSQL more to plan than to run, so it is planned once per connection. Both read a whole cart, since
 * every line's price depends on the cart's weight: `ofCart`, and `ofCartOfLine`, the cart holding one of
 * the user's lines (nothing when the line is not theirs).
 */
export function prepareLineViews(db: Db) {
  const ofCart = lineViewsQuery(db, cartItems, eq(cartItems.cartId, sql.placeholder('cartId'))).prepare(
    'cart_lines_of_cart',
  );
  const ofCartOfLine = lineViewsQuery(
    db,
    cartItems,
    and(
      sql`${cartItems.cartId} = (select own.cart_id from ${cartItems} as own where own.id = ${sql.placeholder('lineId')})`,
      eq(carts.userId, sql.placeholder('userId')),
    ),
  ).prepare('cart_lines_of_line');
  return {
    ofCart: (cartId: number) => ofCart.execute({ cartId }),
    ofCartOfLine: (lineId: number, userId: number) => ofCartOfLine.execute({ lineId, userId }),
  };
}

/**
 * The postcode a cart's delivery is priced for: the one the buyer gave the cart, else their
 * default shipping address's, else the default billing one's, else their only address's (the address an
 * order of theirs takes when it is never told, decision 009), so the cart, a spec-2 client's intent (which
 * names no address) and its order charge the same. Null: the mainland. A subquery of the lines' reads.
 */
export function cartPostcode() {
  return sql<string | null>`coalesce(${carts.deliveryPostalCode}, (
    select book.postal_code from ${addresses} book join ${users} owner on owner.id = ${carts.userId}
    where book.user_id = owner.id and book.id = coalesce(owner.default_shipping_address_id,
      owner.default_billing_address_id,
      (select case when count(*) = 1 then min(sole.id) end from ${addresses} sole where sole.user_id = owner.id))
  ))`;
}

/**
 * Sets the cart's delivery choice: the keys given, the rest as they are. The caller has checked
 * the cart is the user's own.
 */
export async function updateCartDelivery(
  db: Db,
  cartId: number,
  values: {
    deliveryPostalCode?: string | null;
    deliveryService?: DeliveryService | null;
    deliveryExtras?: DeliveryExtra[];
  },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(carts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}
