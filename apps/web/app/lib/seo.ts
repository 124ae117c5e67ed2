import type { MetaDescriptor } from 'react-router';
import { SHOP } from './shop';

interface PageMetaOptions {
  title: string;
  description: string;
  /** Account and commerce pages are private to each customer: keep them out of search engines. */
  noIndex?: boolean;
  /** The page's absolute canonical URL; link previews use it too (og:url). */
  url?: string;
  /** An absolute image URL for link previews. */
  image?: string;
  imageAlt?: string;
  /** Open Graph type: product pages say `product`, everything else is a `website` page. */
  type?: 'website' | 'product';
}

/** A page's title, description, canonical URL and Open Graph tags, the same for tabs, crawlers and previews. */
export function pageMeta({
  title,
  description,
  noIndex = false,
  url,
  image,
  imageAlt,
  type = 'website',
}: PageMetaOptions): MetaDescriptor[] {
  const fullTitle = title.includes(SHOP.name) ? title : `${title} | ${SHOP.name}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: SHOP.name },
    { property: 'og:locale', content: 'en_GB' },
  ];
  if (url) {
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  if (image) {
    tags.push({ property: 'og:image', content: image });
    if (imageAlt) tags.push({ property: 'og:image:alt', content: imageAlt });
  }
  tags.push({ name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' });
  if (noIndex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** An absolute URL on the shop's public origin, for canonical links, previews, JSON-LD and the sitemap. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}
