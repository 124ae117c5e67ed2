import { useEffect, useEffectEvent } from 'react';

/** Calls `onChange` whenever the media query starts or stops matching (not on mount). */
export function useMediaQueryChange(query: string, onChange: (matches: boolean) => void) {
  const changed = useEffectEvent(onChange);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const listener = (event: MediaQueryListEvent) => changed(event.matches);
    list.addEventListener('change', listener);
    return () => list.removeEventListener('change', listener);
  }, [query]);
}
