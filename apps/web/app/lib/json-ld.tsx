import { useNonce } from './nonce';
import { absoluteUrl } from './seo';
import { SHOP, SOCIAL_LINKS } from './shop';

/** A schema.org object as JSON-LD: plain JSON values only. */
export type JsonLdObject = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[];

/**
 * JSON for a `<script>` data block. `<` (and `>`, `&`) become `\u003c`-style escapes, so no value can close
 * the block early (`</script>`) or open a comment in it; the line separators JavaScript rejects are escaped too.
 */
export function serializeJsonLd(data: JsonLdObject): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Structured data in the server's HTML, for crawlers and link previews. A JSON-LD block is data, not a
 * script, so the CSP does not run it; it carries the nonce anyway (browsers hide it, hence no hydration check).
 */
export function JsonLd({ data }: { data: JsonLdObject }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}

/** The shop as a schema.org Organization (home page). */
export function organizationJsonLd(origin: string): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP.name,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, '/favicon.svg'),
    telephone: SHOP.phone.display,
    email: SHOP.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: SHOP.address.street,
      addressLocality: SHOP.address.locality,
      postalCode: SHOP.address.postcode,
      addressCountry: SHOP.address.countryCode,
    },
    sameAs: SOCIAL_LINKS.map((link) => link.href),
  };
}

export interface BreadcrumbStep {
  name: string;
  /** A path on the shop, e.g. `/category/wraps`. */
  path: string;
}

/** A schema.org BreadcrumbList from the home page down to the current page. */
export function breadcrumbJsonLd(origin: string, steps: readonly BreadcrumbStep[]): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absoluteUrl(origin, step.path),
    })),
  };
}
