import { MailIcon, MapPinIcon, PhoneIcon } from '~/components/ui/icons';
import { SHOP } from '~/lib/shop';
import { OPENING_HOURS } from '../opening-hours';

/** How to reach the shop: phone, e-mail, the Leicester office and its opening hours. */
export function ContactDetails() {
  return (
    <section className="contact-card" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title" className="contact-card__title">
        Get in touch
      </h2>
      <ul className="contact-card__lines">
        <li>
          <PhoneIcon size={20} />
          <div>
            <span className="contact-card__label">Phone</span>
            <a href={SHOP.phone.href}>{SHOP.phone.display}</a>
          </div>
        </li>
        <li>
          <MailIcon size={20} />
          <div>
            <span className="contact-card__label">Email</span>
            <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
          </div>
        </li>
        <li>
          <MapPinIcon size={20} />
          <div>
            <span className="contact-card__label">Office and warehouse</span>
            <address>
              {SHOP.address.lines.map((line) => (
                <span key={line} className="contact-card__address-line">
                  {line}
                </span>
              ))}
            </address>
          </div>
        </li>
      </ul>
      <h3 className="contact-card__subtitle">Opening hours</h3>
      <dl className="opening-hours">
        {OPENING_HOURS.map((row) => (
          <div key={row.days} className="opening-hours__row">
            <dt>{row.days}</dt>
            <dd>{row.hours}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
