import { Link } from 'react-router';
import { useId } from 'react';

/**
 * My account's card for quotes: what a request for quote is, and the way to the buyer's quotes.
 * It reads nothing, so My account loads as fast as before.
 */
export function QuotesSection() {
  const id = useId();
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        Quotes
      </h2>
      <p className="account-section__intro">
        Ask us to price your cart from the cart page; accept a quote here and pay at the quoted prices.
      </p>
      <p className="account-section__links">
        <Link to="/account/quotes">Your quotes</Link>
      </p>
    </section>
  );
}
