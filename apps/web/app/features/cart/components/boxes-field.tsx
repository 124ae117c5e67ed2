import { DigitsField } from '~/components/ui/digits-field';

interface BoxesFieldProps {
  sku: string;
  /** The boxes shown: the line's, or the count being sent. */
  packs: number;
  /** A change of this line is in flight. */
  busy: boolean;
  onCommit: (packs: number) => void;
}

/**
 * The Boxes cell (spec 2, §2 Cart screen): minus, a digits-only field committed on blur or Enter, plus.
 * While the line's change is in flight the controls say they are disabled (aria-disabled, read-only) and
 * ignore input, but keep focus: a natively disabled control would drop it to the page (focus fixup).
 */
export function BoxesField({ sku, packs, busy, onCommit }: BoxesFieldProps) {
  // An emptied field puts the count back; 0, typed or reached with minus, removes the line.
  const commit = (digits: string) => {
    if (digits !== '' && !busy) onCommit(Number(digits));
  };
  const step = (delta: number) => {
    if (!busy) onCommit(packs + delta);
  };

  return (
    <div className="quantity__controls cart-boxes">
      <button
        type="button"
        className="quantity__step"
        aria-label={`Remove one box of ${sku}`}
        aria-disabled={busy || undefined}
        onClick={() => step(-1)}
      >
        −
      </button>
      <DigitsField
        aria-label={`Boxes of ${sku}`}
        aria-disabled={busy || undefined}
        readOnly={busy}
        value={packs}
        onCommit={commit}
      />
      <button
        type="button"
        className="quantity__step"
        aria-label={`Add one box of ${sku}`}
        aria-disabled={busy || undefined}
        onClick={() => step(1)}
      >
        +
      </button>
    </div>
  );
}
