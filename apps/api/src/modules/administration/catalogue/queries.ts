import { and, asc, count, desc, eq, getTableName, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import {
  cartItems,
  categories,
  itemDataEntries,
  items,
  pricingData,
  pricingTiers,
  productImages,
  products,
  productVariants,
  stockMovements,
  tableFields,
  users,
  type PackUnit,
} from '../../../db/schema';
import { COUNT_CAP } from '../listing';

export type Window = { limit: number; offset: number };

/** A column with its table's name, for sub-selects that must not bind to their own table's columns. */
const q = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** `count(*) over ()`: the number of all rows a page is cut from (small tables only). */
const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/** A LIKE pattern matching `text` anywhere, its own wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * How many rows a filter matches, counting at most COUNT_CAP + 1 of them: past the cap the list says
 * "10,000+" instead of counting all 100k.
 */
async function cappedCount(db: Db, table: typeof items | typeof products, where: SQL | undefined) {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ value: count() }).from(capped);
  return row?.value ?? 0;
}

/**
 * The count of a paged read: from the page itself when it is not full, else a capped count. Answers the
 * count and whether it is capped.
 */
export async function countOfList(
  rows: number,
  window: Window,
  countAll: () => Promise<number>,
): Promise<{ count: number; capped: boolean }> {
  if (rows > 0 && rows < window.limit) return { count: window.offset + rows, capped: false };
  if (rows === 0 && window.offset === 0) return { count: 0, capped: false };
  const counted = await countAll();
  return counted > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: counted, capped: false };
}

/** The PostgreSQL error behind a failed statement (Drizzle wraps the driver's), if any. */
function pgErrorOf(error: unknown): { code?: string; constraint?: string } | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return cause as unknown as { code: string; constraint?: string };
    cause = cause.cause;
  }
  return null;
}

/** The constraint a unique violation (23505) or foreign-key violation (23503) names, else null. */
export function violatedConstraint(error: unknown): { kind: 'unique' | 'foreign_key'; name: string } | null {
  const pg = pgErrorOf(error);
  if (!pg || (pg.code !== '23505' && pg.code !== '23503')) return null;
  const name = pg.constraint ?? /"([^"]+)"/.exec((error as Error).message)?.[1] ?? '';
  return { kind: pg.code === '23505' ? 'unique' : 'foreign_key', name };
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryWrite = Partial<Omit<typeof categories.$inferInsert, 'id' | 'createdAt'>>;

const productCount =
  sql<number>`(select count(*) from ${products} where ${q(products.categoryId)} = ${q(categories.id)})`.mapWith(
    Number,
  );

export function selectCategoryPage(
  db: Db,
  filter: { q?: string | undefined; ordering: 'position' | 'name'; descending: boolean },
  window: Window,
) {
  const direction = filter.descending ? desc : asc;
  return db
    .select({ category: categories, productCount, total: totalOver() })
    .from(categories)
    .where(filter.q ? sql`${categories.name} ilike ${containsPattern(filter.q)}` : undefined)
    .orderBy(
      direction(filter.ordering === 'name' ? categories.name : categories.position),
      direction(categories.id),
    )
    .limit(window.limit)
    .offset(window.offset);
}

export async function countCategories(db: Db, q: string | undefined): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(categories)
    .where(q ? sql`${categories.name} ilike ${containsPattern(q)}` : undefined);
  return row?.value ?? 0;
}

export async function selectCategory(db: Db, id: number, lock = false) {
  const query = db
    .select({ category: categories, productCount })
    .from(categories)
    .where(eq(categories.id, id));
  const [row] = await (lock ? query.for('update', { of: categories }) : query);
  return row ?? null;
}

export async function categorySlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), exceptId ? ne(categories.id, exceptId) : undefined));
  return row !== undefined;
}

export async function insertCategory(db: Db, values: typeof categories.$inferInsert): Promise<number> {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
  return row!.id;
}

export async function updateCategory(db: Db, id: number, values: CategoryWrite): Promise<void> {
  if (Object.keys(values).length > 0) await db.update(categories).set(values).where(eq(categories.id, id));
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

export type ProductRow = typeof products.$inferSelect;
export type ProductWrite = Partial<Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;

const productListColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  categoryId: products.categoryId,
  categoryName: categories.name,
  categorySlug: categories.slug,
  featuredRank: products.featuredRank,
  createdAt: products.createdAt,
};

export type ProductListRow = {
  id: number;
  name: string;
  slug: string;
  categoryId: number;
  categoryName: string;
  categorySlug: string;
  featuredRank: number | null;
  createdAt: Date;
};

