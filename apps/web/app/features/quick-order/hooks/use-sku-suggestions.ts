// First: the domain's constants share a module with Zod schemas, which must be built in jitless mode.
import '~/lib/jitless-validation';
import { MAX_SKU_LENGTH, QUICK_ORDER_SEARCH_MIN_LENGTH, type QuickOrderSkuSuggestion } from '@shop/domain';
import { useDebouncedSearch } from '~/lib/use-debounced-search';
import { getSkuSuggestions } from '../api/get-sku-suggestions';

/** As the header's suggestions (spec 1, §9): from two characters, 300 ms after the last keystroke. */
export const SKU_SEARCH_DEBOUNCE_MS = 300;

export type SkuSuggestionsState =
  | { status: 'idle' }
  | { status: 'loading'; term: string }
  | { status: 'success'; term: string; items: QuickOrderSkuSuggestion[] }
  | { status: 'error'; term: string };

/**
 * Items suggested for what is typed in the SKU field: none under two characters; from two, a 300 ms
 * debounce, then loading, then the items or an error. A newer text cancels the older one's request.
 */
export function useSkuSuggestions(text: string): SkuSuggestionsState {
  const term = text.trim().slice(0, MAX_SKU_LENGTH);
  const state = useDebouncedSearch(
    term,
    QUICK_ORDER_SEARCH_MIN_LENGTH,
    getSkuSuggestions,
    SKU_SEARCH_DEBOUNCE_MS,
  );
  return state.status === 'success' ? { status: 'success', term: state.term, items: state.results } : state;
}
