import { formatGbp } from '@shop/domain';
import { usePriceDisplay } from '../hooks/use-price-display';
import { shownPence } from '../product-pricing';

/** The product's lowest price per pack, in the page's price display (ex or inc VAT). */
export function FromPrice({ pence }: { pence: number }) {
  const [display] = usePriceDisplay();
  return (
    <p className="product__price">
      <span className="product__price-amount">From {formatGbp(shownPence(pence, display))} per pack</span>{' '}
      <span className="product__price-note">{display === 'inc' ? 'inc VAT' : 'ex VAT'}</span>
    </p>
  );
}