function productWhere(filter: { q?: string | undefined; category?: number | undefined }) {
  return and(
    filter.q ? sql`${products.name} ilike ${containsPattern(filter.q)}` : undefined,
    filter.category ? eq(products.categoryId, filter.category) : undefined,
  );
}

/** A page of products, by name or by creation (id order: ids are handed out as products are created). */
export function selectProductPage(
  db: Db,
  filter: {
    q?: string | undefined;
    category?: number | undefined;
    ordering: 'name' | 'created_at';
    descending: boolean;
  },
  window: Window,
): Promise<ProductListRow[]> {
  const direction = filter.descending ? desc : asc;
  const order =
    filter.ordering === 'name'
      ? [direction(products.name), direction(products.id)]
      : [direction(products.id)];
  return db
    .select(productListColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(productWhere(filter))
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
}

export const countProducts = (db: Db, filter: { q?: string | undefined; category?: number | undefined }) =>
  cappedCount(db, products, productWhere(filter));

export async function selectProduct(db: Db, id: number, lock = false) {
  const query = db
    .select({ product: products, categoryName: categories.name, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  const [row] = await (lock ? query.for('update', { of: products }) : query);
  return row ?? null;
}

export async function productSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), exceptId ? ne(products.id, exceptId) : undefined));
  return row !== undefined;
}

export async function featuredRankTaken(db: Db, rank: number, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.featuredRank, rank), exceptId ? ne(products.id, exceptId) : undefined));
  return row !== undefined;
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return row !== undefined;
}

export async function insertProduct(db: Db, values: typeof products.$inferInsert): Promise<number> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export async function updateProduct(db: Db, id: number, values: ProductWrite): Promise<void> {
  if (Object.keys(values).length > 0) await db.update(products).set(values).where(eq(products.id, id));
}

export async function deleteProduct(db: Db, id: number): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}

export type FieldTuple = [id: number, name: string, fieldType: string, longField: boolean, position: number];
export type ItemTuple = [
  id: number,
  sku: string,
  title: string,
  stock: number,
  trackInventory: boolean,
  status: 'active' | 'inactive',
];

const fieldsOfVariant = sql<
  FieldTuple[] | null
>`(select json_agg(json_build_array(${q(tableFields.id)}, ${q(tableFields.name)}, ${q(tableFields.fieldType)}, ${q(tableFields.longField)}, ${q(tableFields.position)}) order by ${q(tableFields.position)}, ${q(tableFields.id)}) from ${tableFields} where ${q(tableFields.productVariantId)} = ${q(productVariants.id)})`;
const tierCount =
  sql<number>`(select count(*) from ${pricingTiers} where ${q(pricingTiers.productVariantId)} = ${q(productVariants.id)})`.mapWith(
    Number,
  );

/** A product's variants in order, each with its table fields, its items (by SKU) and its number of tiers. */
export function selectVariantsOfProduct(db: Db, productId: number) {
  return db
    .select({
      variant: productVariants,
      fields: fieldsOfVariant,
      tierCount,
      items: sql<
        ItemTuple[] | null
      >`(select json_agg(json_build_array(${q(items.id)}, ${q(items.sku)}, ${q(items.title)}, ${q(items.stock)}, ${q(items.trackInventory)}, ${q(items.status)}) order by ${q(items.sku)}) from ${items} where ${q(items.productVariantId)} = ${q(productVariants.id)})`,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

// ---------------------------------------------------------------------------------------------
// Product images
// ---------------------------------------------------------------------------------------------

export type ImageRow = typeof productImages.$inferSelect;

export function selectImagesOfProduct(db: Db, productId: number): Promise<ImageRow[]> {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

export async function selectImage(db: Db, productId: number, imageId: number): Promise<ImageRow | null> {
  const [row] = await db
    .select()
    .from(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)));
  return row ?? null;
}

export async function nextImagePosition(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(max(${productImages.position}) + 1, 0)`.mapWith(Number) })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return row?.value ?? 0;
}

export async function insertImage(db: Db, values: typeof productImages.$inferInsert): Promise<ImageRow> {
  const [row] = await db.insert(productImages).values(values).returning();
  return row!;
}

export async function updateImage(db: Db, id: number, values: { altText?: string; position?: number }) {
  if (Object.keys(values).length > 0)
    await db.update(productImages).set(values).where(eq(productImages.id, id));
}

/** Sets every listed image's position to its index, in one statement. */
export async function reorderImages(db: Db, productId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${productImages} set position = ordered.position
    from (select unnest(${sql.param(ids)}::int[]) as id, generate_subscripts(${sql.param(ids)}::int[], 1) - 1 as position) as ordered
    where ${productImages.id} = ordered.id and ${productImages.productId} = ${productId}`);
}

export async function deleteImage(db: Db, id: number): Promise<void> {
  await db.delete(productImages).where(eq(productImages.id, id));
}

export async function imageStillUsed(db: Db, image: string): Promise<boolean> {
  const [row] = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.image, image))
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Variants and table fields
// ---------------------------------------------------------------------------------------------

