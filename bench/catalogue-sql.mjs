// The SQL the API sends for the three catalogue reads that bench/catalogue.mjs loads, rebuilt here so the
// benchmark can EXPLAIN ANALYZE them. The text is what Drizzle generates from
// apps/api/src/modules/catalogue/queries.ts (searchProducts, countProducts, selectProducts) and
// apps/api/src/modules/items/queries.ts (searchItemsBySize), as captured with log_min_duration_statement = 0
// on PostgreSQL 15 (2026-11-22). When those files change, change this one: bench/catalogue.mjs checks that
// each rebuilt count query finds the same count as the API for the same input, and says so in the report.

/** pg_trgm word_similarity threshold the search sets per transaction (queries.ts WORD_SIMILARITY). */
export const WORD_SIMILARITY = 0.5;
/** Words from this length are also matched by similarity (queries.ts FUZZY_MIN_LENGTH). */
const FUZZY_MIN_LENGTH = 4;
/** Approx Size tolerance (packages/domain APPROX_TOLERANCE). */
const APPROX_TOLERANCE = 0.15;
const MM_PER = { MM: 1, CM: 10, IN: 25.4, M: 1000 };

const escapeLike = (text) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A statement builder that numbers its parameters the way node-postgres sends them. */
function builder() {
  const params = [];
  return {
    params,
    p(value) {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

const PRODUCT_COLUMNS =
  '"products"."id", "products"."name", "products"."slug", "products"."description", "categories"."name", "categories"."slug", "products"."updated_at"';
const PRODUCTS_FROM =
  'from "products" inner join "categories" on "categories"."id" = "products"."category_id"';

/** GET /api/products/?search=text&page_size=n: a count and a ranked page (one transaction). */
export function suggestionQueries(text, pageSize = 10) {
  const query = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const words = [...new Set(query.split(' ').filter(Boolean))].slice(0, 6);
  const where = (b) =>
    words
      .map((word) => {
        const pattern = `%${escapeLike(word)}%`;
        const matchers = [
          `"products"."name" ilike ${b.p(pattern)}`,
          `"products"."category_id" in (select id from categories where name ilike ${b.p(pattern)})`,
        ];
        if (word.length >= FUZZY_MIN_LENGTH) {
          matchers.push(`${b.p(word)} <% "products"."name"`);
          matchers.push(`"products"."category_id" in (select id from categories where ${b.p(word)} <% name)`);
        }
        return `(${matchers.join(' or ')})`;
      })
      .join(' and ');

  const count = builder();
  const countSql = `select count(*) ${PRODUCTS_FROM} where ${where(count)}`;

  const rows = builder();
  const rowsWhere = where(rows);
  const prefix = `${escapeLike(query)}%`;
  const wordPrefix = `% ${escapeLike(query)}%`;
  const rowsSql =
    `select ${PRODUCT_COLUMNS} ${PRODUCTS_FROM} where ${rowsWhere} order by case\n` +
    `  when lower("products"."name") like ${rows.p(prefix)} then 0\n` +
    `  when lower("products"."name") like ${rows.p(wordPrefix)} then 1\n` +
    `  when lower("categories"."name") like ${rows.p(prefix)} then 2\n` +
    `  else 3 end, greatest(word_similarity(${rows.p(query)}, "products"."name"), word_similarity(${rows.p(query)}, "categories"."name")) desc, "products"."name" asc, "products"."id" asc limit ${rows.p(pageSize)}`;
  return {
    setup: [`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY}`],
    count: { sql: countSql, params: count.params },
    rows: { sql: rowsSql, params: rows.params },
  };
}

/** GET /api/products/?category=slug&page=n&page_size=s: a count and a page in name order. */
export function categoryQueries(slug, page = 1, pageSize = 20) {
  return {
    setup: [],
    count: { sql: `select count(*) ${PRODUCTS_FROM} where "categories"."slug" = $1`, params: [slug] },
    rows:
      page > 1
        ? {
            sql: `select ${PRODUCT_COLUMNS} ${PRODUCTS_FROM} where "categories"."slug" = $1 order by "products"."name" asc, "products"."id" asc limit $2 offset $3`,
            params: [slug, pageSize, (page - 1) * pageSize],
          }
        : {
            sql: `select ${PRODUCT_COLUMNS} ${PRODUCTS_FROM} where "categories"."slug" = $1 order by "products"."name" asc, "products"."id" asc limit $2`,
            params: [slug, pageSize],
          },
  };
}

/** The searched dimensions in mm, positive only, smallest first (packages/domain searchedMillimetres). */
export function searchedMillimetres({ unit, width, height, length }) {
  return [width, height, length]
    .filter((value) => value > 0)
    .map((value) => value * MM_PER[unit])
    .sort((a, b) => a - b);
}

const DIMS = ['"items"."dim_small_mm"', '"items"."dim_mid_mm"', '"items"."dim_large_mm"'];
const ITEMS_FROM =
  'from "items" inner join "product_variants" on "product_variants"."id" = "items"."product_variant_id" inner join "products" on "products"."id" = "product_variants"."product_id" inner join "categories" on "categories"."id" = "products"."category_id"';

/** GET /api/items/?measurement_unit=..&category=..&width=..&height=..&length=..: a count and a page. */
export function sizeSearchQueries(search, page = 1, pageSize = 20) {
  const searched = searchedMillimetres(search);
  const candidates =
    searched.length >= 3
      ? [[DIMS[0], DIMS[1], DIMS[2]]]
      : [
          [DIMS[1], DIMS[2]],
          [DIMS[0], DIMS[2]],
          [DIMS[0], DIMS[1]],
        ];
  const fit = (b, candidate) =>
    `(${searched
      .map((wanted, i) =>
        search.mode === 'minimum'
          ? `${candidate[i]} >= ${b.p(wanted)}`
          : `${candidate[i]} between ${b.p(wanted * (1 - APPROX_TOLERANCE))} and ${b.p(wanted * (1 + APPROX_TOLERANCE))}`,
      )
      .join(' and ')})`;
  const distance = (b, candidate) =>
    searched.map((wanted, i) => `abs(${candidate[i]} - ${b.p(wanted)}) / ${b.p(wanted)}`).join(' + ');
  const nearest = (b) =>
    candidates.length === 1
      ? distance(b, candidates[0])
      : `least(${candidates.map((c) => `case when ${fit(b, c)} then ${distance(b, c)} end`).join(', ')})`;
  const largest = searched[searched.length - 1];
  const where = (b) =>
    `("categories"."slug" = ${b.p(search.category)} and "items"."status" = ${b.p('active')} and "items"."dim_large_mm" is not null and "items"."dim_large_mm" >= ${b.p(
      search.mode === 'minimum' ? largest : largest * (1 - APPROX_TOLERANCE),
    )} and (${candidates.map((c) => fit(b, c)).join(' or ')}))`;

  const count = builder();
  const countSql = `select count(*) ${ITEMS_FROM} where ${where(count)}`;
  const rows = builder();
  const columns = `"items"."id", "items"."sku", "items"."title", "items"."units_per_pack", "items"."measurement_unit", "items"."width", "items"."height", "items"."length", "items"."dim_small_mm", "items"."dim_mid_mm", "items"."dim_large_mm", "products"."id", "products"."name", "products"."slug", "categories"."name", "categories"."slug", (${nearest(rows)})::float8`;
  const rowsWhere = where(rows);
  const order = `order by ${nearest(rows)}, "items"."id" asc limit ${rows.p(pageSize)}`;
  const offset = (page - 1) * pageSize;
  const rowsSql = `select ${columns} ${ITEMS_FROM} where ${rowsWhere} ${order}${offset ? ` offset ${rows.p(offset)}` : ''}`;
  return {
    setup: [],
    count: { sql: countSql, params: count.params },
    rows: { sql: rowsSql, params: rows.params },
  };
}

/** The API path for a size search (the parameters the storefront's /search page sends). */
export function sizeSearchPath(search) {
  const query = new URLSearchParams({
    measurement_unit: search.unit,
    category: search.category,
    width: String(search.width),
    height: String(search.height),
    length: String(search.length),
    approx_size: String(search.mode === 'approx'),
    minimum_size: String(search.mode === 'minimum'),
  });
  return `/api/items/?${query}`;
}
