import { penceToDecimal, type ProductDetail } from '@shop/domain';
import type { JsonLdObject } from '~/lib/json-ld';
import { toPlainText, truncate } from '~/lib/plain-text';
import { absoluteUrl } from '~/lib/seo';

/** A product as schema.org Product, with its list prices per pack as one AggregateOffer in GBP. */
export function productJsonLd(product: ProductDetail, origin: string, canonicalUrl: string): JsonLdObject {
  const json: JsonLdObject = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: truncate(toPlainText(product.description), 500),
    url: canonicalUrl,
    image: product.images.map((image) => absoluteUrl(origin, image.image)),
    category: product.category.name,
  };
  if (product.lowest_price_pence !== null) {
    json.offers = {
      '@type': 'AggregateOffer',
      priceCurrency: 'GBP',
      lowPrice: penceToDecimal(product.lowest_price_pence),
      highPrice: penceToDecimal(product.highest_price_pence ?? product.lowest_price_pence),
      availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: canonicalUrl,
    };
  }
  return json;
}