export type VariantRow = typeof productVariants.$inferSelect;
export type VariantWrite = Partial<Omit<typeof productVariants.$inferInsert, 'id' | 'productId'>>;

/** A variant with its product's name, its table fields and its number of tiers. */
export async function selectVariant(db: Db, id: number, lock = false) {
  const query = db
    .select({ variant: productVariants, productName: products.name, fields: fieldsOfVariant, tierCount })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, id));
  const [row] = await (lock ? query.for('update', { of: productVariants }) : query);
  return row ?? null;
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

export async function insertVariant(db: Db, values: typeof productVariants.$inferInsert): Promise<number> {
  const [row] = await db.insert(productVariants).values(values).returning({ id: productVariants.id });
  return row!.id;
}

export async function updateVariant(db: Db, id: number, values: VariantWrite): Promise<void> {
  if (Object.keys(values).length > 0)
    await db.update(productVariants).set(values).where(eq(productVariants.id, id));
}

export async function deleteVariant(db: Db, id: number): Promise<void> {
  await db.delete(productVariants).where(eq(productVariants.id, id));
}

export type TableFieldRow = typeof tableFields.$inferSelect;
export type TableFieldWrite = Partial<Omit<typeof tableFields.$inferInsert, 'id' | 'productVariantId'>>;

export async function selectTableField(db: Db, id: number): Promise<TableFieldRow | null> {
  const [row] = await db.select().from(tableFields).where(eq(tableFields.id, id));
  return row ?? null;
}

export async function insertTableField(
  db: Db,
  values: typeof tableFields.$inferInsert,
): Promise<TableFieldRow> {
  const [row] = await db.insert(tableFields).values(values).returning();
  return row!;
}

export async function updateTableField(db: Db, id: number, values: TableFieldWrite): Promise<void> {
  if (Object.keys(values).length > 0) await db.update(tableFields).set(values).where(eq(tableFields.id, id));
}

export async function deleteTableField(db: Db, id: number): Promise<void> {
  await db.delete(tableFields).where(eq(tableFields.id, id));
}

export function selectFieldsOfVariant(db: Db, variantId: number): Promise<TableFieldRow[]> {
  return db
    .select()
    .from(tableFields)
    .where(eq(tableFields.productVariantId, variantId))
    .orderBy(asc(tableFields.position), asc(tableFields.id));
}

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

export type ItemRow = typeof items.$inferSelect;
export type ItemWrite = Partial<Omit<typeof items.$inferInsert, 'id' | 'createdAt'>>;

export type ItemOrdering = 'sku' | 'title' | 'stock' | 'created_at';

export interface ItemFilter {
  q?: string | undefined;
  status?: 'active' | 'inactive' | undefined;
  variant?: number | undefined;
}

/** The expression items_sku_title_trgm indexes, written the same way so the planner uses it. */
const skuAndTitle = sql`(${items.sku} || ' ' || ${items.title})`;

function itemWhere(filter: ItemFilter) {
  return and(
    filter.q ? sql`${skuAndTitle} ilike ${containsPattern(filter.q)}` : undefined,
    filter.status ? eq(items.status, filter.status) : undefined,
    filter.variant ? eq(items.productVariantId, filter.variant) : undefined,
  );
}

const itemListColumns = {
  id: items.id,
  sku: items.sku,
  title: items.title,
  stock: items.stock,
  trackInventory: items.trackInventory,
  lowStockThreshold: items.lowStockThreshold,
  status: items.status,
  variantId: items.productVariantId,
  createdAt: items.createdAt,
};
export type ItemListRow = {
  id: number;
  sku: string;
  title: string;
  stock: number;
  trackInventory: boolean;
  lowStockThreshold: number;
  status: 'active' | 'inactive';
  variantId: number;
  createdAt: Date;
};

/**
 * A page of items. SKU order reads the unique index on sku; creation order is id order (ids are handed out
 * as items are created), read from the primary key; title and stock orders sort the filtered rows.
 */
