import { type ReactNode, type RefObject, useCallback, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { StaffMe } from '../api';
import { ChevronDownIcon, CloseIcon, MenuIcon, UserIcon } from '~/components/ui/icons';
import { SHOP } from '~/lib/shop';
import { type DismissReason, useDismiss } from '~/lib/use-dismiss';

export interface AdminSection {
  to: string;
  label: string;
}

const SECTIONS_ID = 'admin-sections';
const ACCOUNT_ID = 'admin-account';

/**
 * Open/closed state that belongs to the page it was opened on: a navigation (a new location key) closes it,
 * without an effect.
 */
function usePageDisclosure() {
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const setOpen = useCallback((open: boolean) => setOpenOn(open ? key : null), [key]);
  const toggle = useCallback(() => setOpenOn((current) => (current === key ? null : key)), [key]);
  return { open: openOn === key, setOpen, toggle };
}

/** Closes a menu; after Escape, focus goes back to the button that opened it. */
function useClose(setOpen: (open: boolean) => void, toggle: RefObject<HTMLButtonElement | null>) {
  return useCallback(
    (reason: DismissReason) => {
      setOpen(false);
      if (reason === 'escape') toggle.current?.focus();
    },
    [setOpen, toggle],
  );
}

/**
 * The back office's frame, as Medusa's and Shopify's admin have it: a top bar across (the shop's name, the
 * way back to the shop, the account menu), the section menu as a column on the left, the screen beside it.
 * Below 768 px the section menu folds behind a Menu button. Without `me` (while the back office loads, or when
 * it cannot be shown) the frame has neither menu.
 */
export function AdminShell({
  me,
  sections = [],
  onSignOut,
  children,
}: {
  me: StaffMe | null;
  sections?: readonly AdminSection[];
  onSignOut?: () => void;
  children: ReactNode;
}) {
  const menu = usePageDisclosure();
  const { setOpen } = menu;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  useDismiss([navRef, toggleRef], menu.open, useClose(setOpen, toggleRef));
  const hasMenu = me !== null && sections.length > 0;
  return (
    <div className="admin-shell" data-menu={menu.open ? 'open' : 'closed'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-topbar">
        {hasMenu ? (
          <button
            ref={toggleRef}
            type="button"
            className="admin-topbar__menu"
            aria-expanded={menu.open}
            aria-controls={SECTIONS_ID}
            onClick={menu.toggle}
          >
            {menu.open ? <CloseIcon size={20} /> : <MenuIcon size={20} />}
            <span className="admin-topbar__menu-label">Menu</span>
          </button>
        ) : null}
        <Link to="/admin" className="admin-topbar__brand">
          {SHOP.name}
          <span className="admin-topbar__tag">Back office</span>
        </Link>
        <div className="admin-topbar__end">
          <Link to="/" className="admin-topbar__shop">
            View shop
          </Link>
          {me ? <AccountMenu me={me} onSignOut={onSignOut} /> : null}
        </div>
      </header>
      <div className="admin-shell__body">
        {hasMenu ? (
          <nav ref={navRef} id={SECTIONS_ID} className="admin-shell__nav" aria-label="Back office">
            <ul>
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end={section.to === '/admin'} className="admin__link">
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="main" className="admin-shell__main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

/** The signed-in staff member, and signing out: the storefront's Account menu and Logout, under the same names. */
function AccountMenu({ me, onSignOut }: { me: StaffMe; onSignOut?: () => void }) {
  const menu = usePageDisclosure();
  const { open, setOpen } = menu;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A press outside or Escape closes it, as the storefront's menus do.
  useDismiss([wrapperRef], open, useClose(setOpen, toggleRef));

  return (
    <div ref={wrapperRef} className="admin-account">
      <button
        ref={toggleRef}
        type="button"
        className="admin-account__toggle"
        aria-expanded={open}
        aria-controls={ACCOUNT_ID}
        onClick={menu.toggle}
      >
        <UserIcon size={20} />
        <span className="admin-account__label">Account</span>
        <ChevronDownIcon size={16} className="admin-account__chevron" />
      </button>
      <div id={ACCOUNT_ID} className="admin-account__menu" hidden={!open}>
        <p className="admin__who">
          {me.email}
          <span className="admin__role">{me.role === 'owner' ? 'Owner' : 'Staff'}</span>
        </p>
        <button
          type="button"
          className="admin-account__item"
          onClick={() => {
            setOpen(false);
            onSignOut?.();
          }}
        >
          Logout
        </button>
      </div>
    </div>
  );
}
