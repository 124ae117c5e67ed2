import { and, asc, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { APPROX_TOLERANCE, type SizeSearch } from '@shop/domain';
import type { Db } from '../../db/client';
import {
  categories,
  itemDataEntries,
  itemImages,
  items,
  itemSizes,
  productImages,
  products,
  productVariants,
  type ItemStatus,
} from '../../db/schema';

type Window = { limit: number; offset: number };

/** An image as JSON gives it from a sub-select: `[image, alt_text]`. */
type ImageTuple = [image: string, altText: string];

/**
 * A column with its table's name. Drizzle leaves the name out in the select list of a one-table select,
 * where a sub-select's `"item_id" = "id"` would then compare the sub-select's own columns.
 */
const q = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** An item's images in order as JSON (`[[image, alt_text], …]`), or null when it has none. */
const itemImagesJson = sql<
  ImageTuple[] | null
>`(select json_agg(json_build_array(${q(itemImages.image)}, ${q(itemImages.altText)}) order by ${q(itemImages.position)}, ${q(itemImages.id)}) from ${itemImages} where ${q(itemImages.itemId)} = ${q(items.id)})`;

// ---------------------------------------------------------------------------------------------
// Size search
// ---------------------------------------------------------------------------------------------

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
  /** The searched category's `[name, slug]`, which every match is in. */
  category: [name: string, slug: string];
  distance: number;
  /** Every match of the search, not only this page's. */
  total: number;
  /** The item's own images in order, or null when it has none. */
  images: ImageTuple[] | null;
  /** The product's first image, which stands in for an item without its own. */
  productImage: ImageTuple | null;
};

const sizes = [itemSizes.dimSmallMm, itemSizes.dimMidMm, itemSizes.dimLargeMm] as const;
type SizeColumn = (typeof sizes)[number];

/** A bound number: the searched sizes and their approx limits, named w0…, lo0…, hi0… */
const value = (name: string) => sql`${sql.placeholder(name)}::float8`;

/** The item's sizes a search of n values is laid against: all three, or each pair (largest first). */
function candidates(n: number): SizeColumn[][] {
  if (n >= 3) return [[sizes[0], sizes[1], sizes[2]]];
  return [
    [sizes[1], sizes[2]],
    [sizes[0], sizes[2]],
    [sizes[0], sizes[1]],
  ];
}

const sum = (parts: SQL[]) => sql.join(parts, sql` + `);

/**
 * Which items of a category match a search of n sizes, and how far each is from it (DESIGN §4.7, the rule of
 * `matchSize` in the domain package). Each row's sizes are sorted (small <= mid <= large), which gives index
 * conditions the rule implies: the largest side reaches the largest searched side's lower limit, and so on.
 */
function sizeMatch(n: number, mode: SizeSearch['mode']): { where: SQL; distance: SQL } {
  const [small, mid, large] = sizes;
  const inCategory = sql`${itemSizes.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${sql.placeholder('category')})`;
  if (mode === 'minimum') {
    // At least as large in every compared size. With two sizes a pair fits exactly when (mid, large) does,
    // and the nearest fitting pair is (small, mid), else (small, large), else (mid, large): each is at most
    // as far as the ones after it, so this is the least distance of the fitting pairs without computing all.
    const over = (column: SizeColumn, i: number) => sql`(${column} - ${value(`w${i}`)}) / ${value(`w${i}`)}`;
    if (n >= 3) {
      return {
        where: sql`${inCategory} and ${large} >= ${value('w2')} and ${mid} >= ${value('w1')} and ${small} >= ${value('w0')}`,
        distance: sum([over(small, 0), over(mid, 1), over(large, 2)]),
      };
    }
    return {
      where: sql`${inCategory} and ${large} >= ${value('w1')} and ${mid} >= ${value('w0')}`,
      distance: sql`case when ${small} >= ${value('w0')} and ${mid} >= ${value('w1')} then ${sum([over(small, 0), over(mid, 1)])} when ${small} >= ${value('w0')} then ${sum([over(small, 0), over(large, 1)])} else ${sum([over(mid, 0), over(large, 1)])} end`,
    };
  }
  // Approx: every compared size within the tolerance; the distance is the least of the fitting pairs'.
  const parts = candidates(n).map((candidate) => ({
    fit: sql`(${sql.join(
      candidate.map((column, i) => sql`${column} between ${value(`lo${i}`)} and ${value(`hi${i}`)}`),
      sql` and `,
    )})`,
    distance: sum(candidate.map((column, i) => sql`abs(${column} - ${value(`w${i}`)}) / ${value(`w${i}`)}`)),
  }));
  if (parts.length === 1)
    return { where: sql`${inCategory} and ${parts[0]!.fit}`, distance: parts[0]!.distance };
  // Two sizes: every pair's first side is small or mid and its second mid or large, so the largest side
  // reaches the larger size's lower limit, mid lies between the smaller's lower and the larger's upper
  // limit, and the smallest side is within the smaller size's upper limit.
  const bounds = sql`${large} >= ${value('lo1')} and ${mid} between ${value('lo0')} and ${value('hi1')} and ${small} <= ${value('hi0')}`;
  return {
    where: sql`${inCategory} and ${bounds} and (${sql.join(
      parts.map((part) => part.fit),
      sql` or `,
    )})`,
    distance: sql`least(${sql.join(
      parts.map((part) => sql`case when ${part.fit} then ${part.distance} end`),
      sql`, `,
    )})`,
  };
}

