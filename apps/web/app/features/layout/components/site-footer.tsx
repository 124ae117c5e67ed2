import { Link } from 'react-router';
import {
  FacebookIcon,
  InstagramIcon,
  LinkedInIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  XLogoIcon,
} from '~/components/ui/icons';
import { useCategoryGroups } from '~/lib/navigation';
import { INFO_LINKS, SHOP, SOCIAL_LINKS, type SocialNetwork } from '~/lib/shop';
import { ChatLink } from './chat-link';
import { NewsletterForm } from './newsletter-form';

const SOCIAL_ICONS: Record<SocialNetwork, typeof FacebookIcon> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  linkedin: LinkedInIcon,
  x: XLogoIcon,
};

export function SiteFooter() {
  const groups = useCategoryGroups();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section className="site-footer__contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {SHOP.name}
          </h2>
          <address className="site-footer__address">
            <p className="site-footer__line">
              <MapPinIcon size={18} />
              <span>
                {SHOP.address.lines.map((line) => (
                  <span key={line} className="site-footer__address-line">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <p className="site-footer__line">
              <PhoneIcon size={18} />
              <a href={SHOP.phone.href}>{SHOP.phone.display}</a>
            </p>
            <p className="site-footer__line">
              <MailIcon size={18} />
              <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
            </p>
          </address>
          <ul className="social-links">
            {SOCIAL_LINKS.map(({ network, label, href }) => {
              const SocialIcon = SOCIAL_ICONS[network];
              return (
                <li key={network}>
                  <a className="social-links__link" href={href} aria-label={label} rel="noopener noreferrer">
                    <SocialIcon />
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
        <nav className="site-footer__nav" aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="site-footer__heading">
            Product range
          </h2>
          <ul className="site-footer__links">
            {groups.map((group) => (
              <li key={group.href}>
                <Link to={group.href}>{group.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__nav" aria-labelledby="footer-information">
          <h2 id="footer-information" className="site-footer__heading">
            Information
          </h2>
          <ul className="site-footer__links">
            {INFO_LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <NewsletterForm />
      </div>
      <p className="site-footer__legal">
        © {new Date().getFullYear()} {SHOP.name}
      </p>
      {/* Fixed to the window's corner; it sits here so it belongs to the footer's contact landmark. */}
      <ChatLink />
    </footer>
  );
}
