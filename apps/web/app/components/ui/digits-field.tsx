import { digitsOnly } from '@shop/domain';
import { type InputHTMLAttributes, useState } from 'react';

type DigitsFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'onBlur' | 'onKeyDown'
> & {
  value: number;
  /** The typed digits ('' when the field was emptied), on blur or Enter, once something was typed. */
  onCommit: (digits: string) => void;
};

/**
 * A quantity field (spec 2, §4): it keeps digits only as they are typed and commits on blur or Enter, so a
 * half-typed number is never sent. The product page's units and the cart's boxes both use it.
 */
export function DigitsField({ value, onCommit, className = 'quantity__input', ...input }: DigitsFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    onCommit(draft);
  };
  return (
    <input
      className={className}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      {...input}
      value={draft ?? String(value)}
      onChange={(event) => setDraft(digitsOnly(event.target.value))}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        commit();
      }}
    />
  );
}
