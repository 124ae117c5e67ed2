import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderConfirmation, PaymentAwaited } from './order-confirmation';
import { order } from '~test/fake-checkout';
import { routeStub } from '~test/route-stub';

function show(element: React.ReactNode) {
  const Stub = routeStub([{ path: '/order-confirmed/:id?', Component: () => element }]);
  render(<Stub initialEntries={['/order-confirmed/7']} />);
}

const buyer = { id: 3, email: 'pat@example.com', name: 'Pat Buyer' };

describe('OrderConfirmation', () => {
  it('thanks the buyer for a card order: number, e-mail, payment and the way on', () => {
    show(
      <OrderConfirmation order={order({ id: 7, buyer, placed_by_you: true, payment_status: 'COMPLETED' })} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByText('#7')).toBeInTheDocument();
    expect(screen.getByText('pat@example.com')).toBeInTheDocument();
    expect(screen.getByText(/^Paid by card: £/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track this order' })).toHaveAttribute('href', '/track-order/7');
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  it('says an order on account is placed on the account, with its PO number, due date and terms', () => {
    show(
      <OrderConfirmation
        order={order({
          id: 7,
          buyer,
          payment_status: 'ON_ACCOUNT',
          payment_method: 'account',
          purchase_order_number: 'PO-1',
          invoice_due_date: '2027-01-06',
          payment_terms: '30 days from the invoice date',
          paid_receipt: null,
        })}
      />,
    );
    expect(screen.getByText(/^Placed on your company’s account: £.*, PO number PO-1\.$/)).toBeInTheDocument();
    expect(screen.getByText(/Payment is due by/)).toHaveTextContent(
      'Payment is due by 6 January 2027 (30 days from the invoice date).',
    );
  });

  it('confirms nothing for an order whose payment the server does not hold as taken', () => {
    show(<OrderConfirmation order={order({ id: 7, buyer, payment_status: 'PENDING' })} />);
    expect(screen.queryByText('Thank you for your order')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(
      'We have not yet had the confirmation of your payment.',
    );
  });
});

describe('PaymentAwaited', () => {
  it('says a payment is still being confirmed, or that it failed and nothing was ordered', () => {
    show(<PaymentAwaited redirectStatus="processing" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });

  it('sends a failed payment back to the checkout', () => {
    show(<PaymentAwaited redirectStatus="failed" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment not taken' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/checkout');
  });
});
