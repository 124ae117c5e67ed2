import { NavLink, useLocation } from 'react-router';
import { ScrollStrip } from '~/components/ui/scroll-strip';
import { useCategoryGroups } from '~/lib/navigation';

/**
 * Every category of the shop as a row of tabs above a category's products, in the menu's order, the page's
 * own marked as current. On a phone, where the side menu waits behind its toggle, this is the quick way
 * across the ranges; the row scrolls sideways and shows that it does.
 */
export function CategoryTabs() {
  const groups = useCategoryGroups();
  // A new page's row starts afresh, with its own tab centred.
  const { pathname } = useLocation();
  if (groups.length < 2) return null;
  return (
    <nav className="category-tabs" aria-label="Product ranges">
      <ScrollStrip key={pathname} label="product ranges">
        <ul className="category-tabs__list">
          {groups.map((group) => (
            <li key={group.href}>
              <NavLink to={group.href} className="category-tabs__link">
                {group.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </ScrollStrip>
    </nav>
  );
}
