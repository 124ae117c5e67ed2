import type { SitemapEntries } from '@shop/domain';
import { categoryHref, productHref } from '~/lib/navigation';
import { absoluteUrl } from '~/lib/seo';

/** The public pages that are not catalogue records. */
const STATIC_PATHS = ['/', '/contact', '/refund-policy', '/privacy-policy', '/terms-of-services'];

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function urlEntry(loc: string, lastmod?: string): string {
  const date = lastmod ? new Date(lastmod) : null;
  const lastmodTag =
    date && !Number.isNaN(date.getTime()) ? `<lastmod>${date.toISOString().slice(0, 10)}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${lastmodTag}</url>`;
}

/** The sitemaps.org XML of every public page, category and product, with absolute URLs on `origin`. */
export function buildSitemapXml(origin: string, entries: SitemapEntries): string {
  const segment = encodeURIComponent;
  const urls = [
    ...STATIC_PATHS.map((path) => urlEntry(absoluteUrl(origin, path))),
    ...entries.categories.map((category) =>
      urlEntry(absoluteUrl(origin, categoryHref(segment(category.slug)))),
    ),
    ...entries.products.map((product) =>
      urlEntry(
        absoluteUrl(origin, productHref(segment(product.category_slug), segment(product.slug))),
        product.updated_at,
      ),
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