/**
 * The distance of a matching item as the search reports it, in exact numeric arithmetic: the least of the
 * fitting ways' sums of relative differences. From item_sizes' sizes, which convert back to the items' exact
 * decimals (double precision holds 15 significant digits; sizes have at most 10), for the candidates only.
 */
function exactDistance(dims: readonly [SQL, SQL, SQL], n: number, mode: SizeSearch['mode']): SQL {
  const exact = (name: string) => sql`${sql.placeholder(name)}::numeric`;
  const ways =
    n >= 3
      ? [[dims[0], dims[1], dims[2]]]
      : [
          [dims[1], dims[2]],
          [dims[0], dims[2]],
          [dims[0], dims[1]],
        ];
  const parts = ways.map((way) => ({
    fit: sql.join(
      way.map((column, i) =>
        mode === 'minimum'
          ? sql`${column} >= ${exact(`w${i}`)}`
          : sql`${column} between ${exact(`lo${i}`)} and ${exact(`hi${i}`)}`,
      ),
      sql` and `,
    ),
    distance: sum(way.map((column, i) => sql`abs(${column} - ${exact(`w${i}`)}) / ${exact(`w${i}`)}`)),
  }));
  if (parts.length === 1) return parts[0]!.distance;
  return sql`least(${sql.join(
    parts.map((part) => sql`case when ${part.fit} then ${part.distance} end`),
    sql`, `,
  )})`;
}

/**
 * How far past the page's last row the index pass reads, so that rows whose double precision distance is
 * within rounding of that row's are all there to be ordered exactly (identical sizes come in groups).
 */
const REACH_MARGIN = 100;

/**
 * The size search as one named statement per shape (two or three sizes, approx or minimum).
 *
 * It answers exactly what the search in exact (numeric) arithmetic over items answers, in the same order,
 * while computing that arithmetic for a few rows only:
 * 1. `top`: the nearest `reach` matches by their double precision distance, then id, from item_sizes'
 *    covering index (offset + limit + a margin);
 * 2. `page`: of those, the ones no further than the page's last row (the `last`-th) plus a bound on the
 *    floating point error (1e-12, relative), which holds every row that exact arithmetic could put on the
 *    page (two distances that differ in exact arithmetic can come out equal or the other way round in
 *    floating point: 0.025 + 0.05 and 0 + 0.075; 279.4 and 330.2 mm against 12 in, which is
 *    304.79999999999995 mm), ordered by the exact distance then id, and cut to the page;
 * 3. their items, variants, products and images, with the number of all matches (counted on the index only
 *    when `top` is full) and whether the margin was wide enough.
 */
