import type { ProductSummary } from '@shop/domain';
import { useDebouncedSearch } from '~/lib/use-debounced-search';
import { getProductSuggestions } from '../api/get-product-suggestions';

/** Spec 1, §9: suggestions start at two characters, 300 ms after the last keystroke. */
export const MIN_SEARCH_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;

export type SuggestionsState =
  | { status: 'idle' }
  | { status: 'loading'; term: string }
  | { status: 'success'; term: string; products: ProductSummary[] }
  | { status: 'error'; term: string };

/**
 * Product suggestions for what is typed (spec 1, §4 "Suggestions search"): under two characters none;
 * from two, a 300 ms debounce, then loading, then the products or an error. A newer text cancels the
 * older text's pending request.
 */
export function useProductSuggestions(text: string): SuggestionsState {
  const state = useDebouncedSearch(text.trim(), MIN_SEARCH_LENGTH, getProductSuggestions, SEARCH_DEBOUNCE_MS);
  return state.status === 'success'
    ? { status: 'success', term: state.term, products: state.results }
    : state;
}
