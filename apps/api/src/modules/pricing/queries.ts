import type { ExclusiveDiscount, PricingTier } from '@shop/domain';
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  companies,
  companyMembers,
  companyPrices,
  exclusivePrices,
  pricingData,
  pricingTiers,
  productVariants,
  tableFields,
  users,
} from '../../db/schema';

type Window = { limit: number; offset: number };

/**
 * A column with its table's name. Drizzle leaves the name out in the select list of a one-table select,
 * where a sub-select's `"product_variant_id" = "id"` would then compare the sub-select's own columns.
 */
const q = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** `count(*) over ()`: the number of all rows the page is cut from, in the page's own statement. */
const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/** `= any($name::int[])`: one bound array, so one statement text whatever the number of ids. */
const anyOf = (column: AnyPgColumn, name: string) => sql`${column} = any(${sql.placeholder(name)}::int[])`;

const countOf = () => sql<number>`count(*)`.mapWith(Number);

// ---------------------------------------------------------------------------------------------
// Variants
// ---------------------------------------------------------------------------------------------

export type VariantRow = typeof productVariants.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Table fields
// ---------------------------------------------------------------------------------------------

export type TableFieldRow = typeof tableFields.$inferSelect;

export async function countTableFields(db: Db, variantId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(tableFields)
    .where(eq(tableFields.productVariantId, variantId));
  return row?.value ?? 0;
}

