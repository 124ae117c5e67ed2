import { MAX_ADDRESSES_PER_USER } from '@shop/domain';
import { useState } from 'react';
import type { Route } from './+types/account';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { Toasts } from '~/components/ui/toasts';
import { getProfile } from '~/features/account/api/get-profile';
import { getAddresses } from '~/features/addresses/api/get-addresses';
import { AddressBookSection } from '~/features/account/components/address-book-section';
import { AccountDeleted, DeleteAccountSection } from '~/features/account/components/delete-account-section';
import { PasswordSection } from '~/features/account/components/password-section';
import { ProfileSection } from '~/features/account/components/profile-section';
import {
  RECENT_ORDERS,
  RecentOrdersSection,
  type RecentOrders,
} from '~/features/account/components/recent-orders-section';
import { SavedListsSection } from '~/features/account/components/saved-lists-section';
import { SignOutEverywhereSection } from '~/features/account/components/sign-out-everywhere-section';
import { StockAlertsSection } from '~/features/account/components/stock-alerts-section';
import { getStockAlerts } from '~/features/account/api/stock-alerts';
import { getTradeAccountSummary } from '~/features/company/api/get-trade-account-summary';
import { TradeAccountSection } from '~/features/company/components/trade-account-section';
import { getOrders, ordersFailure } from '~/features/orders/api/get-orders';
import { QuotesSection } from '~/features/quotes/components/quotes-section';
import { settled } from '~/features/company/company-rules';
import { requireAccessToken } from '~/lib/guards';
import { routeLoad } from '~/lib/route-load';
import { pageMeta } from '~/lib/seo';
import '~/styles/orders.css';
import '~/styles/account.css';

const TITLE = 'My account';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Your PackRight Supplies account.', noIndex: true });

/** The recent orders, or the failure their section shows instead. */
async function recentOrders(request: Request): Promise<RecentOrders> {
  const read = await routeLoad(
    request,
    () => getOrders(`orders/?page_size=${RECENT_ORDERS}`, request.signal),
    {
      failure: ordersFailure,
      endedSession: 'page',
    },
  );
  return read.state === 'loaded' ? { orders: read.data.orders } : { failure: read.message };
}

// Account and commerce pages load in the browser, with the stored token (DESIGN §2). Each section is read
// on its own: one that could not be read says so, and the others show.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const { signal } = request;
  const [profile, addresses, orders, tradeAccount, stockAlerts] = await Promise.all([
    settled(getProfile(signal)),
    settled(getAddresses(signal, MAX_ADDRESSES_PER_USER)),
    recentOrders(request),
    settled(getTradeAccountSummary(signal)),
    settled(getStockAlerts(signal)),
  ]);
  // A session that ended while loading (the refresh failed) goes to the login page like a visitor.
  requireAccessToken(request);
  return { profile, addresses, orders, tradeAccount, stockAlerts };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your account…" />;
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const [deleted, setDeleted] = useState(false);
  return (
    <SimplePage title={TITLE}>
      <Toasts />
      {deleted ? (
        <AccountDeleted />
      ) : (
        <div className="my-account">
          <ProfileSection initial={loaderData.profile} />
          <TradeAccountSection summary={loaderData.tradeAccount} />
          <AddressBookSection initial={loaderData.addresses} />
          <RecentOrdersSection recent={loaderData.orders} />
          <QuotesSection />
          <StockAlertsSection initial={loaderData.stockAlerts} />
          <SavedListsSection />
          <PasswordSection />
          <SignOutEverywhereSection />
          <DeleteAccountSection onDeleted={() => setDeleted(true)} />
        </div>
      )}
    </SimplePage>
  );
}
