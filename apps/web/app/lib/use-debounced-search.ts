import { useEffect, useState } from 'react';
import { isAbortError } from './api-client';

/** Where a search-as-you-type stands: nothing asked, waiting for the answer, the answer, or a failure. */
export type DebouncedSearchState<T> =
  | { status: 'idle' }
  | { status: 'loading'; term: string }
  | { status: 'success'; term: string; results: T }
  | { status: 'error'; term: string };

const IDLE = { status: 'idle' } as const;

/**
 * Searches as the user types (spec 1, §9): nothing under `minLength` characters; from there, `delayMs` after
 * the last keystroke, loading, then the results or an error. A newer term cancels the older one's request.
 * `search` must be a stable function (a module's own), as it is a dependency of the effect.
 */
export function useDebouncedSearch<T>(
  term: string,
  minLength: number,
  search: (term: string, signal: AbortSignal) => Promise<T>,
  delayMs = 300,
): DebouncedSearchState<T> {
  const tooShort = term.length < minLength;
  const [state, setState] = useState<DebouncedSearchState<T>>(IDLE);

  // Too short clears what was found, so typing again later starts from nothing (state from props).
  if (tooShort && state !== IDLE) setState(IDLE);

  useEffect(() => {
    if (tooShort) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading', term });
      search(term, controller.signal).then(
        (results) => setState({ status: 'success', term, results }),
        (error: unknown) => {
          if (!isAbortError(error)) setState({ status: 'error', term });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, tooShort, search, delayMs]);

  return tooShort ? IDLE : state;
}
