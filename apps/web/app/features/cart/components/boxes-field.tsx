import { digitsOnly } from '@shop/domain';
import { useState } from 'react';

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
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    // An emptied field puts the count back; 0, typed or reached with minus, removes the line.
    if (draft !== '' && !busy) onCommit(Number(draft));
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
      <input
        className="quantity__input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={`Boxes of ${sku}`}
        aria-disabled={busy || undefined}
        readOnly={busy}
        value={draft ?? String(packs)}
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
        aria-label={`Add one box of ${sku}`}
        aria-disabled={busy || undefined}
        onClick={() => step(1)}
      >
        +
      </button>
    </div>
  );
}
