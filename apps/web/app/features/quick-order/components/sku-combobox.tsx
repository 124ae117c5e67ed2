import '~/lib/jitless-validation';
import {
  MAX_SKU_LENGTH,
  QUICK_ORDER_MESSAGES,
  QUICK_ORDER_SEARCH_MIN_LENGTH,
  type QuickOrderSkuSuggestion,
} from '@shop/domain';
import { useState } from 'react';
import { useSkuSuggestions, type SkuSuggestionsState } from '../hooks/use-sku-suggestions';

export const SKU_SUGGESTION_MESSAGES = {
  loading: 'Loading suggestions…',
  empty: 'No items found',
  failed: 'Failed to fetch suggestions',
} as const;

interface SkuComboboxProps {
  /** The id prefix of the field, its list and its options. */
  id: string;
  /** Adds a line for a SKU (picked from the list, or typed and submitted). */
  onAdd: (sku: string) => void;
}

/**
 * 'Add a line': a SKU field that suggests items as you type (ARIA 1.2 combobox, focus stays in the field,
 * as the header's search does): arrows move through the list, Enter picks, Escape closes the list (then
 * clears the field). Picking an item, or adding what was typed, appends `SKU, 1` to the lines.
 */
export function SkuCombobox({ id, onAdd }: SkuComboboxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const suggestions = useSkuSuggestions(text);

  const inputId = `${id}-input`;
  const listboxId = `${id}-suggestions`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const optionId = (item: QuickOrderSkuSuggestion) => `${id}-option-${item.id}`;
  const term = text.trim();
  const shown = open && term.length >= QUICK_ORDER_SEARCH_MIN_LENGTH;
  const items = suggestions.status === 'success' ? suggestions.items : [];
  const activeIndex = items.findIndex((item) => item.id === activeId);
  const listShown = shown && items.length > 0;

  const close = () => {
    setOpen(false);
    setActiveId(null);
  };
  const add = (sku: string) => {
    onAdd(sku);
    setText('');
    setError(null);
    close();
  };
  const move = (step: 1 | -1) => {
    if (!open) {
      setOpen(true);
      return;
    }
    if (items.length === 0) return;
    const from = activeIndex === -1 ? (step === 1 ? -1 : 0) : activeIndex;
    const next = items[(from + step + items.length) % items.length]!;
    setActiveId(next.id);
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (term.length < QUICK_ORDER_SEARCH_MIN_LENGTH) return;
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        if (listShown && activeIndex >= 0) {
          event.preventDefault();
          add(items[activeIndex]!.sku);
        }
        break;
      case 'Escape':
        event.preventDefault();
        if (listShown || shown) close();
        else setText('');
        break;
    }
  };

  return (
    <form
      className="form quick-order__add-line"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (term === '') setError(QUICK_ORDER_MESSAGES.skuRequired);
        else if (term.length > MAX_SKU_LENGTH) setError(QUICK_ORDER_MESSAGES.skuTooLong);
        else add(term);
      }}
    >
      <h2 id={`${id}-title`} className="form__title">
        Add a line
      </h2>
      <div
        className="quick-order__sku"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
        }}
      >
        <label htmlFor={inputId} className="form__label">
          SKU
        </label>
        <p id={hintId} className="quick-order__hint">
          Type part of a SKU or an item’s name, then pick the item: it is added with 1 pack.
        </p>
        <div className="quick-order__sku-row">
          <input
            id={inputId}
            className="form__control"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listShown}
            aria-controls={listboxId}
            aria-activedescendant={listShown && activeIndex >= 0 ? optionId(items[activeIndex]!) : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActiveId(null);
              setError(null);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className="button button--outline">
            Add line
          </button>
        </div>
        <p id={errorId} className="field-error">
          {error}
        </p>
        <div className="quick-order__suggestions" hidden={!shown}>
          <p className="quick-order__suggestions-message" role="status">
            {shown ? <SuggestionsMessage state={suggestions} count={items.length} /> : null}
          </p>
          <ul
            id={listboxId}
            role="listbox"
            aria-label="Items matching the SKU"
            className="quick-order__suggestion-list"
            hidden={!listShown}
            onMouseDown={(event) => event.preventDefault()}
          >
            {items.map((item, index) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox input handles keys
              <li
                key={item.id}
                id={optionId(item)}
                role="option"
                aria-selected={index === activeIndex}
                className="quick-order__suggestion"
                onClick={() => add(item.sku)}
              >
                <span className="quick-order__suggestion-sku">{item.sku}</span>
                <span className="quick-order__suggestion-title">{item.title}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </form>
  );
}

function SuggestionsMessage({ state, count }: { state: SkuSuggestionsState; count: number }) {
  switch (state.status) {
    case 'loading':
      return <>{SKU_SUGGESTION_MESSAGES.loading}</>;
    case 'error':
      return <span className="field-error">{SKU_SUGGESTION_MESSAGES.failed}</span>;
    case 'success':
      return count === 0 ? (
        <>{SKU_SUGGESTION_MESSAGES.empty}</>
      ) : (
        <span className="visually-hidden">{`${count} ${count === 1 ? 'item' : 'items'} found`}</span>
      );
    default:
      return null;
  }
}
