import {
  type CommittedQuantity,
  commitUnits,
  digitsOnly,
  type ProductPageItem,
  stepDown,
  stepUp,
  stockCapMessage,
} from '@shop/domain';
import { useId, useState } from 'react';

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
 * plus. The domain rounds to whole packs, caps at stock and steps by a pack or a pallet.
 */
export function QuantityField({ item, unitsPerPallet, units, capped, onChange }: QuantityFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const warningId = useId();

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    onChange(commitUnits(draft === '' ? 0 : Number(draft), item));
  };

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
        <input
          className="quantity__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label={`No. of units of ${item.sku}`}
          aria-describedby={capped ? warningId : undefined}
          value={draft ?? String(units)}
          onChange={(event) => setDraft(digitsOnly(event.target.value))}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            commit();
          }}
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
      {capped ? (
        <p id={warningId} className="quantity__warning" role="alert">
          {stockCapMessage(item.stock, item.title)}
        </p>
      ) : null}
    </div>
  );
}