export function selectItemPage(
  db: Db,
  filter: ItemFilter & { ordering: ItemOrdering; descending: boolean },
  window: Window,
): Promise<ItemListRow[]> {
  const direction = filter.descending ? desc : asc;
  const first = { sku: items.sku, title: items.title, stock: items.stock, created_at: null }[filter.ordering];
  // SKUs are unique: their index alone gives the order (an id tie-break would add a sort over the offset).
  const order =
    filter.ordering === 'sku'
      ? [direction(items.sku)]
      : first
        ? [direction(first), direction(items.id)]
        : [direction(items.id)];
  return db
    .select(itemListColumns)
    .from(items)
    .where(itemWhere(filter))
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
}

export const countItems = (db: Db, filter: ItemFilter) => cappedCount(db, items, itemWhere(filter));

export type DataEntryTuple = [
  field: number,
  text: string | null,
  number: number | null,
  image: string | null,
];

/** An item with its variant's and product's names, the variant's table fields and the item's entries. */
export async function selectItem(db: Db, id: number) {
  const [row] = await db
    .select({
      item: items,
      variantName: productVariants.name,
      productId: products.id,
      productName: products.name,
      fields: fieldsOfVariant,
      entries: sql<
        DataEntryTuple[] | null
      >`(select json_agg(json_build_array(${q(itemDataEntries.tableFieldId)}, ${q(itemDataEntries.valueText)}, ${q(itemDataEntries.valueNumber)}, ${q(itemDataEntries.valueImage)}) order by ${q(itemDataEntries.tableFieldId)}) from ${itemDataEntries} where ${q(itemDataEntries.itemId)} = ${q(items.id)})`,
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(items.id, id));
  return row ?? null;
}

/** The item's row, locked until the transaction ends (stock changes and edits queue behind each other). */
export async function lockItem(db: Db, id: number): Promise<ItemRow | null> {
  const [row] = await db.select().from(items).where(eq(items.id, id)).for('update');
  return row ?? null;
}

export async function itemExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: items.id }).from(items).where(eq(items.id, id));
  return row !== undefined;
}

export async function skuTaken(db: Db, sku: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.sku, sku), exceptId ? ne(items.id, exceptId) : undefined));
  return row !== undefined;
}

export async function insertItem(db: Db, values: typeof items.$inferInsert): Promise<number> {
  const [row] = await db.insert(items).values(values).returning({ id: items.id });
  return row!.id;
}

export async function updateItem(db: Db, id: number, values: ItemWrite): Promise<void> {
  if (Object.keys(values).length > 0) await db.update(items).set(values).where(eq(items.id, id));
}

export async function deleteItem(db: Db, id: number): Promise<void> {
  await db.delete(items).where(eq(items.id, id));
}

export type DataEntryWrite = {
  tableFieldId: number;
  valueText: string | null;
  valueNumber: number | null;
  valueImage: string | null;
};

/** Sets an item's values for some table fields (one statement) and removes those for others (one more). */
export async function writeDataEntries(
  db: Db,
  itemId: number,
  set: DataEntryWrite[],
  removeFieldIds: number[],
) {
  if (set.length > 0) {
    await db
      .insert(itemDataEntries)
      .values(set.map((entry) => ({ itemId, ...entry })))
      .onConflictDoUpdate({
        target: [itemDataEntries.itemId, itemDataEntries.tableFieldId],
        set: {
          valueText: sql`excluded.value_text`,
          valueNumber: sql`excluded.value_number`,
          valueImage: sql`excluded.value_image`,
        },
      });
  }
  if (removeFieldIds.length > 0) {
    await db
      .delete(itemDataEntries)
      .where(and(eq(itemDataEntries.itemId, itemId), inArray(itemDataEntries.tableFieldId, removeFieldIds)));
  }
}

// ---------------------------------------------------------------------------------------------
// Stock
// ---------------------------------------------------------------------------------------------

export async function insertMovement(
  db: Db,
  movement: { itemId: number; delta: number; stockAfter: number; reason: string; actorId: number | null },
): Promise<void> {
  await db.insert(stockMovements).values(movement);
}

