import { ContactDetails } from '~/features/contact/components/contact-details';
import { ContactForm } from '~/features/contact/components/contact-form';
import { ContactMap } from '~/features/contact/components/contact-map';
import { absoluteUrl, pageMeta } from '~/lib/seo';
import type { Route } from './+types/contact';
import { SHOP } from '~/lib/shop';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    url: loaderData ? absoluteUrl(loaderData.origin, '/contact') : undefined,
    title: 'Contact us',
    description: `Call ${SHOP.phone.display}, e-mail ${SHOP.email}, send us a query or visit us in Leicester.`,
  });

export default function ContactPage() {
  return (
    <div className="page contact-page">
      <h1 className="page__title">Contact us</h1>
      <p className="contact-page__lead">
        Questions about a product, a bulk quote or an order? Call, write, or send the form below.
      </p>
      <div className="contact-page__grid">
        <ContactDetails />
        <ContactForm />
      </div>
      <ContactMap />
    </div>
  );
}
