import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { productImages } from '../../../../db/schema';

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
