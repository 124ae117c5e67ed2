import { companyMay } from '@shop/domain';
import type { TradeStanding } from './trade-standing';

/** A place in My account: what the menus call it and where it is. */
export interface AccountPlace {
  label: string;
  to: string;
}

/**
 * The places of My account, as the buyer's role allows: the one list that the header's account menu and the
 * account pages' own menu both show. Invoices need an approved company; Approvals an approver or an
 * administrator of one; a buyer without a company finds the trade account (to apply, or see invitations).
 */
export function accountPlaces(standing: TradeStanding | null): AccountPlace[] {
  const approved = standing?.approved === true;
  const places: (AccountPlace | false)[] = [
    { label: 'Orders', to: '/track-order' },
    approved &&
      companyMay(standing.role, 'seeInvoices') && { label: 'Invoices', to: '/account/company#invoices' },
    { label: 'Saved lists', to: '/account/lists' },
    { label: 'Quotes', to: '/account/quotes' },
    approved && companyMay(standing.role, 'approve') && { label: 'Approvals', to: '/account/approvals' },
    { label: 'Stock alerts', to: '/account#stock-alerts' },
    standing
      ? { label: 'Company', to: '/account/company' }
      : { label: 'Trade account', to: '/account/company' },
    { label: 'Addresses', to: '/account#addresses' },
    { label: 'Profile', to: '/account#profile' },
    { label: 'Quick order', to: '/quick-order' },
  ];
  return places.filter((place): place is AccountPlace => place !== false);
}

/** Whether a place is the page shown: its path (or a page under it) and, for a section's link, its hash. */
export function isCurrentPlace(
  place: Pick<AccountPlace, 'to'>,
  location: { pathname: string; hash: string },
) {
  const [path, hash = ''] = place.to.split('#') as [string, string?];
  const onPath =
    location.pathname === path || (path !== '/account' && location.pathname.startsWith(`${path}/`));
  return onPath && (hash ? location.hash === `#${hash}` : location.hash === '');
}
