import { useEffect, useRef, type RefObject } from 'react';
import { NavLink } from 'react-router';
import { CloseIcon } from '~/components/ui/icons';
import { useCategoryGroups } from '~/lib/navigation';
import { useDismiss } from '~/lib/use-dismiss';

interface SideMenuProps {
  id: string;
  /** The drawer is open (narrow windows only; wide windows always show the menu as a column). */
  open: boolean;
  /** Closes the drawer; gives focus back to the menu toggle unless focus has already moved elsewhere. */
  onClose: (options?: { returnFocus: boolean }) => void;
  /** The menu toggle: pressing it is not a click outside (it toggles the menu itself). */
  toggleRef: RefObject<HTMLElement | null>;
}

export function SideMenu({ id, open, onClose, toggleRef }: SideMenuProps) {
  const navRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const groups = useCategoryGroups();

  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  useDismiss([navRef, toggleRef], open, () => onClose());

  return (
    <>
      <div className="side-menu__backdrop" aria-hidden="true" />
      <nav
        id={id}
        ref={navRef}
        className="side-menu"
        aria-label="Categories"
        onBlur={(event) => {
          // Tabbing out of the drawer closes it, leaving focus where the visitor took it.
          const next = event.relatedTarget;
          if (!open || !(next instanceof Node)) return;
          if (navRef.current?.contains(next) || toggleRef.current?.contains(next)) return;
          onClose({ returnFocus: false });
        }}
      >
        <div className="side-menu__head">
          <p className="side-menu__title">Shop by category</p>
          <button
            ref={closeRef}
            type="button"
            className="icon-button side-menu__close"
            aria-label="Close menu"
            onClick={() => onClose()}
          >
            <CloseIcon />
          </button>
        </div>
        <ul className="side-menu__groups">
          {groups.map((group) => (
            <li key={group.href} className="side-menu__group">
              <NavLink to={group.href} className="side-menu__group-link">
                {group.label}
              </NavLink>
              <ul className="side-menu__items">
                {group.items.map((item) => (
                  <li key={item.href}>
                    <NavLink to={item.href} className="side-menu__link">
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
