import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './root';

function renderFailingRoute(failure: () => never) {
  const Stub = createRoutesStub([
    {
      path: '/',
      loader: failure,
      Component: () => null,
      HydrateFallback: () => null,
      ErrorBoundary: ErrorBoundary as unknown as React.ComponentType,
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

describe('root error boundary', () => {
  it('shows a generic message inside the shop layout, never the error itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingRoute(() => {
      throw new Error('database password is hunter2');
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(/hunter2/)).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('calls a 404 "Page not found"', async () => {
    renderFailingRoute(() => {
      throw new Response(null, { status: 404 });
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
