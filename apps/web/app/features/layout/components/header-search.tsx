import { useEffect, useRef } from 'react';
import { SearchIcon } from '~/components/ui/icons';
// The layout is the shell that composes the features shown on every page.
import { ProductSearch } from '~/features/search/components/product-search';
import { WIDE_SEARCH_QUERY } from '../breakpoints';
import { useDismiss } from '~/lib/use-dismiss';
import { useMediaQueryChange } from '../hooks/use-media-query-change';
import { useRouteDisclosure } from '../hooks/use-route-disclosure';

const SEARCH_BOX_ID = 'site-search';

/**
 * The header's search. Above 1200 px the box is always shown (CSS); at 1200 px or less it hides behind a
 * toggle and closes when the window grows wider again. The box's filter button opens the Advanced Search
 * panel; both close on navigation, on an outside click and on Escape.
 */
export function HeaderSearch() {
  const search = useRouteDisclosure();
  const advanced = useRouteDisclosure();
  const { setOpen } = search;
  const { setOpen: setAdvancedOpen } = advanced;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const filterRef = useRef<HTMLButtonElement>(null);

  useMediaQueryChange(WIDE_SEARCH_QUERY, (wide) => {
    if (wide) setOpen(false);
  });
  useDismiss([wrapperRef], search.open || advanced.open, (reason) => {
    if (reason === 'escape' && advanced.open) {
      // Escape closes the innermost layer first: the panel, back to its filter button.
      setAdvancedOpen(false);
      filterRef.current?.focus();
      return;
    }
    setAdvancedOpen(false);
    setOpen(false);
    if (reason === 'escape') toggleRef.current?.focus();
  });
  useEffect(() => {
    if (search.open) inputRef.current?.focus();
  }, [search.open]);

  return (
    <div ref={wrapperRef} className="header-search" data-open={search.open ? 'true' : undefined}>
      <button
        ref={toggleRef}
        type="button"
        className="icon-button header-search__toggle"
        aria-label="Search products"
        aria-expanded={search.open}
        aria-controls={SEARCH_BOX_ID}
        onClick={() => {
          if (search.open) setAdvancedOpen(false);
          search.toggle();
        }}
      >
        <SearchIcon />
      </button>
      <ProductSearch
        id={SEARCH_BOX_ID}
        inputRef={inputRef}
        filterButtonRef={filterRef}
        advancedOpen={advanced.open}
        onAdvancedToggle={advanced.toggle}
      />
    </div>
  );
}
