import type { ProductSummary } from '@shop/domain';

/** What a product card shows: a summary without its description, so pages do not ship it twice. */
export interface ProductCardData {
  id: number;
  name: string;
  slug: string;
  category: { name: string; slug: string };
  image: { src: string; alt: string } | null;
}

export function toProductCard(product: ProductSummary): ProductCardData {
  const first = product.images[0];
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    category: product.category,
    image: first ? { src: first.image, alt: first.alt_text || product.name } : null,
  };
}
