import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronDownIcon, UserIcon } from '~/components/ui/icons';
import { clearSession } from '~/lib/session';
import { useIsLoggedIn, useIsStaff } from '~/lib/use-session';
import { useDismiss } from '~/lib/use-dismiss';
import { useRouteDisclosure } from '../hooks/use-route-disclosure';

const ACCOUNT_MENU_ID = 'account-menu';

/**
 * Login link for visitors, account menu for customers. The server cannot know which (the token lives in
 * the browser), so it renders the Login link and the browser swaps in the menu after hydration, inside a
 * box of fixed size so nothing moves.
 */
export function AccountArea() {
  const loggedIn = useIsLoggedIn();
  return (
    <div className="account-area">
      {loggedIn ? (
        <AccountMenu />
      ) : (
        <Link to="/login" className="header-login">
          <UserIcon size={20} className="header-login__icon" />
          Login
        </Link>
      )}
    </div>
  );
}

function AccountMenu() {
  const menu = useRouteDisclosure();
  const { setOpen } = menu;
  const navigate = useNavigate();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const staff = useIsStaff();

  useDismiss([wrapperRef], menu.open, (reason) => {
    setOpen(false);
    if (reason === 'escape') toggleRef.current?.focus();
  });

  const logout = async () => {
    setOpen(false);
    // Loaded on use, so the logout call stays out of every page's first load.
    try {
      const account = await import('~/features/account/api/logout');
      await account.logout();
    } catch {
      // The module could not load (offline, new deploy): the local session still ends.
      clearSession();
    }
    void navigate('/', { replace: true });
  };

  return (
    <div ref={wrapperRef} className="account-menu">
      <button
        ref={toggleRef}
        type="button"
        className="account-menu__toggle"
        aria-expanded={menu.open}
        aria-controls={ACCOUNT_MENU_ID}
        onClick={menu.toggle}
      >
        <UserIcon size={20} />
        <span className="account-menu__label">Account</span>
        <ChevronDownIcon size={16} className="account-menu__chevron" />
      </button>
      <ul id={ACCOUNT_MENU_ID} className="dropdown account-menu__list" hidden={!menu.open}>
        {staff ? (
          <li>
            <Link to="/admin" className="dropdown__item">
              Admin
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/account" className="dropdown__item">
            My Account
          </Link>
        </li>
        <li>
          <Link to="/track-order" className="dropdown__item">
            Track Orders
          </Link>
        </li>
        <li>
          <Link to="/account/quotes" className="dropdown__item">
            Quotes
          </Link>
        </li>
        <li>
          <Link to="/quick-order" className="dropdown__item">
            Quick Order
          </Link>
        </li>
        <li>
          <Link to="/change-password" className="dropdown__item">
            Change Password
          </Link>
        </li>
        <li>
          <button type="button" className="dropdown__item" onClick={() => void logout()}>
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
