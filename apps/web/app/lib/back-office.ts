import { useMatches } from 'react-router';

/** The back office's layout route (routes/admin/layout.tsx), which every /admin screen sits in. */
export const ADMIN_LAYOUT_ROUTE = 'routes/admin/layout';

/**
 * Whether the page is a back-office screen, which draws its own shell instead of the storefront's. An /admin
 * address that matches no screen is the storefront's "Page not found". Kept out of the back office's modules so
 * that the root, which every storefront page loads, asks without loading them.
 */
export function useIsBackOffice(): boolean {
  return useMatches().some((match) => match.id === ADMIN_LAYOUT_ROUTE);
}

/** Whether an address is the back office's (/admin and below). */
export function isBackOfficePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