/** Table fields of some variants, each variant's in position order; a window pages them. */
export function selectTableFields(db: Db, variantIds: number[], window?: Window): Promise<TableFieldRow[]> {
  if (variantIds.length === 0) return Promise.resolve([]);
  const query = db
    .select()
    .from(tableFields)
    .where(inArray(tableFields.productVariantId, variantIds))
    .orderBy(asc(tableFields.productVariantId), asc(tableFields.position), asc(tableFields.id));
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

// ---------------------------------------------------------------------------------------------
// Pricing tiers and prices
// ---------------------------------------------------------------------------------------------

export type TierRow = typeof pricingTiers.$inferSelect;

export type PriceRow = { id: number; tierId: number; itemId: number; pricePence: number };

const priceColumns = {
  id: pricingData.id,
  tierId: pricingData.pricingTierId,
  itemId: pricingData.itemId,
  pricePence: pricingData.pricePence,
};

// ---------------------------------------------------------------------------------------------
// Exclusive prices
// ---------------------------------------------------------------------------------------------

/**
 * Whether an exclusive price applies today: its dates are UK calendar days (the shop trades in UK time),
 * inclusive, and a missing one leaves that side open. Every read that prices for a customer adds it.
 */
export function exclusivePriceInForce(): SQL {
  return inForce(exclusivePrices);
}

function inForce(prices: typeof exclusivePrices | typeof companyPrices): SQL {
  const today = sql`(now() at time zone 'Europe/London')::date`;
  return sql`(${prices.startsOn} is null or ${prices.startsOn} <= ${today})
    and (${prices.endsOn} is null or ${prices.endsOn} >= ${today})`;
}

/** Whether a company's exclusive price applies today: the same UK dates as a buyer's own. */
export function companyPriceInForce(): SQL {
  return inForce(companyPrices);
}

/**
 * The user's company when staff have approved it, as a sub-select on `company_members`' unique user id: null
 * when they belong to none, or to a pending or declined company, and for a staff or owner account (staff and
 * owners pay the shop's prices, as they have no exclusive prices of their own). It is read in the statement
 * that prices, so a member removed a moment ago gets no company price on their next request.
 */
export function approvedCompanyOf(userId: SQL | AnyPgColumn | Placeholder): SQL<number | null> {
  // Qualified by hand: inside a one-table select Drizzle names columns without their table.
  return sql<number | null>`(select ${q(companyMembers.companyId)} from ${companyMembers}
    inner join ${companies} on ${q(companies.id)} = ${q(companyMembers.companyId)}
    inner join ${users} on ${q(users.id)} = ${q(companyMembers.userId)}
    where ${q(companyMembers.userId)} = ${userId} and ${q(companies.status)} = 'approved'
      and ${q(users.role)} = 'customer')`;
}

/**
 * The join of `company_prices` on a line: the user's approved company's price of the item, in force today.
 * Every read that joins the user's own `exclusive_prices` joins this beside it, in the same statement, and
 * takes `appliedDiscount()` and `appliedPriceId()` from the two.
 */
export function companyPriceOn(userId: SQL | AnyPgColumn | Placeholder, itemId: SQL | AnyPgColumn): SQL {
  return and(
    eq(companyPrices.itemId, itemId),
    eq(companyPrices.companyId, approvedCompanyOf(userId)),
    companyPriceInForce(),
  )!;
}

/**
 * The discount that applies to a line joined with both prices: the greater (so the lower price), null when
 * neither is in force. The domain's `appliedExclusivePrice` in SQL (`greatest` passes over nulls).
 */
export function appliedDiscount(): SQL<number | null> {
  return sql<
    number | null
  >`greatest(${exclusivePrices.discountPercentage}, ${companyPrices.discountPercentage})`.mapWith(
    exclusivePrices.discountPercentage,
  );
}

/**
 * An exclusive discount or price id, or null on a line of an accepted quote's cart: a quoted price
 * is the price, with no discount taken off it.
 */
export function unlessQuoted<T>(
  quotedPricePence: AnyPgColumn,
  applied: SQL<T | null>,
  decodeAs?: AnyPgColumn,
): SQL<T | null> {
  const unless = sql<T | null>`case when ${quotedPricePence} is null then ${applied} end`;
  return decodeAs ? (unless.mapWith(decodeAs) as SQL<T | null>) : unless;
}

/**
 * The id the API shows for the applied price (`user_exclusive_price`, the exclusive prices' `id`): the
 * company price's when its discount is greater, else the buyer's own (a tie keeps their own), as
 * `appliedExclusivePrice` decides. The cart checks a line's `user_exclusive_price` against it.
 */
export function appliedPriceId(): SQL<number | null> {
  return sql<number | null>`case when ${companyPrices.discountPercentage}
    > coalesce(${exclusivePrices.discountPercentage}, -1) then ${companyPrices.id} else ${exclusivePrices.id} end`;
}

/**
 * Whether a variant's price basis can move with the cart's weight (spec 2, §4: only a variant with units per
 * pallet has a pallet basis). The reads that price cart lines bring tiers and prices only for those variants;
 * every other line keeps the tier its last write settled, which the rule cannot change.
 */
export function basisCanMove(unitsPerPallet: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`coalesce(${unitsPerPallet} > 0, false)`;
}

/**
 * A variant's tiers, each with the item's price in it, as rows of integers `[id, pallet (0 or 1), start, end
 * (-1: none), open-ended (0 or 1), pence (-1: no price)]`: one sub-select without JSON, which costs PostgreSQL
 * well under half of building the same as JSON objects (the cart and checkout reads run it for every line
 * whose basis can move). `tierPricesOf` decodes it.
 */
export function tierPricesRows(variantId: AnyPgColumn, itemId: AnyPgColumn): SQL<number[][]> {
  return sql<number[][]>`(
    select coalesce(array_agg(array[${pricingTiers.id}, (${pricingTiers.tierType} = 'pallet')::int,
      ${pricingTiers.rangeStart}, coalesce(${pricingTiers.rangeEnd}, -1), ${pricingTiers.noEndRange}::int,
      coalesce(${pricingData.pricePence}, -1)]
      order by ${pricingTiers.tierType}, ${pricingTiers.rangeStart}, ${pricingTiers.id}), '{}')
    from ${pricingTiers} left join ${pricingData}
      on ${pricingData.pricingTierId} = ${pricingTiers.id} and ${pricingData.itemId} = ${itemId}
    where ${pricingTiers.productVariantId} = ${variantId})`;
}

/** The tiers and the item's prices (by tier id) of `tierPricesRows`' integers; a variant without tiers has none. */
export function tierPricesOf(rows: readonly (readonly number[])[]): {
  tiers: PricingTier[];
  prices: Map<number, number>;
} {
  const tiers: PricingTier[] = [];
  const prices = new Map<number, number>();
  for (const [id, pallet, start, end, open, pence] of rows) {
    tiers.push({
      id: id!,
      tier_type: pallet === 1 ? 'pallet' : 'pack',
      range_start: start!,
      range_end: end === -1 ? null : end!,
      no_end_range: open === 1,
    });
    if (pence !== -1) prices.set(id!, pence!);
  }
  return { tiers, prices };
}

/** One item's exclusive prices in force for a user: their own and their approved company's, either may be null. */
export type ExclusivePricesRow = {
  itemId: number;
  personal: ExclusiveDiscount | null;
  company: ExclusiveDiscount | null;
};

/**
 * The user's own prices in force and their approved company's, of some items or all, one row per item that
 * has either (a full join of the two on the item): the base of the list and of its count.
 */
function exclusivePricesByItem(db: Db, userId: number, itemIds: number[] | undefined) {
  const personal = db
    .select({
      itemId: exclusivePrices.itemId,
      id: exclusivePrices.id,
      discount: exclusivePrices.discountPercentage,
    })
    .from(exclusivePrices)
    .where(
      and(
        eq(exclusivePrices.userId, userId),
        itemIds ? inArray(exclusivePrices.itemId, itemIds) : undefined,
        exclusivePriceInForce(),
      ),
    )
    .as('personal');
  const company = db
    .select({
      itemId: companyPrices.itemId,
      id: companyPrices.id,
      discount: companyPrices.discountPercentage,
    })
    .from(companyPrices)
    .where(
      and(
        eq(companyPrices.companyId, approvedCompanyOf(sql`${userId}`)),
        itemIds ? inArray(companyPrices.itemId, itemIds) : undefined,
        companyPriceInForce(),
      ),
    )
    .as('company');
  return { personal, company };
}

export async function countExclusivePrices(db: Db, userId: number, itemIds?: number[]): Promise<number> {
  const { personal, company } = exclusivePricesByItem(db, userId, itemIds);
  const [row] = await db
    .select({ value: count() })
    .from(personal)
    .fullJoin(company, eq(company.itemId, personal.itemId));
  return row?.value ?? 0;
}

/** A user's exclusive prices in force, their own and their company's, by item; optionally of some items only. */
export async function selectExclusivePrices(
  db: Db,
  userId: number,
  itemIds: number[] | undefined,
  window: Window,
): Promise<ExclusivePricesRow[]> {
  const { personal, company } = exclusivePricesByItem(db, userId, itemIds);
  const itemId = sql<number>`coalesce(${personal.itemId}, ${company.itemId})`;
  const rows = await db
    .select({
      itemId,
      personalId: personal.id,
      personalDiscount: sql<number | null>`${personal.discount}`.mapWith(Number),
      companyId: company.id,
      companyDiscount: sql<number | null>`${company.discount}`.mapWith(Number),
    })
    .from(personal)
    .fullJoin(company, eq(company.itemId, personal.itemId))
    .orderBy(asc(itemId))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => ({
    itemId: row.itemId,
    personal:
      row.personalId === null ? null : { id: row.personalId, discount_percentage: row.personalDiscount! },
    company: row.companyId === null ? null : { id: row.companyId, discount_percentage: row.companyDiscount! },
  }));
}

