import { Link, useLocation } from 'react-router';
import { accountPlaces, isCurrentPlace } from '~/lib/account-places';
import { useTradeStanding } from '~/lib/trade-standing';

/**
 * My account's own menu: a column on the left on a wide screen, a list at the top on a phone. The places are
 * the header's account menu's (one list), as the buyer's role allows; the page shown is marked current.
 */
export function AccountNav() {
  const location = useLocation();
  const places = [{ label: 'Overview', to: '/account' }, ...accountPlaces(useTradeStanding())];
  return (
    <nav className="account-nav" aria-label="My account">
      <ul className="account-nav__list">
        {places.map((place) => (
          <li key={place.to}>
            <Link
              to={place.to}
              className="account-nav__link"
              aria-current={isCurrentPlace(place, location) ? 'page' : undefined}
            >
              {place.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
