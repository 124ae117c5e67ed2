import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { categories, items, products, productVariants } from '../../../../db/schema';
import { cappedCount, containsPattern, q, type Window } from '../query-parts';
import { fieldsOfVariant, tierCount } from '../variants/columns';

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

export async function productExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return row !== undefined;
}

export type ItemTuple = [
  id: number,
  sku: string,
  title: string,
  stock: number,
  trackInventory: boolean,
  status: 'active' | 'inactive',
];

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