// ---------------------------------------------------------------------------------------------
// The product page's reads as named prepared statements, one each
// ---------------------------------------------------------------------------------------------

/** A table field as JSON gives it from a sub-select: `[id, name, field_type, long_field]`. */
export type FieldTuple = [
  id: number,
  name: string,
  fieldType: TableFieldRow['fieldType'],
  longField: boolean,
];
/** A tier as JSON gives it from a sub-select: `[id, tier_type, range_start, range_end, no_end_range]`. */
export type TierTuple = [
  id: number,
  tierType: TierRow['tierType'],
  rangeStart: number,
  rangeEnd: number | null,
  noEndRange: boolean,
];

/** A variant with its table fields and tiers, each list in order (null when empty), and the page's total. */
export type VariantWithListsRow = VariantRow & {
  total: number;
  fields: FieldTuple[] | null;
  tiers: TierTuple[] | null;
};

/** A tier with the price of each of its items (`[item, price_pence]` by item), and the page's total. */
export type TierWithPricesRow = TierRow & {
  total: number;
  prices: [item: number, pricePence: number][] | null;
};

export type PriceRowWithTotal = PriceRow & { total: number };

/**
 * The variant, tier and price reads of the product page, each one named statement: parsed and planned once
 * per connection, a page and the number of all its rows in one round trip. The counts are for an empty page
 * past the end only.
 */
