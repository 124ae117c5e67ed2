import type { PricingTier, QuickOrderSkuSuggestion } from '@shop/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import {
  cartItems,
  carts,
  categories,
  companyPrices,
  exclusivePrices,
  items,
  pricingData,
  products,
  productVariants,
  type PackUnit,
} from '../../db/schema';
import {
  appliedDiscount,
  appliedPriceId,
  companyPriceOn,
  exclusivePriceInForce,
  tierPricesOf,
  tierPricesRows,
} from '../pricing/service';

type WeightUnit = 'kg' | 'lb' | 'oz' | 'g';

/** Text with LIKE's wildcards escaped, so a typed `%` or `_` matches itself. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A line of the user's cart as the check weighs it: `[item id, packs, units per pack, weight, unit]`. */
export type CartLineTuple = [
  itemId: number,
  packs: number,
  unitsPerPack: number,
  weight: number,
  unit: WeightUnit,
];

/**
 * An item a quick-order line names, with what the checks need: its variant's tiers and its prices
 * (`[tier id, pence]`), the exclusive price that applies to the user (their own or their approved company's,
 * the greater discount), and the user's cart lines (the same on every row: the weight basis and the stock
 * already held count them).
 */
export type QuickOrderItemRow = {
  id: number;
  sku: string;
  title: string;
  status: 'active' | 'inactive';
  unitsPerPack: number;
  stock: number;
  trackInventory: boolean;
  weight: number;
  weightUnit: WeightUnit;
  unitsPerPallet: number | null;
  showUnitsPer: PackUnit;
  productSlug: string;
  categorySlug: string;
  exclusivePriceId: number | null;
  discountPercentage: number | null;
  tiers: PricingTier[];
  prices: [tierId: number, pence: number][];
  cart: CartLineTuple[];
};

/** The items of the user's cart lines, in the read below (`items` is also the read's own table). */
const CART_ITEM = 'cart_item';

/**
 * The quick order's one read, as a named statement built once per database handle: the items whose SKU
 * is in `skus` (one bound array, so one statement text for any number of lines; the unique index on
 * `sku` finds them), each with its variant, product and category, its tiers and prices, the exclusive
 * price that applies to the user and the user's cart lines. The cart sub-select is uncorrelated, so it runs once.
 */
export function prepareQuickOrderRead(db: Db) {
  const cartItem = alias(items, CART_ITEM);
  const statement = db
    .select({
      id: items.id,
      sku: items.sku,
      title: items.title,
      status: items.status,
      unitsPerPack: items.unitsPerPack,
      stock: items.stock,
      trackInventory: items.trackInventory,
      weight: items.weight,
      weightUnit: items.weightUnit,
      unitsPerPallet: productVariants.unitsPerPallet,
      showUnitsPer: productVariants.showUnitsPer,
      productSlug: products.slug,
      categorySlug: categories.slug,
      exclusivePriceId: appliedPriceId(),
      discountPercentage: appliedDiscount(),
      tierPrices: tierPricesRows(productVariants.id, items.id),
      cart: sql<CartLineTuple[]>`(
        select coalesce(json_agg(json_build_array(${cartItems.itemId}, ${cartItems.packQuantity},
          ${cartItem.unitsPerPack}, ${cartItem.weight}, ${cartItem.weightUnit}) order by ${cartItems.id}), '[]'::json)
        from ${cartItems}
        join ${carts} on ${carts.id} = ${cartItems.cartId}
        join ${items} as ${sql.identifier(CART_ITEM)} on ${cartItem.id} = ${cartItems.itemId}
        where ${carts.userId} = ${sql.placeholder('userId')} and ${carts.quoteId} is null)`,
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(
      exclusivePrices,
      and(
        eq(exclusivePrices.itemId, items.id),
        eq(exclusivePrices.userId, sql.placeholder('userId')),
        exclusivePriceInForce(),
      ),
    )
    .leftJoin(companyPrices, companyPriceOn(sql.placeholder('userId'), items.id))
    .where(sql`${items.sku} = any(${sql.placeholder('skus')}::text[])`)
    .prepare('quick_order_items');
  return async (userId: number, skus: string[]): Promise<QuickOrderItemRow[]> => {
    const rows = await statement.execute({ userId, skus });
    return rows.map(({ tierPrices, ...row }) => {
      const { tiers, prices } = tierPricesOf(tierPrices);
      return { ...(row as Omit<QuickOrderItemRow, 'tiers' | 'prices'>), tiers, prices: [...prices] };
    });
  };
}

/**
 * The SKU field's suggestions, as a named statement: active items with a price whose SKU or title
 * contains the text (the trigram index on `sku || ' ' || title` serves it), SKUs that start with it
 * first, then by SKU; a page of them with the number of all matches.
 */
export function prepareSkuSuggestions(db: Db) {
  const skuAndTitle = sql`(${items.sku} || ' ' || ${items.title})`;
  const statement = db
    .select({
      id: items.id,
      sku: items.sku,
      title: items.title,
      productName: products.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        sql`${skuAndTitle} ilike ${sql.placeholder('pattern')}`,
        eq(items.status, 'active'),
        sql`exists (select 1 from ${pricingData} where ${pricingData.itemId} = ${items.id})`,
      ),
    )
    .orderBy(sql`${items.sku} ilike ${sql.placeholder('prefix')} desc`, asc(items.sku))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('quick_order_skus');
  return (text: string, window: { limit: number; offset: number }) =>
    statement.execute({
      pattern: `%${likeEscaped(text)}%`,
      prefix: `${likeEscaped(text)}%`,
      ...window,
    });
}

/**
 * The closest SKUs on sale (active, priced) to each of some unknown SKUs, in one statement: the trigram index on
 * `sku || ' ' || title` finds the candidates whose words are like the typed SKU (`%>`, pg_trgm's word
 * similarity), ranked by how like the SKU itself they are, at most `perSku` each. Keyed by the SKU as typed.
 */
export async function selectClosestSkus(
  db: Db,
  skus: readonly string[],
  perSku: number,
): Promise<Map<string, QuickOrderSkuSuggestion[]>> {
  const skuAndTitle = sql`(${items.sku} || ' ' || ${items.title})`;
  const rows = rowsOf<{ typed: string; id: number; sku: string; title: string; product_name: string }>(
    await db.execute(sql`
      select typed.value as typed, closest.*
      from json_array_elements_text(${JSON.stringify(skus)}::json) as typed
      cross join lateral (
        select ${items.id} as id, ${items.sku} as sku, ${items.title} as title, ${products.name} as product_name
        from ${items}
        join ${productVariants} on ${productVariants.id} = ${items.productVariantId}
        join ${products} on ${products.id} = ${productVariants.productId}
        where ${skuAndTitle} %> upper(typed.value)
          and ${items.status} = 'active'
          and exists (select 1 from ${pricingData} where ${pricingData.itemId} = ${items.id})
        order by word_similarity(upper(typed.value), ${items.sku}) desc, ${items.sku}
        limit ${perSku}
      ) as closest`),
  );
  const bySku = new Map<string, QuickOrderSkuSuggestion[]>();
  for (const row of rows) {
    const list = bySku.get(row.typed) ?? [];
    list.push({ id: Number(row.id), sku: row.sku, title: row.title, product_name: row.product_name });
    bySku.set(row.typed, list);
  }
  return bySku;
}
