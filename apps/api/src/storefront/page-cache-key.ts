/** A slug as the catalogue writes them; no dots, so React Router's `.data` requests never match. */
const SLUG = '[A-Za-z0-9_-]{1,200}';

/** Pages whose loaders read only the catalogue (or nothing), so they are the same for every visitor. */
const STATIC_PAGES = new Set([
  '/',
  '/contact',
  '/privacy-policy',
  '/refund-policy',
  '/terms-of-services',
  '/search-advance',
]);
const CATEGORY_PAGE = new RegExp(`^/category/${SLUG}$`);
const PRODUCT_PAGE = new RegExp(`^/details/${SLUG}/${SLUG}$`);

/** The category listing's page number, read as its loader reads it (`pageNumberFrom` in the web app). */
function listingPage(query: URLSearchParams): number {
  const raw = query.get('page');
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/**
 * The rendered-page cache's key for a public page, or null for a page that is not cached (search with its
 * free text, account pages, React Router's data requests, anything unknown). The key is the page's path
 * with only the query parameters its loader reads, normalised (`?page=1`, `?page=01` and no page are one
 * key; `utm_*` and other parameters are ignored), and it is also the URL the page is rendered from.
 * Never the Host: the origin comes from configuration.
 */
export function pageCacheKey(url: URL): string | null {
  const path = url.pathname;
  if (STATIC_PAGES.has(path) || PRODUCT_PAGE.test(path)) return path;
  if (CATEGORY_PAGE.test(path)) {
    const page = listingPage(url.searchParams);
    return page > 1 ? `${path}?page=${page}` : path;
  }
  return null;
}

/**
 * Public pages that are not kept (the size search's free combinations, the redirecting /product-details)
 * and resource routes that set their own Cache-Control.
 */
const OTHER_PUBLIC_PAGES = new Set(['/search', '/product-details', '/sitemap.xml', '/robots.txt']);

/**
 * The page a request is for: React Router's data requests name their page's path with `.data` added
 * (`/_.data` for `/`, `/x/_.data` for `/x/`, since the app's data requests are trailing-slash aware).
 */
export function pagePath(pathname: string): string {
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length);
  if (pathname.endsWith('.data')) return pathname.slice(0, -'.data'.length);
  return pathname;
}

/**
 * Whether a page (or its data request) is the same for every visitor, so that a shared cache may keep it:
 * the pages above and `OTHER_PUBLIC_PAGES`, by their exact paths. Every other page, a route added later
 * included, is private (an account, a cart, an order, the back office, a sign-in form): the list names
 * what is public, so a page nobody listed can only be too private, never shared.
 */
export function isPublicPage(pathname: string): boolean {
  const path = pagePath(pathname);
  return (
    STATIC_PAGES.has(path) ||
    OTHER_PUBLIC_PAGES.has(path) ||
    CATEGORY_PAGE.test(path) ||
    PRODUCT_PAGE.test(path)
  );
}
