import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  sql,
  type Param,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
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

type Window = { limit: number; offset: number };

/** A product image as the API shows it. */
export type ProductImage = { id: number; image: string; alt_text: string };

/** A product of a list with its images, read by the same statement. */
export type ProductListRow = ProductRow & { images: ProductImage[] };

/** The alias of a list's page subquery, from which the list's statement reads the rows' images. */
const PAGE = 'page';

/**
 * The images of the product of each row of the subquery `page`, in display order, as a json array: a
 * subselect per row, so a page and its images are one statement. The lists select from a page already cut
 * to its limit, so the rows an offset skips read no images. The names are written out: Drizzle leaves
 * columns unqualified in a query of one table, and the product's `id` would then be the image's.
 */
function imagesOf(page: typeof PAGE): SQL<ProductImage[]> {
  return sql<
    ProductImage[]
  >`(select coalesce(json_agg(json_build_object('id', i.id, 'image', i.image, 'alt_text', i.alt_text) order by i.position, i.id), '[]'::json) from ${productImages} as i where i.product_id = ${sql.identifier(page)}.id)`;
}

/** Products by category slug and/or product slug (or all), in name order, with their images. */
export function selectProductList(db: Db, filter: ProductFilter, window: Window): Promise<ProductListRow[]> {
  const page = db
    .select({
      ...productColumns,
      categoryName: sql<string>`${categories.name}`.as('category_name'),
      categorySlug: sql<string>`${categories.slug}`.as('category_slug'),
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(productConditions(filter))
    .orderBy(asc(products.name), asc(products.id))
    .limit(window.limit)
    .offset(window.offset)
    .as(PAGE);
  return db
    .select({
      id: page.id,
      name: page.name,
      slug: page.slug,
      description: page.description,
      categoryName: page.categoryName,
      categorySlug: page.categorySlug,
      updatedAt: page.updatedAt,
      images: imagesOf(PAGE),
    })
    .from(page)
    .orderBy(asc(page.name), asc(page.id));
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

export function selectFeaturedProducts(db: Db): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(isNotNull(products.featuredRank))
    .orderBy(asc(products.featuredRank))
    .limit(15);
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
/**
 * Texts shorter than this rank by the prefix tiers and the name only: the similarity of two letters to a
 * name says little, and computing it for the thousands of names they match cost half the query. Words
 * shorter than this have no trigram either, so no index can find them.
 */
const RANKED_MIN_LENGTH = 3;

/** A search text as matched and ranked. */
export interface SearchText {
  /** Lower case, single spaces. */
  query: string;
  /** Its distinct words, at most six: each must match the product's name or its category's. */
  words: string[];
}

export function searchText(text: string): SearchText {
  const query = text.trim().toLowerCase().replace(/\s+/g, ' ');
  return { query, words: [...new Set(query.split(' ').filter(Boolean))].slice(0, 6) };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * How a word is matched: under three letters as a substring (`strpos` of the lower-cased name, as `ilike`
 * compares, but no plan, custom or generic, then tries a trigram index that has nothing to look up); from
 * three letters by `ilike`, which the trigram index serves; from four letters also as a near word (pg_trgm
 * `<%`, served by the same index).
 */
type WordKind = 'short' | 'substring' | 'fuzzy';

function kindOf(word: string): WordKind {
  if (word.length >= FUZZY_MIN_LENGTH) return 'fuzzy';
  return word.length >= RANKED_MIN_LENGTH ? 'substring' : 'short';
}

/** A value bound into a statement: a parameter now, or a placeholder filled when a prepared one runs. */
type Bound = Param | Placeholder;

interface SearchWord {
  kind: WordKind;
  word: Bound;
  /** `%word%`, LIKE wildcards escaped. */
  pattern: Bound;
  /** The categories whose name the word matches (found first: see `categoriesMatching`). */
  categoryIds: Bound;
}

interface SearchStatement {
  query: Bound;
  /** `query%` and `% query%`: the name, a word of the name or the category name starts with the text. */
  prefix: Bound;
  wordPrefix: Bound;
  words: SearchWord[];
  /** Similarity as the second ranking key (from three letters). */
  ranked: boolean;
  category?: Bound | undefined;
  slug?: Bound | undefined;
  limit: number | Placeholder;
  offset: number | Placeholder;
}

/**
 * One word's condition. The category ids are bound, not a subquery, so the arms stay conditions on
 * `products` and the planner combines the category index and the trigram index in a BitmapOr (a subquery
 * there makes it filter every product). The cheapest arm comes first, so the filter computes no
 * similarity for a product of a matching category.
 */
function wordMatches(word: SearchWord): SQL {
  const arms = [sql`${products.categoryId} = any(${word.categoryIds}::int[])`];
  if (word.kind === 'short') arms.push(sql`strpos(lower(${products.name}), lower(${word.word})) > 0`);
  else arms.push(sql`${products.name} ilike ${word.pattern}`);
  if (word.kind === 'fuzzy') arms.push(sql`${word.word} <% ${products.name}`);
  return sql`(${sql.join(arms, sql` or `)})`;
}

/**
 * Products whose name or category name matches every word, ranked: the name starts with the text, a word
 * of the name does, the category name does, then by similarity (the better of the name's and the
 * category's), name and id. One statement returns the page with the number of matches (`count(*) over ()`)
 * and the page's images.
 *
 * `<%` compares with `pg_trgm.word_similarity_threshold`, which this statement sets for its own transaction:
 * the setting is an uncorrelated subquery in a condition without columns, which PostgreSQL runs once, as a
 * one-time filter, before it reads any product (and the index scans that use the threshold with them).
 */
function searchStatement(db: Db, s: SearchStatement) {
  const fuzzy = s.words.some((word) => word.kind === 'fuzzy');
  // Each category's similarity and prefix test once, not once per product: `offset 0` keeps the
  // subquery from being merged into the join.
  const categoryRanks = sql`(select ${categories.id} as id, ${categories.name} as name, ${categories.slug} as slug, ${
    s.ranked ? sql`word_similarity(${s.query}, ${categories.name})` : sql`0`
  } as sim, lower(${categories.name}) like ${s.prefix} as starts from ${categories} offset 0) as c`;
  const tier = sql<number>`case when lower(${products.name}) like ${s.prefix} then 0 when lower(${products.name}) like ${s.wordPrefix} then 1 when c.starts then 2 else 3 end`;
  const similarity = s.ranked
    ? sql<number>`greatest(word_similarity(${s.query}, ${products.name}), c.sim)`
    : sql<number>`0`;
  const page = db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      description: products.description,
      categoryName: sql<string>`c.name`.as('category_name'),
      categorySlug: sql<string>`c.slug`.as('category_slug'),
      updatedAt: products.updatedAt,
      total: sql<number>`count(*) over ()`.as('total'),
      tier: tier.as('tier'),
      similarity: similarity.as('similarity'),
    })
    .from(products)
    .innerJoin(categoryRanks, sql`c.id = ${products.categoryId}`)
    .where(
      and(
        fuzzy
          ? sql`(select set_config('pg_trgm.word_similarity_threshold', ${sql.raw(`'${WORD_SIMILARITY}'`)}, true)) is not null`
          : undefined,
        ...s.words.map(wordMatches),
        s.category !== undefined ? sql`c.slug = ${s.category}` : undefined,
        s.slug !== undefined ? sql`${products.slug} = ${s.slug}` : undefined,
      ),
    )
    .orderBy(sql`tier`, sql`similarity desc`, asc(products.name), asc(products.id))
    .limit(s.limit)
    .offset(s.offset)
    .as(PAGE);
  return db
    .select({
      id: page.id,
      name: page.name,
      slug: page.slug,
      description: page.description,
      categoryName: page.categoryName,
      categorySlug: page.categorySlug,
      updatedAt: page.updatedAt,
      total: page.total,
      images: imagesOf(PAGE),
    })
    .from(page)
    .orderBy(asc(page.tier), desc(page.similarity), asc(page.name), asc(page.id));
}

type SearchRow = Awaited<ReturnType<ReturnType<typeof searchStatement>['execute']>>[number];

function searchBinds(text: SearchText, categoryIds: number[][]) {
  return {
    query: text.query,
    prefix: `${escapeLike(text.query)}%`,
    wordPrefix: `% ${escapeLike(text.query)}%`,
    words: text.words.map((word, i) => ({
      kind: kindOf(word),
      word,
      pattern: `%${escapeLike(word)}%`,
      categoryIds: categoryIds[i] ?? [],
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The catalogue's hot reads as named prepared statements (planned once per connection)
// ---------------------------------------------------------------------------------------------

/**
 * The category listing and the suggestions, built once per database handle. A search of one word without
 * filters (what the suggestions send) runs one of three fixed statements, by the word's length; other
 * searches build theirs.
 */
export function prepareCatalogueReads(db: Db) {
  const p = sql.placeholder;

  // The category page's ids from the (category_id, name, id) index alone (an index-only scan, in order,
  // which steps over an offset without reading the table), then those rows and their images.
  const categoryPageIds = db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.categoryId, p('categoryId')))
    .orderBy(asc(products.name), asc(products.id))
    .limit(p('limit'))
    .offset(p('offset'))
    .as(PAGE);
  const categoryPage = db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      description: products.description,
      updatedAt: products.updatedAt,
      images: imagesOf(PAGE),
    })
    .from(categoryPageIds)
    .innerJoin(products, eq(products.id, categoryPageIds.id))
    .orderBy(asc(categoryPageIds.name), asc(categoryPageIds.id))
    .prepare('catalogue_category_page');
  const categoryCount = db
    .select({ value: count() })
    .from(products)
    .where(eq(products.categoryId, p('categoryId')))
    .prepare('catalogue_category_count');

  // Each word's matching categories: a substring of the name, or from four letters a near word (the
  // similarity itself here: seven names need no index, nor the threshold setting).
  const categoriesMatching = db
    .select({ word: sql<string>`w.word`, id: categories.id })
    .from(sql`unnest(${p('words')}::text[], ${p('patterns')}::text[]) as w(word, pattern)`)
    .innerJoin(
      categories,
      sql`${categories.name} ilike w.pattern or (length(w.word) >= ${sql.raw(String(FUZZY_MIN_LENGTH))} and word_similarity(w.word, ${categories.name}) >= ${sql.raw(String(WORD_SIMILARITY))})`,
    )
    .prepare('catalogue_search_categories');

  const oneWord = (kind: WordKind, name: string) =>
    searchStatement(db, {
      query: p('word'),
      prefix: p('prefix'),
      wordPrefix: p('wordPrefix'),
      words: [{ kind, word: p('word'), pattern: p('pattern'), categoryIds: p('categoryIds') }],
      // The text is the word: a short word is a text under RANKED_MIN_LENGTH.
      ranked: kind !== 'short',
      limit: p('limit'),
      offset: p('offset'),
    }).prepare(name);
  const searchOneWord: Record<WordKind, ReturnType<typeof oneWord>> = {
    short: oneWord('short', 'catalogue_search_short'),
    substring: oneWord('substring', 'catalogue_search_substring'),
    fuzzy: oneWord('fuzzy', 'catalogue_search_fuzzy'),
  };

  async function searchPage(
    text: SearchText,
    categoryIds: number[][],
    filter: ProductFilter,
    window: Window,
  ): Promise<SearchRow[]> {
    const binds = searchBinds(text, categoryIds);
    const [only] = binds.words;
    if (
      only &&
      binds.words.length === 1 &&
      only.word === text.query &&
      filter.category === undefined &&
      filter.slug === undefined
    ) {
      return searchOneWord[only.kind].execute({
        word: only.word,
        pattern: only.pattern,
        categoryIds: only.categoryIds,
        prefix: binds.prefix,
        wordPrefix: binds.wordPrefix,
        limit: window.limit,
        offset: window.offset,
      });
    }
    return searchStatement(db, {
      query: sql.param(binds.query),
      prefix: sql.param(binds.prefix),
      wordPrefix: sql.param(binds.wordPrefix),
      words: binds.words.map((word) => ({
        kind: word.kind,
        word: sql.param(word.word),
        pattern: sql.param(word.pattern),
        categoryIds: sql.param(word.categoryIds),
      })),
      ranked: text.query.length >= RANKED_MIN_LENGTH,
      category: filter.category !== undefined ? sql.param(filter.category) : undefined,
      slug: filter.slug !== undefined ? sql.param(filter.slug) : undefined,
      limit: window.limit,
      offset: window.offset,
    }).execute();
  }

  return {
    /** A page of a category's products in name order, with their images (the category from its cache). */
    categoryPage: (categoryId: number, window: Window) =>
      categoryPage.execute({ categoryId, limit: window.limit, offset: window.offset }),

    async categoryCount(categoryId: number): Promise<number> {
      const [row] = await categoryCount.execute({ categoryId });
      return row?.value ?? 0;
    },

    /** For each word, the ids of the categories whose name it matches. */
    async categoriesMatching(words: string[]): Promise<number[][]> {
      const rows = await categoriesMatching.execute({
        words,
        patterns: words.map((word) => `%${escapeLike(word)}%`),
      });
      return words.map((word) => rows.filter((row) => row.word === word).map((row) => row.id));
    },

    /** A ranked page of the products matching `text`, with the number of matches. */
    async search(
      text: SearchText,
      categoryIds: number[][],
      filter: ProductFilter,
      window: Window,
    ): Promise<{ count: number; rows: ProductListRow[] }> {
      const rows = await searchPage(text, categoryIds, filter, window);
      let total = rows[0]?.total;
      // A page past the end has no row to carry the total: the first row of the same search has it.
      if (total === undefined && window.offset > 0) {
        total = (await searchPage(text, categoryIds, filter, { limit: 1, offset: 0 }))[0]?.total;
      }
      return { count: Number(total ?? 0), rows: rows.map(({ total: _total, ...row }) => row) };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The product page: one query per table, by product, whatever the number of variants and items
// ---------------------------------------------------------------------------------------------

/**
 * The product page's reads as named prepared statements, built once per database handle (each connection
 * plans them once): the product by its category and slug, then one statement per table by the product's
 * id. A rendered product page runs all nine, so each saves its building and planning on every render.
 */
export function prepareProductPageReads(db: Db) {
  const productId = sql.placeholder('productId');
  const activeItemIds = db
    .select({ id: items.id })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .where(and(eq(productVariants.productId, productId), eq(items.status, 'active')));
  const product = db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.slug, sql.placeholder('productSlug')),
        eq(categories.slug, sql.placeholder('categorySlug')),
      ),
    )
    .limit(1)
    .prepare('product_page_product');
  // The category of a product found by its slug alone (unique), for an address that names another.
  const productCategory = db
    .select({ slug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.slug, sql.placeholder('productSlug')))
    .limit(1)
    .prepare('product_page_category');
  const images = db
    .select({
      id: productImages.id,
      productId: productImages.productId,
      image: productImages.image,
      altText: productImages.altText,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .prepare('product_page_images');
  const variants = db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
    .prepare('product_page_variants');
  // A product's table fields, per variant in position order.
  const fields = db
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
    .orderBy(asc(tableFields.productVariantId), asc(tableFields.position), asc(tableFields.id))
    .prepare('product_page_fields');
  // A product's pricing tiers, per variant: pack tiers then pallet tiers, each by range start.
  const tiers = db
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
    )
    .prepare('product_page_tiers');
  // A product's active items, per variant in table order (by id).
  const activeItems = db
    .select({ item: items })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .where(and(eq(productVariants.productId, productId), eq(items.status, 'active')))
    .orderBy(asc(items.productVariantId), asc(items.id))
    .prepare('product_page_items');
  const itemImageRows = db
    .select({ ownerId: itemImages.itemId, image: itemImages.image, altText: itemImages.altText })
    .from(itemImages)
    .where(inArray(itemImages.itemId, activeItemIds))
    .orderBy(asc(itemImages.itemId), asc(itemImages.position), asc(itemImages.id))
    .prepare('product_page_item_images');
  const entries = db
    .select({
      itemId: itemDataEntries.itemId,
      field: itemDataEntries.tableFieldId,
      valueText: itemDataEntries.valueText,
      valueNumber: itemDataEntries.valueNumber,
      valueImage: itemDataEntries.valueImage,
    })
    .from(itemDataEntries)
    .where(inArray(itemDataEntries.itemId, activeItemIds))
    .orderBy(asc(itemDataEntries.itemId), asc(itemDataEntries.tableFieldId))
    .prepare('product_page_entries');
  // The list prices of a product's active items, per item in tier order.
  const prices = db
    .select({
      itemId: pricingData.itemId,
      tierId: pricingData.pricingTierId,
      pricePence: pricingData.pricePence,
    })
    .from(pricingData)
    .innerJoin(pricingTiers, eq(pricingTiers.id, pricingData.pricingTierId))
    .where(inArray(pricingData.itemId, activeItemIds))
    .orderBy(
      asc(pricingData.itemId),
      asc(pricingTiers.tierType),
      asc(pricingTiers.rangeStart),
      asc(pricingTiers.id),
    )
    .prepare('product_page_prices');

  const byProduct = (id: number) => ({ productId: id });
  return {
    product: async (categorySlug: string, productSlug: string): Promise<ProductRow | null> =>
      (await product.execute({ categorySlug, productSlug }))[0] ?? null,
    categorySlugOf: async (productSlug: string): Promise<string | null> =>
      (await productCategory.execute({ productSlug }))[0]?.slug ?? null,
    images: (id: number): Promise<ProductImageRow[]> => images.execute(byProduct(id)),
    variants: (id: number) => variants.execute(byProduct(id)),
    fields: (id: number) => fields.execute(byProduct(id)),
    tiers: (id: number) => tiers.execute(byProduct(id)),
    items: async (id: number) => (await activeItems.execute(byProduct(id))).map((row) => row.item),
    itemImages: (id: number) => itemImageRows.execute(byProduct(id)),
    entries: (id: number) => entries.execute(byProduct(id)),
    prices: (id: number) => prices.execute(byProduct(id)),
  };
}
