// Request paths of the catalogue reads, shared by bench/catalogue.mjs and bench/scale.mjs. The SQL those
// requests send is not copied here: bench/explain-sql.ts records it from the API's own services.

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
