import { lazy, Suspense, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ProductSummary } from '@shop/domain';
import { FilterIcon, SearchIcon } from '~/components/ui/icons';
import { highlightParts } from '../highlight';
import {
  MIN_SEARCH_LENGTH,
  useProductSuggestions,
  type SuggestionsState,
} from '../hooks/use-product-suggestions';

// The size form and its validation (zod) load on first use, so they stay out of every page's initial JavaScript.
const loadAdvancedSearch = () => import('./advanced-search-panel');
const AdvancedSearchPanel = lazy(() =>
  loadAdvancedSearch().then((module) => ({ default: module.AdvancedSearchPanel })),
);

export const SUGGESTION_MESSAGES = {
  loading: 'Loading suggestions…',
  empty: 'No products found',
  failed: 'Failed to fetch suggestions',
} as const;

export interface ProductSearchProps {
  /** The id of the search box (the header's mobile toggle controls it). */
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  filterButtonRef?: RefObject<HTMLButtonElement | null>;
  /** Whether the Advanced Search panel is open; the header owns the state (it closes on navigation). */
  advancedOpen: boolean;
  onAdvancedToggle: () => void;
}

/** Where a product's page is. */
export const productPath = (product: ProductSummary) => `/details/${product.category.slug}/${product.slug}`;

/**
 * The header's search (spec 1, §2 "Header search with suggestions"): a combobox whose dropdown suggests
 * products as you type (ARIA 1.2 combobox pattern, focus stays in the box), a filter button for the
 * Advanced Search panel, and a search button. The box is a text input: HTML allows role="combobox" on
 * `type="text"` but not on `type="search"`; the search form (role="search") and `inputmode`/`enterkeyhint`
 * keep the search semantics and the phone keyboard's search key.
 */
export function ProductSearch({
  id,
  inputRef,
  filterButtonRef,
  advancedOpen,
  onAdvancedToggle,
}: ProductSearchProps) {
  const navigate = useNavigate();
  const { key } = useLocation();
  const [text, setText] = useState('');
  // The dropdown belongs to the page it was opened on: a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [advancedUsed, setAdvancedUsed] = useState(false);
  const suggestions = useProductSuggestions(text);

  const listboxId = `${id}-suggestions`;
  const panelId = `${id}-advanced`;
  const optionId = (product: ProductSummary) => `${id}-option-${product.id}`;
  const term = text.trim();
  const open = openOn === key && term.length >= MIN_SEARCH_LENGTH;
  const products = suggestions.status === 'success' ? suggestions.products : [];
  const activeIndex = products.findIndex((product) => product.id === activeId);
  const listShown = open && products.length > 0;
  const hasMessage =
    suggestions.status === 'loading' ||
    suggestions.status === 'error' ||
    (suggestions.status === 'success' && products.length === 0);

  const show = () => setOpenOn(key);
  const close = () => {
    setOpenOn(null);
    setActiveId(null);
  };
  const choose = (product: ProductSummary) => {
    setText('');
    close();
    void navigate(productPath(product));
  };
  const move = (step: 1 | -1) => {
    if (!open) {
      show();
      return;
    }
    if (products.length === 0) return;
    const from = activeIndex === -1 ? (step === 1 ? -1 : 0) : activeIndex;
    const next = (from + step + products.length) % products.length;
    setActiveId(products[next]!.id);
    document.getElementById(optionId(products[next]!))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (term.length < MIN_SEARCH_LENGTH) return;
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        if (listShown && activeIndex >= 0) {
          event.preventDefault();
          choose(products[activeIndex]!);
        }
        break;
      case 'Escape':
        if (open) {
          // Handled here, so the header does not also close the (mobile) search box.
          event.preventDefault();
          close();
        }
        break;
    }
  };

  return (
    <div
      id={id}
      className="search-box"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <form
        role="search"
        aria-label="Products"
        className="search-box__form"
        onSubmit={(event) => {
          event.preventDefault();
          // The search button takes the first suggestion; with none yet, it shows what is found.
          const first = products[activeIndex >= 0 ? activeIndex : 0];
          if (first) choose(first);
          else if (term.length >= MIN_SEARCH_LENGTH) show();
          else inputRef.current?.focus();
        }}
      >
        <label htmlFor={`${id}-input`} className="visually-hidden">
          Search products
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="search-box__input"
          type="text"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={listboxId}
          aria-activedescendant={listShown && activeIndex >= 0 ? optionId(products[activeIndex]!) : undefined}
          placeholder="Search Bags, Pallet Wraps, etc."
          autoComplete="off"
          inputMode="search"
          enterKeyHint="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActiveId(null);
            setOpenOn(key);
          }}
          onFocus={show}
          onKeyDown={onKeyDown}
        />
        <button
          ref={filterButtonRef}
          type="button"
          className="search-box__button search-box__filter"
          aria-label="Advanced search"
          aria-expanded={advancedOpen}
          aria-controls={panelId}
          onPointerEnter={() => void loadAdvancedSearch()}
          onFocus={() => void loadAdvancedSearch()}
          onClick={() => {
            setAdvancedUsed(true);
            close();
            onAdvancedToggle();
          }}
        >
          <FilterIcon size={20} />
        </button>
        <button type="submit" className="search-box__button search-box__submit" aria-label="Search">
          <SearchIcon size={20} />
        </button>
      </form>
      {/* Kept in the page while open, even with nothing to show yet, so its live region is announced. */}
      <div className={`suggestions${listShown || hasMessage ? '' : ' suggestions--blank'}`} hidden={!open}>
        <p className="suggestions__message" role="status">
          {open ? <SuggestionsMessage state={suggestions} count={products.length} /> : null}
        </p>
        {/* Focus stays in the box (aria-activedescendant); the box's arrow keys and Enter drive the list. */}
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Product suggestions"
          className="suggestions__list"
          hidden={!listShown}
          onMouseDown={(event) => event.preventDefault()}
        >
          {products.map((product, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox input handles keys
            <li
              key={product.id}
              id={optionId(product)}
              role="option"
              aria-selected={index === activeIndex}
              className="suggestion"
              onClick={() => choose(product)}
            >
              <span className="suggestion__name">
                <Highlighted text={product.name} query={text} />
              </span>
              <span className="suggestion__category">
                <span className="visually-hidden">in </span>
                <Highlighted text={product.category.name} query={text} />
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div id={panelId} className="advanced-search" hidden={!advancedOpen}>
        {advancedUsed ? (
          <Suspense fallback={<p role="status">Loading the advanced search…</p>}>
            <AdvancedSearchPanel open={advancedOpen} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

function SuggestionsMessage({ state, count }: { state: SuggestionsState; count: number }) {
  switch (state.status) {
    case 'loading':
      return (
        <span className="suggestions__text">
          <span className="suggestions__spinner" aria-hidden="true" />
          {SUGGESTION_MESSAGES.loading}
        </span>
      );
    case 'error':
      return <span className="suggestions__text suggestions__text--error">{SUGGESTION_MESSAGES.failed}</span>;
    case 'success':
      return count === 0 ? (
        <span className="suggestions__text">{SUGGESTION_MESSAGES.empty}</span>
      ) : (
        <span className="visually-hidden">{`${count} ${count === 1 ? 'product' : 'products'} found`}</span>
      );
    default:
      return null;
  }
}

function Highlighted({ text, query }: { text: string; query: string }) {
  return highlightParts(text, query).map((part, index) =>
    part.match ? <mark key={index}>{part.text}</mark> : part.text,
  );
}
