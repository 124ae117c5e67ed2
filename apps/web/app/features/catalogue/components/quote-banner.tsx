import { Link } from 'react-router';
import { SHOP } from '~/lib/shop';

/** 'Request a Quote': call us, or send the details through the contact form. */
export function QuoteBanner({ headingId }: { headingId: string }) {
  return (
    <section className="quote-banner" aria-labelledby={headingId}>
      <div className="quote-banner__copy">
        <h2 id={headingId} className="quote-banner__title">
          Request a Quote
        </h2>
        <p className="quote-banner__text">
          Ordering by the pallet, need printed tape or want a regular delivery schedule? Tell us what you pack
          and how often, and we will come back with a trade price within one working day.
        </p>
      </div>
      <div className="quote-banner__actions">
        <a className="button button--accent quote-banner__button" href={SHOP.phone.href}>
          Call {SHOP.phone.display}
        </a>
        <Link className="button quote-banner__button quote-banner__button--outline" to="/contact">
          Send us your requirements
        </Link>
      </div>
    </section>
  );
}
