import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { itemDataEntries, items, products, productVariants } from '../../../../db/schema';
import { cappedCount, containsPattern, q, type Window } from '../query-parts';
import { fieldsOfVariant } from '../variants/columns';

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