function prepareSizeSearch(db: Db, n: number, mode: SizeSearch['mode']) {
  const { where, distance } = sizeMatch(n, mode);
  const top = db.$with('top').as(
    db
      .select({
        itemId: itemSizes.itemId,
        small: itemSizes.dimSmallMm,
        mid: itemSizes.dimMidMm,
        large: itemSizes.dimLargeMm,
        f: sql<number>`${distance}`.as('f'),
      })
      .from(itemSizes)
      .where(where)
      .orderBy(sql`f`, asc(itemSizes.itemId))
      .limit(sql.placeholder('reach')),
  );
  // The page's last row's distance (null when there are fewer matches), and the bound of the candidates.
  const edge = sql`(select "f" from "top" order by "f", "item_id" offset ${sql.placeholder('last')} limit 1)`;
  const bound = sql`coalesce(${edge} * (1 + 1e-12) + 1e-12, 'infinity'::float8)`;
  const numeric = (column: SQL) => sql`${column}::numeric`;
  const page = db.$with('page').as(
    db
      .select({
        itemId: top.itemId,
        distance: sql<number>`${exactDistance(
          [numeric(sql`${top.small}`), numeric(sql`${top.mid}`), numeric(sql`${top.large}`)],
          n,
          mode,
        )}`.as('distance'),
      })
      .from(top)
      .where(sql`${top.f} <= ${bound}`)
      .orderBy(sql`distance`, asc(top.itemId))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const search = db
    .with(top, page)
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
      category: sql<
        [string, string]
      >`(select json_build_array(${q(categories.name)}, ${q(categories.slug)}) from ${categories} where ${q(categories.slug)} = ${sql.placeholder('category')})`,
      distance: sql<number>`${page.distance}`.mapWith(Number),
      // `top` holds every match when it is not full; else they are counted on the index.
      total:
        sql<number>`case when (select count(*) from "top") < ${sql.placeholder('reach')} then (select count(*) from "top") else (select count(*) from ${itemSizes} where ${where}) end`.mapWith(
          Number,
        ),
      /** Whether `top` was cut inside the candidates (then the margin was too narrow). */
      cut: sql<boolean>`(select count(*) = ${sql.placeholder('reach')} and max("f") <= ${bound} from "top")`,
      images: itemImagesJson,
      productImage: sql<ImageTuple | null>`(select json_build_array(${q(productImages.image)}, ${q(productImages.altText)}) from ${productImages} where ${q(productImages.productId)} = ${q(products.id)} order by ${q(productImages.position)}, ${q(productImages.id)} limit 1)`,
    })
    .from(page)
    .innerJoin(items, eq(items.id, page.itemId))
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .orderBy(page.distance, page.itemId)
    .prepare(`items_size_search_${mode}_${n}`);
  const count = db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(itemSizes)
    .where(where)
    .prepare(`items_size_search_count_${mode}_${n}`);
  return { search, count };
}

export type SizeSearchInput = { categorySlug: string; searchedMm: number[]; mode: SizeSearch['mode'] };

/** The size search's statements for one database handle, prepared once; a search sends one. */
export function prepareSizeSearches(db: Db) {
  const shapes = new Map<string, ReturnType<typeof prepareSizeSearch>>();
  for (const mode of ['approx', 'minimum'] as const) {
    for (const n of [2, 3]) shapes.set(`${mode}${n}`, prepareSizeSearch(db, n, mode));
  }
  const bind = (search: SizeSearchInput) => {
    const values: Record<string, unknown> = { category: search.categorySlug };
    search.searchedMm.forEach((wanted, i) => {
      values[`w${i}`] = wanted;
      values[`lo${i}`] = wanted * (1 - APPROX_TOLERANCE);
      values[`hi${i}`] = wanted * (1 + APPROX_TOLERANCE);
    });
    return values;
  };
  const shapeOf = (search: SizeSearchInput) => {
    const shape = shapes.get(`${search.mode}${Math.min(3, search.searchedMm.length)}`);
    if (!shape) throw new Error(`A size search needs two or three sizes, not ${search.searchedMm.length}`);
    return shape;
  };
  const run = (search: SizeSearchInput, window: Window, reach: number) =>
    shapeOf(search).search.execute({
      ...bind(search),
      ...window,
      last: window.offset + window.limit - 1,
      reach,
    }) as Promise<(SizeSearchRow & { cut: boolean })[]>;
  return {
    /** The page, each row with the number of all matches (none when the page is empty). */
    async page(search: SizeSearchInput, window: Window): Promise<SizeSearchRow[]> {
      const rows = await run(search, window, window.offset + window.limit + REACH_MARGIN);
      // More rows within rounding of the page's last one than the margin: read them all (rare).
      if (rows[0]?.cut) return run(search, window, rows[0].total);
      return rows;
    },
    count: async (search: SizeSearchInput): Promise<number> =>
      (await shapeOf(search).count.execute(bind(search)))[0]?.value ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------

export type ImageRow = { ownerId: number; image: string; altText: string };

export function selectItemImages(db: Db, itemIds: number[]): Promise<ImageRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ownerId: itemImages.itemId, image: itemImages.image, altText: itemImages.altText })
    .from(itemImages)
    .where(inArray(itemImages.itemId, itemIds))
    .orderBy(asc(itemImages.itemId), asc(itemImages.position), asc(itemImages.id));
}

