import { Link } from 'react-router';
import { SHOP } from '~/lib/shop';
import type { LegalDocument } from '../legal-document';
import { ContactLine } from './contact-line';

export const REFUND_POLICY: LegalDocument = {
  title: 'Refund policy',
  summary:
    'Returns within 30 days, the 14-day cooling-off period for consumers, faulty goods, and refunds within 10 business days of receiving your return.',
  lastUpdated: '2026-11-22',
  intro: (
    <p>
      We want you to be happy with every box, roll and bag you buy from {SHOP.name}. This policy explains how
      to return goods, how the legal cancellation right works if you buy as a consumer, and when your money
      comes back. It does not affect your statutory rights.
    </p>
  ),
  sections: [
    {
      id: 'returns',
      heading: 'Returns within 30 days',
      body: (
        <>
          <p>
            You may return most goods within <strong>30 days</strong> of delivery, whether you buy for a
            business or for yourself, as long as they are:
          </p>
          <ul>
            <li>unused, and in whole, unopened packs (a case of tape, a bundle of boxes, a sealed roll);</li>
            <li>in their original packaging and in a condition we can sell again.</li>
          </ul>
          <p>We cannot accept returns of:</p>
          <ul>
            <li>custom-printed tape, labels or boxes, or anything made or cut to your specification;</li>
            <li>
              food-contact packaging (cups, containers, greaseproof paper) once its outer pack has been
              opened, for hygiene reasons;
            </li>
            <li>goods returned after 30 days, unless they are faulty (see below).</li>
          </ul>
          <p>
            Unless the goods are faulty or we sent the wrong item, you pay for the return delivery. Pallet
            returns can be collected by our pallet network for a charge we will quote before booking.
          </p>
        </>
      ),
    },
    {
      id: 'cooling-off',
      heading: 'Your 14-day cooling-off period (consumers)',
      body: (
        <>
          <p>
            If you buy as a consumer, that is, not for your trade, business or profession, the Consumer
            Contracts (Information, Cancellation and Additional Charges) Regulations 2013 give you the right
            to cancel your order within <strong>14 days</strong> without giving a reason. This is the same
            14-day cooling-off period that applies across the EU.
          </p>
          <ul>
            <li>The 14 days start on the day after you receive the goods (or the last part of the order).</li>
            <li>
              To cancel, tell us clearly, by e-mail, phone or the contact form, before the 14 days end. You
              then have a further 14 days to send the goods back.
            </li>
            <li>
              We refund the price of the goods and the standard delivery charge you paid. If you chose a
              faster or pallet delivery, we refund only what standard delivery would have cost.
            </li>
            <li>
              You pay the cost of returning the goods. We may reduce the refund if the goods have been handled
              more than you would need to check them, as you could in a shop.
            </li>
          </ul>
          <p>
            The cooling-off right does not apply to goods made to your specification or clearly personalised,
            or to sealed food-contact goods that have been unsealed after delivery. Business buyers do not
            have a cooling-off right, but our 30-day returns above apply to them too.
          </p>
        </>
      ),
    },
    {
      id: 'faulty',
      heading: 'Faulty, damaged or wrong goods',
      body: (
        <>
          <p>
            Please check deliveries when they arrive. If anything is damaged in transit, missing or not what
            you ordered, tell us within <strong>48 hours</strong> of delivery with your order number and, if
            you can, a photo. Note visible damage to a pallet on the courier&apos;s delivery note before you
            sign for it.
          </p>
          <p>
            We will collect faulty or wrong goods at our cost and replace them or refund you in full,
            including delivery. If you are a consumer, the Consumer Rights Act 2015 also gives you the right
            to reject faulty goods within 30 days and to a repair, replacement or refund after that.
          </p>
        </>
      ),
    },
    {
      id: 'how-to-return',
      heading: 'How to return goods',
      body: (
        <ol>
          <li>
            Contact us with your order number, the items and quantities you are returning, and the reason.
          </li>
          <li>We reply with a returns number and the address of our Leicester warehouse.</li>
          <li>
            Pack the goods securely, write the returns number on the outside and send them with a tracked
            service. Keep proof of postage until your refund arrives.
          </li>
        </ol>
      ),
    },
    {
      id: 'refunds',
      heading: 'When you get your money back',
      body: (
        <>
          <p>
            We inspect returns on the day they arrive and refund you within <strong>10 business days</strong>{' '}
            of receiving them (for a consumer cancellation, never later than 14 days after we receive the
            goods, or proof that you have sent them). Refunds go back to the card you paid with; we will
            e-mail you when we have issued it, with a credit note showing the VAT refunded.
          </p>
          <p>Your bank may take a further 3 to 5 business days to show the money on your statement.</p>
        </>
      ),
    },
    {
      id: 'late-refunds',
      heading: 'Late or missing refunds',
      body: (
        <p>
          If your refund has not arrived, check your bank or card statement first, then contact your card
          issuer, as it can take a few days to appear. If you have not received your refund after{' '}
          <strong>15 business days</strong> from the day we received your return, please{' '}
          <Link to="/contact">contact us</Link> and we will trace it for you.
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
