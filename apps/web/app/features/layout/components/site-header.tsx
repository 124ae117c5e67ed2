import type { RefObject } from 'react';
import { Link } from 'react-router';
import { LogoMark, MenuIcon, PhoneIcon } from '~/components/ui/icons';
import { SHOP } from '~/lib/shop';
import { AccountArea } from './account-area';
import { CartLink } from './cart-link';
import { HeaderSearch } from './header-search';
import { UnitConverter } from './unit-converter';

interface SiteHeaderProps {
  /** The id of the side menu the toggle controls. */
  menuId: string;
  menuOpen: boolean;
  onMenuToggle: () => void;
  menuToggleRef: RefObject<HTMLButtonElement | null>;
}

export function SiteHeader({ menuId, menuOpen, onMenuToggle, menuToggleRef }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <button
          ref={menuToggleRef}
          type="button"
          className="icon-button menu-toggle"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={onMenuToggle}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="brand">
          <LogoMark className="brand__mark" />
          <span className="brand__name">{SHOP.name}</span>
        </Link>
        <HeaderSearch />
        <div className="site-header__actions">
          <UnitConverter />
          <a
            className="icon-button header-phone"
            href={SHOP.phone.href}
            aria-label={`Call us on ${SHOP.phone.display}`}
          >
            <PhoneIcon />
            <span className="header-phone__number">{SHOP.phone.display}</span>
          </a>
          <CartLink />
          <AccountArea />
        </div>
      </div>
    </header>
  );
}
