import { formatGbp, formatKg, type Totals } from '@shop/domain';
import { useLayoutEffect, useRef } from 'react';
import type { PriceDisplay } from '../hooks/use-price-display';
import { shownPence } from '../product-pricing';

/** The id of Add to Cart, where the quantity fields' skip links send focus. */
export const ADD_TO_CART_ID = 'add-to-cart';

/** The bar's height, for the page's bottom padding and whatever else floats at the bottom. */
const BAR_HEIGHT_VAR = '--selection-bar-h';

interface SelectionBarProps {
  /** The SKU shown (already cut to 18 characters) and how many other items are selected. */
  sku: string;
  otherItems: number;
  totals: Totals;
  priceDisplay: PriceDisplay;
  busy: boolean;
  onAdd: () => void;
}

/**
 * The sticky bottom bar (spec 2, §2): what is selected and what it costs, and Add to Cart. Its height is
 * published as --selection-bar-h so the page keeps that much room at its end (nothing stays covered)
 * and the chat button and notifications sit above it.
 */
export function SelectionBar({ sku, otherItems, totals, priceDisplay, busy, onAdd }: SelectionBarProps) {
  const barRef = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(BAR_HEIGHT_VAR, `${bar.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BAR_HEIGHT_VAR);
    };
  }, []);

  const vatNote = priceDisplay === 'inc' ? 'inc VAT' : 'ex VAT';
  return (
    <section ref={barRef} className="selection-bar" aria-label="Your selection">
      <div className="selection-bar__inner">
        <dl className="selection-bar__sku">
          <dt>SKU</dt>
          <dd>
            {sku}
            {otherItems > 0 ? <span className="selection-bar__more"> +{otherItems} more</span> : null}
          </dd>
        </dl>
        <dl className="selection-bar__figures">
          <div className="selection-bar__figure">
            <dt>Boxes</dt>
            <dd>{totals.packs}</dd>
          </div>
          <div className="selection-bar__figure">
            <dt>Units</dt>
            <dd>{totals.units}</dd>
          </div>
          <div className="selection-bar__figure">
            <dt>Weight</dt>
            <dd>{formatKg(totals.weight_kg, 2)}</dd>
          </div>
          <div className="selection-bar__figure">
            <dt>
              Subtotal <span className="selection-bar__note">{vatNote}</span>
            </dt>
            <dd>{formatGbp(shownPence(totals.subtotal_pence, priceDisplay))}</dd>
          </div>
          <div className="selection-bar__figure">
            <dt>
              Total <span className="selection-bar__note">{vatNote}</span>
            </dt>
            <dd>{formatGbp(shownPence(totals.goods_pence, priceDisplay))}</dd>
          </div>
          <div className="selection-bar__figure selection-bar__figure--grand">
            <dt>
              TOTAL <span className="selection-bar__note">inc VAT</span>
            </dt>
            <dd>{formatGbp(totals.total_pence)}</dd>
          </div>
        </dl>
        <button
          id={ADD_TO_CART_ID}
          type="button"
          className="button button--accent selection-bar__add"
          disabled={busy}
          onClick={onAdd}
        >
          {busy ? 'Cart Updating...' : 'Add to Cart'}
        </button>
      </div>
    </section>
  );
}
