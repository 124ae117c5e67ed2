import { Link } from 'react-router';
import { productHref } from '~/lib/navigation';
import type { ProductCardData } from '../product-card-data';

interface ProductCardProps {
  product: ProductCardData;
  /** The heading level of the product's name, under the section's heading. */
  headingLevel?: 'h2' | 'h3';
  /** `title`: the name is the link (home). `view-details`: a 'View Details' link (category pages). */
  linkStyle?: 'title' | 'view-details';
  showCategory?: boolean;
  /** Cards in the first rows load at once; the rest when scrolled near. */
  eager?: boolean;
}

/** A product's card; the whole card is clickable through its one link. */
export function ProductCard({
  product,
  headingLevel: Heading = 'h3',
  linkStyle = 'title',
  showCategory = false,
  eager = false,
}: ProductCardProps) {
  const href = productHref(product.category.slug, product.slug);
  return (
    <li className="product-card">
      {product.image ? (
        <img
          className="product-card__image"
          src={product.image.src}
          alt={product.image.alt}
          width={300}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className="product-card__image product-card__image--none" aria-hidden="true" />
      )}
      <div className="product-card__body">
        {showCategory ? <p className="product-card__category">{product.category.name}</p> : null}
        <Heading className="product-card__title">
          {linkStyle === 'title' ? (
            <Link to={href} className="product-card__link">
              {product.name}
            </Link>
          ) : (
            product.name
          )}
        </Heading>
        {linkStyle === 'view-details' ? (
          // The name tells the cards' links apart; it starts with the visible words (WCAG 2.5.3).
          <Link
            to={href}
            className="product-card__link product-card__cta"
            aria-label={`View Details of ${product.name}`}
          >
            View Details
          </Link>
        ) : null}
      </div>
    </li>
  );
}

interface ProductGridProps extends Omit<ProductCardProps, 'product' | 'eager'> {
  products: readonly ProductCardData[];
  /** How many cards load their images at once (the first rows). */
  eagerCount?: number;
}

export function ProductGrid({ products, eagerCount = 4, ...cardProps }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={index < eagerCount} {...cardProps} />
      ))}
    </ul>
  );
}
