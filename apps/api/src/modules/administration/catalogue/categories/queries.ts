import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { categories, products } from '../../../../db/schema';
import { containsPattern, q, totalOver, type Window } from '../query-parts';

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
