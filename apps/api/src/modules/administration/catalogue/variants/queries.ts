import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { pricingTiers, products, productVariants, tableFields } from '../../../../db/schema';
import { q } from '../query-parts';

export type FieldTuple = [id: number, name: string, fieldType: string, longField: boolean, position: number];

/** A variant's table fields as `FieldTuple`s, in order (a sub-select of productVariants). */
export const fieldsOfVariant = sql<
  FieldTuple[] | null
>`(select json_agg(json_build_array(${q(tableFields.id)}, ${q(tableFields.name)}, ${q(tableFields.fieldType)}, ${q(tableFields.longField)}, ${q(tableFields.position)}) order by ${q(tableFields.position)}, ${q(tableFields.id)}) from ${tableFields} where ${q(tableFields.productVariantId)} = ${q(productVariants.id)})`;
/** A variant's number of tiers (a sub-select of productVariants). */
export const tierCount =
  sql<number>`(select count(*) from ${pricingTiers} where ${q(pricingTiers.productVariantId)} = ${q(productVariants.id)})`.mapWith(
    Number,
  );

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
