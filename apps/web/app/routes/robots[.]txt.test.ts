import { describe, expect, it } from 'vitest';
import { fakeContext } from '~test/fake-catalogue';
import { loader } from './robots[.]txt';

describe('/robots.txt', () => {
  it('allows crawling, keeps account and commerce pages out and names the sitemap', async () => {
    const response = loader({ context: fakeContext() } as unknown as Parameters<typeof loader>[0]);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const text = await response.text();
    const lines = text.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of [
      '/cart',
      '/checkout',
      '/track-order',
      '/login',
      '/signup',
      '/forgot-password',
      '/change-password',
      '/account',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: https://shop.test/sitemap.xml');
  });
});
