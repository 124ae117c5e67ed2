import { Link } from 'react-router';
import { SHOP } from '~/lib/shop';
import type { LegalDocument } from '../legal-document';
import { ContactLine } from './contact-line';

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of service',
  summary:
    'The terms on which PackRight Supplies sells packaging: ordering, prices and VAT, trade accounts, delivery, risk and title, liability and governing law.',
  lastUpdated: '2026-11-22',
  intro: (
    <p>
      These terms apply to every order placed on this website with {SHOP.name}. Please read them before you
      order. Where a term applies only to business customers or only to consumers, it says so; nothing in them
      affects the statutory rights of a consumer.
    </p>
  ),
  sections: [
    {
      id: 'about',
      heading: 'About us and these terms',
      body: (
        <p>
          {SHOP.name} trades from {SHOP.address.lines.join(', ')}. You are a <em>consumer</em> if you buy
          wholly or mainly outside your trade, business or profession, and a <em>business customer</em>{' '}
          otherwise. Our <Link to="/refund-policy">refund policy</Link> and{' '}
          <Link to="/privacy-policy">privacy policy</Link> form part of these terms.
        </p>
      ),
    },
    {
      id: 'accounts',
      heading: 'Your account',
      body: (
        <p>
          You need an account to buy from us, and you must be 16 or over to open one. Keep your password
          private: you are responsible for orders placed with your login. Tell us straight away if you think
          someone else has used it.
        </p>
      ),
    },
    {
      id: 'ordering',
      heading: 'Ordering',
      body: (
        <>
          <p>
            Placing an order is an offer to buy the goods in your cart. We confirm receipt by e-mail; the
            contract is made when we e-mail to say your order has been dispatched. We may decline an order,
            for example if an item is out of stock or a price was shown in error, and if we do, we refund
            anything you have paid in full.
          </p>
          <p>
            Items are sold in whole packs (for example a case of 36 rolls or a bundle of 25 boxes); the pack
            size is shown against each item. Images are illustrative, and sizes are subject to normal
            manufacturing tolerances. If you are unsure whether a product suits your use, ask us before you
            order.
          </p>
        </>
      ),
    },
    {
      id: 'prices',
      heading: 'Prices and VAT',
      body: (
        <>
          <p>
            Prices are in pounds sterling and are shown <strong>excluding VAT</strong>. VAT at the current UK
            rate (20%) is added at checkout, to delivery charges as well as goods, and shown on your VAT
            invoice.
          </p>
          <p>
            Most items have tiered prices: the price per pack falls as you order more packs, and again when
            you order by the full pallet. The tier that applies is worked out for each line of your cart and
            shown before you pay. We may change prices at any time, but never for an order we have accepted.
          </p>
          <p>Payment is taken by card when you place your order.</p>
        </>
      ),
    },
    {
      id: 'trade-accounts',
      heading: 'Trade accounts',
      body: (
        <p>
          Business customers who buy regularly can ask us for a trade account. Trade accounts may receive
          exclusive prices on agreed items, which are shown when you are logged in and apply only to that
          account. Credit terms are offered only where we have agreed them with you in writing, after a credit
          check. We may review or withdraw exclusive prices and credit terms with 30 days&apos; notice.
        </p>
      ),
    },
    {
      id: 'delivery',
      heading: 'Delivery',
      body: (
        <>
          <p>
            We deliver to addresses in the United Kingdom. Orders placed before 2pm on a working day are
            normally dispatched the same day for next-working-day delivery to most mainland addresses; the
            Scottish Highlands and islands, Northern Ireland and offshore addresses can take longer. Delivery
            dates are estimates, not guarantees.
          </p>
          <p>
            Delivery charges are worked out from the weight of your order and shown at checkout, including
            whether it qualifies for free delivery. Large orders travel on a pallet: someone must be there to
            receive it, and you must tell us if the site needs a tail-lift vehicle or has restricted access.
          </p>
          <p>
            Please check goods on arrival and report damage or shortages within 48 hours, as our{' '}
            <Link to="/refund-policy#faulty">refund policy</Link> explains.
          </p>
        </>
      ),
    },
    {
      id: 'risk-and-title',
      heading: 'Risk and ownership',
      body: (
        <p>
          The goods are at your risk from the time they are delivered to your address (or collected by you or
          your carrier). Ownership of the goods passes to you only when we have received payment in full,
          including delivery charges and VAT.
        </p>
      ),
    },
    {
      id: 'cancelling',
      heading: 'Returns and cancellations',
      body: (
        <p>
          Consumers have a 14-day right to cancel, and all customers may return most unused goods within 30
          days. How both work, and when refunds are paid, is set out in our{' '}
          <Link to="/refund-policy">refund policy</Link>.
        </p>
      ),
    },
    {
      id: 'liability',
      heading: 'Our liability',
      body: (
        <>
          <p>
            Nothing in these terms limits our liability for death or personal injury caused by our negligence,
            for fraud, or for anything else the law does not allow us to limit.
          </p>
          <p>
            <strong>Business customers:</strong> we are not liable for loss of profit, revenue, business or
            goodwill, or for any indirect or consequential loss, and our total liability for an order is
            limited to the price you paid for it.
          </p>
          <p>
            <strong>Consumers:</strong> we are responsible for loss or damage you suffer that is a foreseeable
            result of our breaking these terms or failing to use reasonable care. We are not responsible for
            business losses; our goods are supplied to consumers for domestic and private use.
          </p>
          <p>
            We are not responsible for delays or failures caused by events outside our reasonable control,
            such as severe weather, strikes or a courier network failure; we will tell you and keep any delay
            as short as we can.
          </p>
        </>
      ),
    },
    {
      id: 'law',
      heading: 'Governing law',
      body: (
        <p>
          These terms are governed by the law of England and Wales, and the courts of England and Wales have
          jurisdiction over any dispute. If you are a consumer living in Scotland or Northern Ireland, you may
          also bring proceedings in your local courts.
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
