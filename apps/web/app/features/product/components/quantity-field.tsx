import {
  type CommittedQuantity,
  commitUnits,
  type ProductPageItem,
  roundedUpMessage,
  stepDown,
  stepDownPallet,
  stepUp,
  stepUpPallet,
  stockCapMessage,
} from '@shop/domain';
import { type MouseEvent, useId, useState } from 'react';
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
  /** The pallet view: plus and minus step by whole pallets. */
  perPallet: boolean;
  /** In the pallet view, the packs of this item whose weight reaches the pallet price (750 kg), if said. */
  palletFrom: number | null;
  onChange: (quantity: CommittedQuantity) => void;
}

/**
 * No. of Units (spec 2, §4 Quantity flow): minus, a digits-only text field committed on blur or Enter,
 * plus. The domain rounds to whole packs, caps at stock and steps by a pack or a pallet. Once the item
 * has a quantity (so the selection bar is up), a skip link follows plus, shown only when focused: from
 * the field, Tab, Tab and Enter reach Add to Cart instead of every later table's controls (WCAG 2.4.1).
 * Only items with a quantity carry it, so browsing the tables costs no extra stops. The field is the
 * positioned box of that link, so, out of sight, it stays inside the table's scrolling region and never
 * widens the page. A typed quantity that was rounded up to whole boxes says so until the quantity changes.
 */
export function QuantityField({
  item,
  unitsPerPallet,
  units,
  capped,
  perPallet,
  palletFrom,
  onChange,
}: QuantityFieldProps) {
  const warningId = useId();
  const noteId = useId();
  const [rounded, setRounded] = useState<{ units: number; message: string } | null>(null);
  const roundedNote = rounded !== null && rounded.units === units ? rounded.message : null;
  const up = perPallet ? stepUpPallet : stepUp;
  const down = perPallet ? stepDownPallet : stepDown;
  const commit = (digits: string) => {
    const typed = digits === '' ? 0 : Number(digits);
    const quantity = commitUnits(typed, item);
    const message = roundedUpMessage(typed, quantity, item.units_per_pack);
    setRounded(message === null ? null : { units: quantity.units, message });
    onChange(quantity);
  };
  const describedBy = [capped ? warningId : '', roundedNote ? noteId : ''].filter(Boolean).join(' ');

  return (
    <div className="quantity">
      <div className="quantity__controls">
        <button
          type="button"
          className="quantity__step"
          aria-label={`Decrease quantity of ${item.sku}`}
          onClick={() => onChange(down(units, item, unitsPerPallet))}
        >
          −
        </button>
        <DigitsField
          aria-label={`No. of units of ${item.sku}`}
          aria-describedby={describedBy || undefined}
          value={units}
          onCommit={commit}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={`Increase quantity of ${item.sku}`}
          onClick={() => onChange(up(units, item, unitsPerPallet))}
        >
          +
        </button>
      </div>
      {units > 0 ? (
        <a className="quantity__skip" href={`#${ADD_TO_CART_ID}`} onClick={skipToAddToCart}>
          Skip to Add to Cart
        </a>
      ) : null}
      {roundedNote ? (
        <p id={noteId} className="quantity__note" role="status">
          {roundedNote}
        </p>
      ) : null}
      {palletFrom !== null ? (
        <p className="quantity__note">
          Pallet price from 750 kg: {palletFrom} {palletFrom === 1 ? 'box' : 'boxes'}
        </p>
      ) : null}
      {capped ? (
        <p id={warningId} className="quantity__warning" role="alert">
          {stockCapMessage(item.stock, item.title)}
        </p>
      ) : null}
    </div>
  );
}
