import { useEffect, useState } from 'react';
import type { ProductSummary } from '@shop/domain';
import { isAbortError } from '~/lib/api-client';
import { getProductSuggestions } from '../api/get-product-suggestions';

/** Spec 1, §9: suggestions start at two characters, 300 ms after the last keystroke. */
export const MIN_SEARCH_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;

export type SuggestionsState =
  | { status: 'idle' }
  | { status: 'loading'; term: string }
  | { status: 'success'; term: string; products: ProductSummary[] }
  | { status: 'error'; term: string };

const IDLE: SuggestionsState = { status: 'idle' };

/**
 * Product suggestions for what is typed (spec 1, §4 "Suggestions search"): under two characters none;
 * from two, a 300 ms debounce, then loading, then the products or an error. A newer text cancels the
 * older text's pending request.
 */
export function useProductSuggestions(text: string): SuggestionsState {
  const term = text.trim();
  const tooShort = term.length < MIN_SEARCH_LENGTH;
  const [state, setState] = useState<SuggestionsState>(IDLE);

  // Too short clears what was found, so typing again later starts from nothing (state from props).
  if (tooShort && state !== IDLE) setState(IDLE);

  useEffect(() => {
    if (tooShort) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading', term });
      getProductSuggestions(term, controller.signal).then(
        (products) => setState({ status: 'success', term, products }),
        (error: unknown) => {
          if (!isAbortError(error)) setState({ status: 'error', term });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, tooShort]);

  return tooShort ? IDLE : state;
}
