import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  categories,
  itemDataEntries,
  itemImages,
  items,
  pricingData,
  pricingTiers,
  productImages,
  products,
  productVariants,
  tableFields,
} from '../../db/schema';

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  image: categories.image,
  sliderImage: categories.sliderImage,
  createdAt: categories.createdAt,
};

export type CategoryRow = {
  id: number;
  name: string;
  slug: string;
  description: string;
  image: string | null;
  sliderImage: string | null;
  createdAt: Date;
};

export async function countCategories(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(categories);
  return row?.value ?? 0;
}

export function selectCategories(db: Db, window: { limit: number; offset: number }): Promise<CategoryRow[]> {
  return db
    .select(categoryColumns)
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function selectCategoryBySlug(db: Db, slug: string): Promise<CategoryRow | null> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.slug, slug)).limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

export type ProductRow = {
  id: number;
  name: string;
  slug: string;
  description: string;
  categoryName: string;
  categorySlug: string;
  updatedAt: Date;
};

const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  categoryName: categories.name,
  categorySlug: categories.slug,
  updatedAt: products.updatedAt,
};

export interface ProductFilter {
  category?: string | undefined;
  slug?: string | undefined;
}

function productConditions(filter: ProductFilter): SQL | undefined {
  return and(
    filter.category !== undefined ? eq(categories.slug, filter.category) : undefined,
    filter.slug !== undefined ? eq(products.slug, filter.slug) : undefined,
  );
}

export async function countProducts(db: Db, filter: ProductFilter): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(productConditions(filter));
  return row?.value ?? 0;
}

export function selectProducts(
  db: Db,
  filter: ProductFilter,
  window: { limit: number; offset: number },
): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(productConditions(filter))
    .orderBy(asc(products.name), asc(products.id))
    .limit(window.limit)
    .offset(window.offset);
}

export function selectFeaturedProducts(db: Db): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(isNotNull(products.featuredRank))
    .orderBy(asc(products.featuredRank))
    .limit(15);
}

export async function selectProductInCategory(
  db: Db,
  categorySlug: string,
  productSlug: string,
): Promise<ProductRow | null> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.slug, productSlug), eq(categories.slug, categorySlug)))
    .limit(1);
  return row ?? null;
}

export type ProductImageRow = { id: number; productId: number; image: string; altText: string };

/** The images of several products in one query (no N+1). */
export function selectProductImages(db: Db, productIds: number[]): Promise<ProductImageRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: productImages.id,
      productId: productImages.productId,
      image: productImages.image,
      altText: productImages.altText,
    })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
}

/** List-price range and stock of a product's active items. */
export async function selectProductPriceSummary(
  db: Db,
  productId: number,
): Promise<{ lowest: number | null; highest: number | null; inStock: boolean }> {
  const [row] = await db
    .select({
      lowest: sql<number | null>`min(${pricingData.pricePence})`,
      highest: sql<number | null>`max(${pricingData.pricePence})`,
      inStock: sql<boolean>`coalesce(bool_or(not ${items.trackInventory} or ${items.stock} > 0), false)`,
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .leftJoin(pricingData, eq(pricingData.itemId, items.id))
    .where(and(eq(productVariants.productId, productId), eq(items.status, 'active')));
  return {
    lowest: row?.lowest === null || row?.lowest === undefined ? null : Number(row.lowest),
    highest: row?.highest === null || row?.highest === undefined ? null : Number(row.highest),
    inStock: Boolean(row?.inStock),
  };
}

export function selectSitemapProducts(db: Db) {
  return db
    .select({ slug: products.slug, categorySlug: categories.slug, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(asc(categories.position), asc(products.name));
}

export function selectCategorySlugs(db: Db) {
  return db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.position));
}

// ---------------------------------------------------------------------------------------------
// Product search (suggestions)
// ---------------------------------------------------------------------------------------------

/**
 * Words shorter than this are matched as substrings only; longer ones also by trigram similarity,
 * so "palet" finds "Pallet" while "pa" does not drag in every word sharing two letters.
 */
const FUZZY_MIN_LENGTH = 4;
/** pg_trgm word_similarity a typed word must reach against a name (one typo in a 5-6 letter word). */
const WORD_SIMILARITY = 0.5;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Products whose name or category name matches every typed word, in any order: each word as a
 * substring (case-insensitive, served by the trigram GIN indexes from 3 letters) or, from 4 letters,
 * as a near word (pg_trgm `<%`, also served by the indexes). Ranked: name starts with the text,
 * a name word starts with it, the category name starts with it, then by similarity.
 */
function wordPattern(word: string): string {
  return `%${escapeLike(word)}%`;
}

/** The categories whose name matches a word (the categories table is small; one query per word). */
async function categoriesMatching(tx: Db, word: string): Promise<number[]> {
  const rows = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      word.length >= FUZZY_MIN_LENGTH
        ? sql`${categories.name} ilike ${wordPattern(word)} or ${word} <% ${categories.name}`
        : sql`${categories.name} ilike ${wordPattern(word)}`,
    );
  return rows.map((row) => row.id);
}

/**
 * Every word must match the product's name (substring, or from 4 letters a near word) or be matched by
 * its category (ids found first, so the conditions stay on `products` and its indexes can combine).
 */
function searchConditions(words: string[], categoryIds: number[][]): SQL {
  const perWord = words.map((word, i) => {
    const matchers: SQL[] = [sql`${products.name} ilike ${wordPattern(word)}`];
    if (word.length >= FUZZY_MIN_LENGTH) matchers.push(sql`${word} <% ${products.name}`);
    const ids = categoryIds[i] ?? [];
    if (ids.length > 0) matchers.push(inArray(products.categoryId, ids));
    return sql`(${sql.join(matchers, sql` or `)})`;
  });
  return sql.join(perWord, sql` and `);
}

export async function searchProducts(
  db: Db,
  text: string,
  filter: ProductFilter,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: ProductRow[] }> {
  const query = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const words = [...new Set(query.split(' ').filter(Boolean))].slice(0, 6);
  if (words.length === 0) return { count: 0, rows: [] };
  const prefix = `${escapeLike(query)}%`;
  const wordPrefix = `% ${escapeLike(query)}%`;

  // The threshold applies to `<%` in this transaction only.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`,
    );
    const categoryIds = await Promise.all(words.map((word) => categoriesMatching(tx, word)));
    const where = and(searchConditions(words, categoryIds), productConditions(filter));
    // One query answers the page and, through the window function, the total.
    const rows = await tx
      .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(
        sql`case
          when lower(${products.name}) like ${prefix} then 0
          when lower(${products.name}) like ${wordPrefix} then 1
          when lower(${categories.name}) like ${prefix} then 2
          else 3 end`,
        sql`greatest(word_similarity(${query}, ${products.name}), word_similarity(${query}, ${categories.name})) desc`,
        asc(products.name),
        asc(products.id),
      )
      .limit(window.limit)
      .offset(window.offset);
    let total = rows[0]?.total;
    if (total === undefined) {
      // A page past the end has no rows to carry the total.
      const [counted] = await tx
        .select({ value: count() })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(where);
      total = counted?.value ?? 0;
    }
    return { count: total, rows: rows.map(({ total: _total, ...row }) => row) };
  });
}

