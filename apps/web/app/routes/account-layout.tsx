import { Outlet } from 'react-router';
import { AccountNav } from '~/features/layout/components/account-nav';
import '~/styles/account-nav.css';

/** The account pages: My account's menu beside (on a phone, above) the page. */
export default function AccountLayout() {
  return (
    <div className="account-layout">
      <AccountNav />
      <div className="account-layout__main">
        <Outlet />
      </div>
    </div>
  );
}
