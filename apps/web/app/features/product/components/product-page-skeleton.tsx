/**
 * What the product page shows while the next product loads (a client-side navigation): the page's shape
 * in grey, so the layout stays put, and one status line for screen readers.
 */
export function ProductPageSkeleton() {
  return (
    <div className="page product product-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading product…
      </p>
      <div className="product-skeleton__line product-skeleton__line--short" />
      <div className="product__layout">
        <div className="product-skeleton__block product-skeleton__block--image" />
        <div>
          <div className="product-skeleton__line product-skeleton__line--title" />
          <div className="product-skeleton__line" />
          <div className="product-skeleton__line" />
          <div className="product-skeleton__line product-skeleton__line--short" />
        </div>
      </div>
      <div className="product-skeleton__block product-skeleton__block--table" />
    </div>
  );
}
