import { formatDecimalGbp } from '@shop/domain';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ChevronDownIcon, UserIcon } from '~/components/ui/icons';
import { accountPlaces } from '~/lib/account-places';
import { clearSession, tokenSubject } from '~/lib/session';
import { setTradeStanding, tradeStanding, useTradeStanding, type TradeStanding } from '~/lib/trade-standing';
import { useIsLoggedIn, useIsStaff } from '~/lib/use-session';
import { useDismiss } from '~/lib/use-dismiss';
import { useRouteDisclosure } from '../hooks/use-route-disclosure';

const ACCOUNT_MENU_ID = 'account-menu';

/**
 * Login link for visitors, account menu for customers. The server cannot know which (the token lives in
 * the browser), so it renders the Login link and the browser swaps in the menu after hydration, inside a
 * box of fixed size so nothing moves. A trade member also sees their company and its available credit.
 */
export function AccountArea() {
  const loggedIn = useIsLoggedIn();
  const staff = useIsStaff();
  useTradeStandingRead(loggedIn && !staff);
  const standing = useTradeStanding();
  return (
    <>
      {loggedIn && !staff && standing?.approved ? <TradeLine standing={standing} /> : null}
      <div className="account-area">
        {loggedIn ? (
          <AccountMenu standing={staff ? null : standing} />
        ) : (
          <Link to="/login" className="header-login">
            <UserIcon size={20} className="header-login__icon" />
            Login
          </Link>
        )}
      </div>
    </>
  );
}

/** Pages after which the credit or the membership may have changed (an order, an invitation accepted). */
const REREAD_ON = /^\/(account|checkout|track-order)(\/|$)/;

/**
 * Reads the buyer's trade account once a session starts, and again on the pages after which it may have
 * changed. Staff accounts are not customers: nothing is read for them. The call's module loads on use, so it
 * stays out of every page's first load.
 */
function useTradeStandingRead(enabled: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!enabled || (tradeStanding() !== undefined && !REREAD_ON.test(pathname))) return;
    const user = tokenSubject();
    const controller = new AbortController();
    import('~/features/company/api/get-company')
      .then(({ getCompany }) => getCompany(controller.signal))
      .then((company) =>
        setTradeStanding(
          user,
          company && {
            company: company.trading_name || company.legal_name,
            role: company.role,
            approved: company.status === 'approved',
            availableCredit: company.pay_on_account ? company.available_credit : null,
          },
        ),
      )
      // Unread (offline, a session that ended): the header shows no company, and the next page asks again.
      .catch(() => undefined);
    return () => controller.abort();
  }, [enabled, pathname]);
}

/** The company's name and what it may still order on account, as the server says. */
function TradeFacts({ standing }: { standing: TradeStanding }) {
  return (
    <>
      <span className="header-trade__name">{standing.company}</span>
      {standing.availableCredit !== null ? (
        <span className="header-trade__credit">
          Available credit{' '}
          <span className="header-trade__amount">{formatDecimalGbp(standing.availableCredit)}</span>
        </span>
      ) : null}
    </>
  );
}

/** Beside the account menu on a wide screen (inside it on a phone): the company and its available credit. */
function TradeLine({ standing }: { standing: TradeStanding }) {
  return (
    <Link to="/account/company" className="header-trade">
      <TradeFacts standing={standing} />
    </Link>
  );
}

function AccountMenu({ standing }: { standing: TradeStanding | null }) {
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
        {standing?.approved ? (
          <li className="account-menu__company">
            <TradeFacts standing={standing} />
          </li>
        ) : null}
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
        {accountPlaces(standing).map((place) => (
          <li key={place.to}>
            <Link to={place.to} className="dropdown__item">
              {place.label}
            </Link>
          </li>
        ))}
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
