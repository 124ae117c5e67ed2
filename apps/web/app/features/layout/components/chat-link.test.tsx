import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ChatLink } from './chat-link';

function renderAt(path: string) {
  const Stub = routeStub([{ path: '*', Component: ChatLink }]);
  render(<Stub initialEntries={[path]} />);
}

describe('the floating chat button', () => {
  it.each([
    '/',
    '/details/tapes/tape-dispenser',
    '/track-order/12',
    '/account',
    '/cartons',
    '/administration',
  ])('shows on %s', (path) => {
    renderAt(path);
    expect(screen.getByRole('link', { name: 'Chat with us' })).toHaveAttribute('target', '_blank');
  });

  it.each(['/cart', '/cart/', '/checkout', '/admin', '/admin/orders/7', '/admin/variants/3/prices'])(
    'stays off %s, where it would cover the totals or the forms',
    (path) => {
      renderAt(path);
      expect(screen.queryByRole('link', { name: 'Chat with us' })).not.toBeInTheDocument();
    },
  );
});
