import {
  type CommittedQuantity,
  commitUnits,
  type ProductPageItem,
  stepDown,
  stepUp,
  stockCapMessage,
} from '@shop/domain';
import { type MouseEvent, useId } from 'react';
import { DigitsField } from '~/components/ui/digits-field';
import { ADD_TO_CART_ID } from './selection-bar';

/**
 * The bar with Add to Cart comes last in the page, after every table; this moves focus straight to it.
 * The bar is fixed to the bottom of the window, so nothing needs scrolling.
 */
function skipToAddToCart(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(ADD_TO_CART_ID)?.focus();
}

interface QuantityFieldProps {
  item: ProductPageItem;
  unitsPerPallet: number | null;
  units: number;
  /** Whether stock capped the last change (the warning shows). */
  capped: boolean;
  onChange: (quantity: CommittedQuantity) => void;
}

/**
 * No. of Units (spec 2, §4 Quantity flow): minus, a digits-only text field committed on blur or Enter,
 * plus. The domain rounds to whole packs, caps at stock and steps by a pack or a pallet. Once the item
 * has a quantity (so the selection bar is up), a skip link follows plus, shown only when focused: from
 * the field, Tab, Tab and Enter reach Add to Cart instead of every later table's controls (WCAG 2.4.1).
 * Only items with a quantity carry it, so browsing the tables costs no extra stops.
 */
export function QuantityField({ item, unitsPerPallet, units, capped, onChange }: QuantityFieldProps) {
  const warningId = useId();

  return (
    <div className="quantity">
      <div className="quantity__controls">
        <button
          type="button"
          className="quantity__step"
          aria-label={`Decrease quantity of ${item.sku}`}
          onClick={() => onChange(stepDown(units, item, unitsPerPallet))}
        >
          −
        </button>
        <DigitsField
          aria-label={`No. of units of ${item.sku}`}
          aria-describedby={capped ? warningId : undefined}
          value={units}
          onCommit={(digits) => onChange(commitUnits(digits === '' ? 0 : Number(digits), item))}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={`Increase quantity of ${item.sku}`}
          onClick={() => onChange(stepUp(units, item, unitsPerPallet))}
        >
          +
        </button>
      </div>
      {units > 0 ? (
        <a className="quantity__skip" href={`#${ADD_TO_CART_ID}`} onClick={skipToAddToCart}>
          Skip to Add to Cart
        </a>
      ) : null}
      {capped ? (
        <p id={warningId} className="quantity__warning" role="alert">
          {stockCapMessage(item.stock, item.title)}
        </p>
      ) : null}
    </div>
  );
}
