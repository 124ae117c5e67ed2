import { describe, expect, it } from 'vitest';
import { absoluteUrl, pageMeta } from './seo';

describe('pageMeta', () => {
  it('adds the canonical link and Open Graph tags with absolute URLs', () => {
    const tags = pageMeta({
      title: 'Wraps',
      description: 'Pallet wraps.',
      url: 'https://shop.test/category/wraps',
      image: 'https://shop.test/images/categories/wraps.svg',
      imageAlt: 'Wraps packaging',
    });
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: 'Wraps | PackRight Supplies' },
        { name: 'description', content: 'Pallet wraps.' },
        { tagName: 'link', rel: 'canonical', href: 'https://shop.test/category/wraps' },
        { property: 'og:type', content: 'website' },
        { property: 'og:url', content: 'https://shop.test/category/wraps' },
        { property: 'og:title', content: 'Wraps | PackRight Supplies' },
        { property: 'og:image', content: 'https://shop.test/images/categories/wraps.svg' },
      ]),
    );
    expect(tags).not.toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('keeps private pages out of search engines and leaves out what it was not given', () => {
    const tags = pageMeta({ title: 'Cart', description: 'Your cart.', noIndex: true });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(tags.some((tag) => 'rel' in tag || ('property' in tag && tag.property === 'og:image'))).toBe(
      false,
    );
  });
});

describe('absoluteUrl', () => {
  it('joins a path to the origin', () => {
    expect(absoluteUrl('https://shop.test', '/category/wraps')).toBe('https://shop.test/category/wraps');
    expect(absoluteUrl('https://shop.test/', '/')).toBe('https://shop.test/');
  });
});