export function preparePricingReads(db: Db) {
  const variants = db
    .select({
      ...getTableColumns(productVariants),
      total: totalOver(),
      fields: sql<
        FieldTuple[] | null
      >`(select json_agg(json_build_array(${q(tableFields.id)}, ${q(tableFields.name)}, ${q(tableFields.fieldType)}, ${q(tableFields.longField)}) order by ${q(tableFields.position)}, ${q(tableFields.id)}) from ${tableFields} where ${q(tableFields.productVariantId)} = ${q(productVariants.id)})`,
      tiers: sql<
        TierTuple[] | null
      >`(select json_agg(json_build_array(${q(pricingTiers.id)}, ${q(pricingTiers.tierType)}, ${q(pricingTiers.rangeStart)}, ${q(pricingTiers.rangeEnd)}, ${q(pricingTiers.noEndRange)}) order by ${q(pricingTiers.tierType)}, ${q(pricingTiers.rangeStart)}, ${q(pricingTiers.id)}) from ${pricingTiers} where ${q(pricingTiers.productVariantId)} = ${q(productVariants.id)})`,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, sql.placeholder('product')))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('pricing_variants_of_product');
  const variantCount = db
    .select({ value: countOf() })
    .from(productVariants)
    .where(eq(productVariants.productId, sql.placeholder('product')))
    .prepare('pricing_variants_of_product_count');

  const tiers = db
    .select({
      ...getTableColumns(pricingTiers),
      total: totalOver(),
      prices: sql<
        [number, number][] | null
      >`(select json_agg(json_build_array(${q(pricingData.itemId)}, ${q(pricingData.pricePence)}) order by ${q(pricingData.itemId)}) from ${pricingData} where ${q(pricingData.pricingTierId)} = ${q(pricingTiers.id)})`,
    })
    .from(pricingTiers)
    .where(anyOf(pricingTiers.productVariantId, 'variants'))
    .orderBy(
      asc(pricingTiers.productVariantId),
      asc(pricingTiers.tierType),
      asc(pricingTiers.rangeStart),
      asc(pricingTiers.id),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('pricing_tiers_with_prices');
  const tierCount = db
    .select({ value: countOf() })
    .from(pricingTiers)
    .where(anyOf(pricingTiers.productVariantId, 'variants'))
    .prepare('pricing_tiers_with_prices_count');

  const prices = db
    .select({ ...priceColumns, total: totalOver() })
    .from(pricingData)
    .innerJoin(pricingTiers, eq(pricingTiers.id, pricingData.pricingTierId))
    .where(anyOf(pricingData.itemId, 'items'))
    .orderBy(
      asc(pricingData.itemId),
      asc(pricingTiers.tierType),
      asc(pricingTiers.rangeStart),
      asc(pricingTiers.id),
    )
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('pricing_prices_of_items');
  const priceCount = db
    .select({ value: countOf() })
    .from(pricingData)
    .where(anyOf(pricingData.itemId, 'items'))
    .prepare('pricing_prices_of_items_count');

  const first = async (rows: Promise<{ value: number }[]>) => (await rows)[0]?.value ?? 0;
  return {
    variantsOfProduct: (productId: number, window: Window) =>
      variants.execute({ product: productId, ...window }) as Promise<VariantWithListsRow[]>,
    countVariantsOfProduct: (productId: number) => first(variantCount.execute({ product: productId })),
    tiersWithPrices: (variantIds: number[], window: Window) =>
      tiers.execute({ variants: variantIds, ...window }) as Promise<TierWithPricesRow[]>,
    countTiers: (variantIds: number[]) => first(tierCount.execute({ variants: variantIds })),
    pricesOfItems: (itemIds: number[], window: Window) =>
      prices.execute({ items: itemIds, ...window }) as Promise<PriceRowWithTotal[]>,
    countPricesOfItems: (itemIds: number[]) => first(priceCount.execute({ items: itemIds })),
  };
}