export function selectMovements(db: Db, itemId: number, window: Window) {
  return db
    .select({
      id: stockMovements.id,
      delta: stockMovements.delta,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      actorEmail: users.email,
      orderId: stockMovements.orderId,
      createdAt: stockMovements.createdAt,
      total: totalOver(),
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.actorId))
    .where(eq(stockMovements.itemId, itemId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countMovements(db: Db, itemId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(stockMovements)
    .where(eq(stockMovements.itemId, itemId));
  return row?.value ?? 0;
}

/** The shortfall items_low_stock_idx orders by: stock less the threshold (0 or less is low). */
const shortfall = sql`(${items.stock} - ${items.lowStockThreshold})`;
const lowStockWhere = sql`${items.trackInventory} and ${shortfall} <= 0 and ${items.status} = 'active'`;

/** Tracked active items at or under their threshold, the shortest first: a walk of items_low_stock_idx. */
export function selectLowStock(db: Db, window: Window) {
  return db
    .select({
      id: items.id,
      sku: items.sku,
      title: items.title,
      stock: items.stock,
      lowStockThreshold: items.lowStockThreshold,
      productId: products.id,
      productName: products.name,
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lowStockWhere)
    .orderBy(asc(shortfall), asc(items.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countLowStock(db: Db): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(items)
    .where(lowStockWhere)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ value: count() }).from(capped);
  return row?.value ?? 0;
}

// ---------------------------------------------------------------------------------------------
// The price table
// ---------------------------------------------------------------------------------------------

export type TierRow = typeof pricingTiers.$inferSelect;

/** A variant's tiers: pack tiers by start, then pallet tiers by start. */
export function selectTiers(db: Db, variantId: number): Promise<TierRow[]> {
  return db
    .select()
    .from(pricingTiers)
    .where(eq(pricingTiers.productVariantId, variantId))
    .orderBy(asc(pricingTiers.tierType), asc(pricingTiers.rangeStart), asc(pricingTiers.id));
}

/** A variant's items by SKU, each with its prices as `[tier, pence]` pairs. */
export function selectPricedItems(db: Db, variantId: number) {
  return db
    .select({
      id: items.id,
      sku: items.sku,
      title: items.title,
      status: items.status,
      prices: sql<
        [number, number][] | null
      >`(select json_agg(json_build_array(${q(pricingData.pricingTierId)}, ${q(pricingData.pricePence)})) from ${pricingData} where ${q(pricingData.itemId)} = ${q(items.id)})`,
    })
    .from(items)
    .where(eq(items.productVariantId, variantId))
    .orderBy(asc(items.sku));
}

export type TierWrite = {
  tierType: PackUnit;
  rangeStart: number;
  rangeEnd: number | null;
  noEndRange: boolean;
};

/** Sets the ranges of existing tiers, one statement for all of them. */
export async function updateTiers(db: Db, tiers: (TierWrite & { id: number })[]): Promise<void> {
  if (tiers.length === 0) return;
  const rows = sql.join(
    tiers.map(
      (tier) =>
        sql`(${tier.id}::int, ${tier.tierType}::pack_unit, ${tier.rangeStart}::int, ${tier.rangeEnd}::int, ${tier.noEndRange}::boolean)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${pricingTiers} set tier_type = v.tier_type, range_start = v.range_start, range_end = v.range_end,
      no_end_range = v.no_end_range
    from (values ${rows}) as v(id, tier_type, range_start, range_end, no_end_range)
    where ${pricingTiers.id} = v.id`);
}

export async function insertTiers(db: Db, variantId: number, tiers: TierWrite[]): Promise<number[]> {
  if (tiers.length === 0) return [];
  const rows = await db
    .insert(pricingTiers)
    .values(tiers.map((tier) => ({ productVariantId: variantId, ...tier })))
    .returning({ id: pricingTiers.id });
  return rows.map((row) => row.id);
}

/**
 * Removes tiers. Cart lines priced in one are moved to `replacement` first (a tier of the same variant),
 * since the cart re-prices every line when it is read; without it the cascade would empty them.
 */
export async function deleteTiers(db: Db, ids: number[], replacement: number): Promise<void> {
  if (ids.length === 0) return;
  await db.update(cartItems).set({ pricingTierId: replacement }).where(inArray(cartItems.pricingTierId, ids));
  await db.delete(pricingTiers).where(inArray(pricingTiers.id, ids));
}

/** Stores prices (tier, item, pence), replacing any already there, in one statement. */
export async function upsertPrices(
  db: Db,
  prices: { tierId: number; itemId: number; pence: number }[],
): Promise<void> {
  if (prices.length === 0) return;
  await db
    .insert(pricingData)
    .values(
      prices.map((price) => ({ pricingTierId: price.tierId, itemId: price.itemId, pricePence: price.pence })),
    )
    .onConflictDoUpdate({
      target: [pricingData.pricingTierId, pricingData.itemId],
      set: { pricePence: sql`excluded.price_pence` },
    });
}
