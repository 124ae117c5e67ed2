import { Link } from 'react-router';
import { SHOP } from '~/lib/shop';

/** How to reach us, in the words every legal page ends with. */
export function ContactLine() {
  return (
    <p>
      E-mail <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>, call{' '}
      <a href={SHOP.phone.href}>{SHOP.phone.display}</a> (Monday to Friday, 8:30am to 5pm) or use our{' '}
      <Link to="/contact">contact form</Link>. Our address is {SHOP.name}, {SHOP.address.lines.join(', ')}.
    </p>
  );
}
