import { describe, expect, it } from 'vitest';
import { fakeContext } from '~test/fake-catalogue';
import { loader } from './sitemap[.]xml';

const args = (context: ReturnType<typeof fakeContext>) =>
  ({ context, request: new Request('https://shop.test/sitemap.xml'), params: {} }) as unknown as Parameters<
    typeof loader
  >[0];

describe('/sitemap.xml', () => {
  it('lists the public pages, every category and every product with absolute URLs', async () => {
    const response = await loader(
      args(
        fakeContext({
          listSitemapEntries: async () => ({
            categories: [{ slug: 'wraps' }, { slug: 'bags' }],
            products: [
              { slug: 'pallet-wraps', category_slug: 'wraps', updated_at: '2026-11-01T10:00:00.000Z' },
              { slug: 'mailing-bags', category_slug: 'bags', updated_at: '2026-10-05T08:30:00.000Z' },
            ],
          }),
        }),
      ),
    );
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://shop.test/',
      'https://shop.test/contact',
      'https://shop.test/refund-policy',
      'https://shop.test/privacy-policy',
      'https://shop.test/terms-of-services',
      'https://shop.test/category/wraps',
      'https://shop.test/category/bags',
      'https://shop.test/details/wraps/pallet-wraps',
      'https://shop.test/details/bags/mailing-bags',
    ]);
    expect(xml).toContain(
      '<url><loc>https://shop.test/details/wraps/pallet-wraps</loc><lastmod>2026-11-01</lastmod></url>',
    );
    const parsed = new DOMParser().parseFromString(xml, 'application/xml');
    expect(parsed.querySelector('parsererror')).toBeNull();
    expect(parsed.getElementsByTagName('url')).toHaveLength(9);
  });
});
