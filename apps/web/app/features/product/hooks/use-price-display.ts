import { useCallback, useSyncExternalStore } from 'react';

/** Whether prices are shown with or without VAT. */
export type PriceDisplay = 'ex' | 'inc';

/** Where the choice is kept, per browser. */
export const PRICE_DISPLAY_KEY = 'priceDisplay';
const CHANGE_EVENT = 'shop:price-display-change';

/** The choice when storage is blocked (privacy settings): kept for this page's life only. */
let unstored: PriceDisplay = 'ex';

function read(): PriceDisplay {
  try {
    return window.localStorage.getItem(PRICE_DISPLAY_KEY) === 'inc' ? 'inc' : 'ex';
  } catch {
    return unstored;
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === PRICE_DISPLAY_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The inc/ex VAT choice, remembered in this browser. The server and hydration always show ex VAT (trade
 * prices), so the HTML is the same for everyone; the stored choice applies right after hydration.
 */
export function usePriceDisplay(): [PriceDisplay, (next: PriceDisplay) => void] {
  const display = useSyncExternalStore(subscribe, read, () => 'ex' as const);
  const setDisplay = useCallback((next: PriceDisplay) => {
    unstored = next;
    try {
      window.localStorage.setItem(PRICE_DISPLAY_KEY, next);
    } catch {
      // Not remembered; this page still follows the choice through `unstored`.
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [display, setDisplay];
}