// ---------------------------------------------------------------------------------------------
// Variants' items
// ---------------------------------------------------------------------------------------------

export type ItemRow = typeof items.$inferSelect;

export type DataEntryRow = {
  itemId: number;
  field: number;
  valueText: string | null;
  valueNumber: number | null;
  valueImage: string | null;
};

/** A data entry as JSON gives it from a sub-select: `[field, value_text, value_number, value_image]`. */
type EntryTuple = [
  field: number,
  valueText: string | null,
  valueNumber: number | null,
  valueImage: string | null,
];

/** An item with its images and data entries, each list in order, and the number of all items listed. */
export type VariantItemRow = ItemRow & {
  total: number;
  images: ImageTuple[] | null;
  entries: EntryTuple[] | null;
};

function variantItemsQuery(db: Db, status: SQL | undefined) {
  return db
    .select({
      ...getTableColumns(items),
      total: sql<number>`count(*) over ()`.mapWith(Number),
      images: itemImagesJson,
      entries: sql<
        EntryTuple[] | null
      >`(select json_agg(json_build_array(${q(itemDataEntries.tableFieldId)}, ${q(itemDataEntries.valueText)}, ${q(itemDataEntries.valueNumber)}, ${q(itemDataEntries.valueImage)}) order by ${q(itemDataEntries.tableFieldId)}) from ${itemDataEntries} where ${q(itemDataEntries.itemId)} = ${q(items.id)})`,
    })
    .from(items)
    .where(and(sql`${items.productVariantId} = any(${sql.placeholder('variants')}::int[])`, status))
    .orderBy(asc(items.productVariantId), asc(items.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** Variants' items (each variant's by id) with their images and data entries: one named statement a page. */
export function prepareVariantItems(db: Db) {
  const any = variantItemsQuery(db, undefined).prepare('items_of_variants');
  const withStatus = variantItemsQuery(db, eq(items.status, sql.placeholder('status'))).prepare(
    'items_of_variants_status',
  );
  const countAny = db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(items)
    .where(sql`${items.productVariantId} = any(${sql.placeholder('variants')}::int[])`)
    .prepare('items_of_variants_count');
  const countWithStatus = db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(items)
    .where(
      and(
        sql`${items.productVariantId} = any(${sql.placeholder('variants')}::int[])`,
        eq(items.status, sql.placeholder('status')),
      ),
    )
    .prepare('items_of_variants_status_count');
  return {
    page: (variantIds: number[], status: ItemStatus | undefined, window: Window) =>
      (status
        ? withStatus.execute({ variants: variantIds, status, ...window })
        : any.execute({ variants: variantIds, ...window })) as Promise<VariantItemRow[]>,
    count: async (variantIds: number[], status: ItemStatus | undefined): Promise<number> =>
      (status
        ? await countWithStatus.execute({ variants: variantIds, status })
        : await countAny.execute({ variants: variantIds }))[0]?.value ?? 0,
  };
}

/** The images and data entries of a variant item row, as `toVariantItem` takes them. */
export function imagesAndEntriesOf(row: VariantItemRow): { images: ImageRow[]; entries: DataEntryRow[] } {
  return {
    images: (row.images ?? []).map(([image, altText]) => ({ ownerId: row.id, image, altText })),
    entries: (row.entries ?? []).map(([field, valueText, valueNumber, valueImage]) => ({
      itemId: row.id,
      field,
      valueText,
      valueNumber,
      valueImage,
    })),
  };
}