// ---------------------------------------------------------------------------------------------
// The product page: one query per table, by product, whatever the number of variants and items
// ---------------------------------------------------------------------------------------------

/** The ids of a product's active items (a subquery; never read on its own). */
function activeItemIdsOf(db: Db, productId: number) {
  return db
    .select({ id: items.id })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .where(and(eq(productVariants.productId, productId), eq(items.status, 'active')));
}

/** A product's table fields, per variant in position order. */
export function selectProductTableFields(db: Db, productId: number) {
  return db
    .select({
      id: tableFields.id,
      productVariantId: tableFields.productVariantId,
      name: tableFields.name,
      fieldType: tableFields.fieldType,
      longField: tableFields.longField,
      position: tableFields.position,
    })
    .from(tableFields)
    .innerJoin(productVariants, eq(productVariants.id, tableFields.productVariantId))
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(tableFields.productVariantId), asc(tableFields.position), asc(tableFields.id));
}

/** A product's pricing tiers, per variant: pack tiers then pallet tiers, each by range start. */
export function selectProductTiers(db: Db, productId: number) {
  return db
    .select({
      id: pricingTiers.id,
      productVariantId: pricingTiers.productVariantId,
      tierType: pricingTiers.tierType,
      rangeStart: pricingTiers.rangeStart,
      rangeEnd: pricingTiers.rangeEnd,
      noEndRange: pricingTiers.noEndRange,
    })
    .from(pricingTiers)
    .innerJoin(productVariants, eq(productVariants.id, pricingTiers.productVariantId))
    .where(eq(productVariants.productId, productId))
    .orderBy(
      asc(pricingTiers.productVariantId),
      asc(pricingTiers.tierType),
      asc(pricingTiers.rangeStart),
      asc(pricingTiers.id),
    );
}

/** A product's active items, per variant in table order (by id). */
export function selectProductActiveItems(db: Db, productId: number) {
  return db
    .select({ item: items })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .where(and(eq(productVariants.productId, productId), eq(items.status, 'active')))
    .orderBy(asc(items.productVariantId), asc(items.id))
    .then((rows) => rows.map((row) => row.item));
}

export function selectProductItemImages(db: Db, productId: number) {
  return db
    .select({ ownerId: itemImages.itemId, image: itemImages.image, altText: itemImages.altText })
    .from(itemImages)
    .where(inArray(itemImages.itemId, activeItemIdsOf(db, productId)))
    .orderBy(asc(itemImages.itemId), asc(itemImages.position), asc(itemImages.id));
}

export function selectProductDataEntries(db: Db, productId: number) {
  return db
    .select({
      itemId: itemDataEntries.itemId,
      field: itemDataEntries.tableFieldId,
      valueText: itemDataEntries.valueText,
      valueNumber: itemDataEntries.valueNumber,
      valueImage: itemDataEntries.valueImage,
    })
    .from(itemDataEntries)
    .where(inArray(itemDataEntries.itemId, activeItemIdsOf(db, productId)))
    .orderBy(asc(itemDataEntries.itemId), asc(itemDataEntries.tableFieldId));
}

/** The list prices of a product's active items, per item in tier order. */
export function selectProductPrices(db: Db, productId: number) {
  return db
    .select({
      itemId: pricingData.itemId,
      tierId: pricingData.pricingTierId,
      pricePence: pricingData.pricePence,
    })
    .from(pricingData)
    .innerJoin(pricingTiers, eq(pricingTiers.id, pricingData.pricingTierId))
    .where(inArray(pricingData.itemId, activeItemIdsOf(db, productId)))
    .orderBy(
      asc(pricingData.itemId),
      asc(pricingTiers.tierType),
      asc(pricingTiers.rangeStart),
      asc(pricingTiers.id),
    );
}
