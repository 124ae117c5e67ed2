import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { APPROX_TOLERANCE, type SizeSearch } from '@shop/domain';
import type { Db } from '../../db/client';
import {
  categories,
  itemDataEntries,
  itemImages,
  items,
  productImages,
  products,
  productVariants,
} from '../../db/schema';

export type SizeSearchRow = {
  id: number;
  sku: string;
  title: string;
  unitsPerPack: number;
  measurementUnit: 'MM' | 'CM' | 'IN' | 'M' | null;
  width: number | null;
  height: number | null;
  length: number | null;
  dimSmallMm: number | null;
  dimMidMm: number | null;
  dimLargeMm: number | null;
  productId: number;
  productName: string;
  productSlug: string;
  categoryName: string;
  categorySlug: string;
  distance: number;
};

const dims = [items.dimSmallMm, items.dimMidMm, items.dimLargeMm] as const;

/** The item's dimensions a search of n values is laid against: all three, or each pair (largest first). */
function candidates(n: number) {
  if (n >= 3) return [[dims[0], dims[1], dims[2]]];
  return [
    [dims[1], dims[2]],
    [dims[0], dims[2]],
    [dims[0], dims[1]],
  ];
}

/** One candidate's fit (the same rule as `matchSize` in the domain package) and its distance. */
function fitAndDistance(
  candidate: readonly (typeof dims)[number][],
  searched: number[],
  mode: SizeSearch['mode'],
) {
  const fits = searched.map((wanted, i) => {
    const column = candidate[i]!;
    return mode === 'minimum'
      ? sql`${column} >= ${wanted}`
      : sql`${column} between ${wanted * (1 - APPROX_TOLERANCE)} and ${wanted * (1 + APPROX_TOLERANCE)}`;
  });
  const distance = sql.join(
    searched.map((wanted, i) => sql`abs(${candidate[i]!} - ${wanted}) / ${wanted}`),
    sql` + `,
  );
  return { fit: sql`(${sql.join(fits, sql` and `)})`, distance };
}

/** The size search (DESIGN §4.7): orientation-free, within 15 % (approx) or at least as large (minimum). */
function sizeMatch(searchedMm: number[], mode: SizeSearch['mode']): { where: SQL; distance: SQL } {
  const parts = candidates(searchedMm.length).map((candidate) => fitAndDistance(candidate, searchedMm, mode));
  const where = sql`(${sql.join(
    parts.map((part) => part.fit),
    sql` or `,
  )})`;
  // The nearest fitting way to lay the searched size against the item (least() skips nulls).
  const distance =
    parts.length === 1
      ? parts[0]!.distance
      : sql`least(${sql.join(
          parts.map((part) => sql`case when ${part.fit} then ${part.distance} end`),
          sql`, `,
        )})`;
  return { where, distance };
}

export async function searchItemsBySize(
  db: Db,
  search: { categorySlug: string; searchedMm: number[]; mode: SizeSearch['mode'] },
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: SizeSearchRow[] }> {
  const { where: fits, distance } = sizeMatch(search.searchedMm, search.mode);
  // A cheap, indexable bound first: the item's largest side must reach the searched largest side's lower limit.
  const largest = search.searchedMm[search.searchedMm.length - 1]!;
  const bound =
    search.mode === 'minimum'
      ? sql`${items.dimLargeMm} >= ${largest}`
      : sql`${items.dimLargeMm} >= ${largest * (1 - APPROX_TOLERANCE)}`;
  const where = and(
    eq(categories.slug, search.categorySlug),
    eq(items.status, 'active'),
    sql`${items.dimLargeMm} is not null`,
    bound,
    fits,
  );
  const [total] = await db
    .select({ value: count() })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where);
  const rows = await db
    .select({
      id: items.id,
      sku: items.sku,
      title: items.title,
      unitsPerPack: items.unitsPerPack,
      measurementUnit: items.measurementUnit,
      width: items.width,
      height: items.height,
      length: items.length,
      dimSmallMm: items.dimSmallMm,
      dimMidMm: items.dimMidMm,
      dimLargeMm: items.dimLargeMm,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
      categoryName: categories.name,
      categorySlug: categories.slug,
      distance: sql<number>`(${distance})::float8`,
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(sql`${distance}`, asc(items.id))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total?.value ?? 0, rows: rows.map((row) => ({ ...row, distance: Number(row.distance) })) };
}

export type ImageRow = { ownerId: number; image: string; altText: string };

export function selectItemImages(db: Db, itemIds: number[]): Promise<ImageRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ownerId: itemImages.itemId, image: itemImages.image, altText: itemImages.altText })
    .from(itemImages)
    .where(inArray(itemImages.itemId, itemIds))
    .orderBy(asc(itemImages.itemId), asc(itemImages.position), asc(itemImages.id));
}

export function selectProductImagesFor(db: Db, productIds: number[]): Promise<ImageRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ownerId: productImages.productId, image: productImages.image, altText: productImages.altText })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
}

export type ItemRow = typeof items.$inferSelect;

function variantItemsWhere(variantIds: number[], status: 'active' | 'inactive' | undefined) {
  return and(inArray(items.productVariantId, variantIds), status ? eq(items.status, status) : undefined);
}

export async function countVariantItems(
  db: Db,
  variantIds: number[],
  status: 'active' | 'inactive' | undefined,
) {
  if (variantIds.length === 0) return 0;
  const [row] = await db.select({ value: count() }).from(items).where(variantItemsWhere(variantIds, status));
  return row?.value ?? 0;
}

/** Items of one or more variants, each variant's in table order (by id). */
export function selectVariantItems(
  db: Db,
  variantIds: number[],
  status: 'active' | 'inactive' | undefined,
  window: { limit: number; offset: number },
): Promise<ItemRow[]> {
  if (variantIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(items)
    .where(variantItemsWhere(variantIds, status))
    .orderBy(asc(items.productVariantId), asc(items.id))
    .limit(window.limit)
    .offset(window.offset);
}

export type DataEntryRow = {
  itemId: number;
  field: number;
  valueText: string | null;
  valueNumber: number | null;
  valueImage: string | null;
};

export function selectDataEntries(db: Db, itemIds: number[]): Promise<DataEntryRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      itemId: itemDataEntries.itemId,
      field: itemDataEntries.tableFieldId,
      valueText: itemDataEntries.valueText,
      valueNumber: itemDataEntries.valueNumber,
      valueImage: itemDataEntries.valueImage,
    })
    .from(itemDataEntries)
    .where(inArray(itemDataEntries.itemId, itemIds))
    .orderBy(asc(itemDataEntries.itemId), asc(itemDataEntries.tableFieldId));
}
