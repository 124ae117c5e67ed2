import { Link } from 'react-router';
import { SHOP } from '~/lib/shop';
import type { LegalDocument } from '../legal-document';
import { ContactLine } from './contact-line';

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy policy',
  summary:
    'What personal data PackRight Supplies collects, why, how long we keep it, your rights under UK GDPR, and the only storage we use in your browser.',
  lastUpdated: '2026-11-22',
  intro: (
    <p>
      This policy explains how {SHOP.name} uses personal data when you visit our website, open an account,
      place an order or get in touch. We are the controller of that data under the UK General Data Protection
      Regulation (UK GDPR) and the Data Protection Act 2018.
    </p>
  ),
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      body: (
        <p>
          {SHOP.name} sells packaging supplies to businesses and consumers from{' '}
          {SHOP.address.lines.join(', ')}. For anything about your data, e-mail{' '}
          <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a> with &ldquo;Privacy&rdquo; in the subject line.
        </p>
      ),
    },
    {
      id: 'what-we-collect',
      heading: 'What data we collect',
      body: (
        <ul>
          <li>
            <strong>Account details</strong>: your name, e-mail address and password (stored only as a one-way
            hash we cannot read).
          </li>
          <li>
            <strong>Order details</strong>: billing and delivery addresses, phone number, company name and VAT
            number if you give them, what you ordered and what you paid.
          </li>
          <li>
            <strong>Payment details</strong>: card payments are taken by our payment provider. We receive a
            payment reference and the card&apos;s brand and last four digits, never the full card number.
          </li>
          <li>
            <strong>Messages</strong>: what you send through the contact form, by e-mail or by phone.
          </li>
          <li>
            <strong>Newsletter</strong>: your e-mail address, if you subscribe.
          </li>
          <li>
            <strong>Technical data</strong>: our servers record your IP address, browser type and the pages
            requested, to keep the service secure and working.
          </li>
        </ul>
      ),
    },
    {
      id: 'why',
      heading: 'Why we use it, and our lawful basis',
      body: (
        <ul>
          <li>
            <strong>To take, deliver and support your orders</strong> and run your account: necessary for our
            contract with you.
          </li>
          <li>
            <strong>To keep accounting and VAT records</strong> that HMRC requires: a legal obligation.
          </li>
          <li>
            <strong>To answer your questions and quotes</strong>, prevent fraud and keep the website secure:
            our legitimate interests in running the business, balanced against your rights.
          </li>
          <li>
            <strong>To send our newsletter</strong>: your consent, which you can withdraw at any time with the
            unsubscribe link in a newsletter or by contacting us.
          </li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      body: (
        <>
          <p>We never sell your data. We share only what each party needs to do its job for us:</p>
          <ul>
            <li>our payment provider, to take and refund card payments;</li>
            <li>couriers and our pallet network, to deliver your order (name, address, phone number);</li>
            <li>our hosting and e-mail providers, who store and send data on our instructions;</li>
            <li>our accountants and, where the law requires it, HMRC or the police.</li>
          </ul>
          <p>
            Where a provider processes data outside the UK, we rely on UK adequacy regulations or the
            International Data Transfer Agreement to keep it protected to UK standards.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      body: (
        <ul>
          <li>
            Orders, invoices and payment records: 6 years after the end of the financial year, as HMRC
            requires.
          </li>
          <li>
            Your account: while it is open; we delete it within 30 days of your request, keeping only the
            order records above.
          </li>
          <li>Contact form messages and quotes: 2 years from our last reply.</li>
          <li>Newsletter subscription: until you unsubscribe.</li>
          <li>Server logs: 30 days.</li>
        </ul>
      ),
    },
    {
      id: 'rights',
      heading: 'Your rights',
      body: (
        <>
          <p>Under UK GDPR you have the right to:</p>
          <ul>
            <li>get a copy of the personal data we hold about you;</li>
            <li>have inaccurate data corrected, and data we no longer need erased;</li>
            <li>restrict or object to how we use it, including for direct marketing at any time;</li>
            <li>receive data you gave us in a machine-readable format;</li>
            <li>withdraw your consent, where consent is our basis.</li>
          </ul>
          <p>
            Contact us to use any of these rights; we answer within one month and do not charge. If you are
            unhappy with how we handle your data, you can complain to the Information Commissioner&apos;s
            Office (ICO) at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a> or on 0303 123 1113,
            though we would like the chance to put it right first.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      heading: 'Cookies and storage in your browser',
      body: (
        <>
          <p>
            We use only the storage the shop needs to work: <strong>your session</strong>. When you log in,
            your browser keeps a short-lived sign-in token in its local storage and a secure, HttpOnly cookie
            that keeps you signed in; both are removed when you log out. We use no analytics, advertising or
            tracking cookies, so we do not ask for cookie consent.
          </p>
          <p>
            Two pages load services from other companies: the card form at checkout is provided by our payment
            provider, which may set cookies it needs to prevent fraud, and the map on our{' '}
            <Link to="/contact">contact page</Link> is provided by Google Maps, under Google&apos;s own
            privacy policy.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      heading: 'Children',
      body: (
        <p>
          Our shop and accounts are not intended for people under 16, and we do not knowingly collect personal
          data from anyone under 16. If you believe a child has given us their data, contact us and we will
          delete it.
        </p>
      ),
    },
    {
      id: 'security',
      heading: 'How we protect your data',
      body: (
        <p>
          Every page and request is sent over an encrypted connection. Passwords are stored as strong one-way
          hashes, access to customer data is limited to staff who need it, and we never see your full card
          details.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      body: (
        <p>
          We will update this page when the way we use personal data changes and show the date of the change
          at the top. If a change matters to you, we will tell you by e-mail before it takes effect.
        </p>
      ),
    },
    {
      id: 'contact',
      heading: 'Contact us',
      body: <ContactLine />,
    },
  ],
};
