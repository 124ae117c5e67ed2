import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state that belongs to the page it was opened on: any navigation (a new location key)
 * closes it, without an effect.
 */
export function useRouteDisclosure() {
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const setOpen = useCallback((next: boolean) => setOpenOn(next ? key : null), [key]);
  const toggle = useCallback(() => setOpenOn((current) => (current === key ? null : key)), [key]);
  return { open, setOpen, toggle };
}
