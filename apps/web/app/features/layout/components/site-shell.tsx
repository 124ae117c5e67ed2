import { useCallback, useRef } from 'react';
import { WIDE_MENU_QUERY } from '../breakpoints';
import { useMediaQueryChange } from '../hooks/use-media-query-change';
import { useRouteDisclosure } from '../hooks/use-route-disclosure';
import { SideMenu } from './side-menu';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const SIDE_MENU_ID = 'side-menu';

/**
 * The page frame: skip link, top bar, side menu, page area and footer (which holds the floating chat link).
 * `data-menu="auto"` lets CSS decide (a column above 1440 px, hidden below), so the server's HTML is right
 * at every width; "open" shows the drawer on narrow windows. Any navigation closes it again.
 */
export function SiteShell({ children }: { children: React.ReactNode }) {
  const menu = useRouteDisclosure();
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  const { setOpen: setMenuOpen } = menu;

  // Crossing 1440 px either way starts from the default again: a column when wide, closed when narrow.
  useMediaQueryChange(WIDE_MENU_QUERY, () => setMenuOpen(false));

  const closeMenu = useCallback(
    ({ returnFocus } = { returnFocus: true }) => {
      setMenuOpen(false);
      if (returnFocus) menuToggleRef.current?.focus();
    },
    [setMenuOpen],
  );

  return (
    <div className="shell" data-menu={menu.open ? 'open' : 'auto'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader
        menuId={SIDE_MENU_ID}
        menuOpen={menu.open}
        onMenuToggle={menu.toggle}
        menuToggleRef={menuToggleRef}
      />
      <div className="shell__body">
        <SideMenu id={SIDE_MENU_ID} open={menu.open} onClose={closeMenu} toggleRef={menuToggleRef} />
        <main id="main" className="shell__main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
