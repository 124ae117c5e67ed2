import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ChunkLoadFailurePage, chunkLoadFailure, watchPreloadErrors } from './chunk-load-failure';

const CHUNK = 'https://shop.test/assets/cart-Bx1c9.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('chunkLoadFailure', () => {
  it.each([
    ['Chromium', new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`), 'script', CHUNK],
    ['Firefox', new TypeError(`error loading dynamically imported module: ${CHUNK}`), 'script', CHUNK],
    ['Safari, which gives no address', new TypeError('Importing a module script failed.'), 'script', null],
    [
      'Vite, for a stylesheet',
      new Error('Unable to preload CSS for https://shop.test/assets/cart-D4x.css'),
      'stylesheet',
      'https://shop.test/assets/cart-D4x.css',
    ],
    [
      'a root-relative address',
      new TypeError('Failed to fetch dynamically imported module: /assets/cart-Bx1c9.js'),
      'script',
      '/assets/cart-Bx1c9.js',
    ],
  ])('reads %s', (_browser, error, type, url) => {
    expect(chunkLoadFailure(error)).toEqual({ type, url });
  });

  it('is null for any other error, and never takes something that is not an address as one', () => {
    expect(chunkLoadFailure(new Error('database password is hunter2'))).toBeNull();
    expect(chunkLoadFailure(new TypeError('Failed to fetch'))).toBeNull();
    expect(chunkLoadFailure('Failed to fetch dynamically imported module')).toBeNull();
    expect(
      chunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: javascript:alert(1)')),
    ).toEqual({ type: 'script', url: null });
  });

  it('knows an error Vite reported with vite:preloadError, whatever its words', () => {
    const stop = watchPreloadErrors();
    const error = new TypeError(`Module load failed (${CHUNK})`);
    expect(chunkLoadFailure(error)).toBeNull();
    window.dispatchEvent(
      Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error }),
    );
    expect(chunkLoadFailure(error)).toEqual({ type: 'script', url: CHUNK });

    stop();
    const later = new TypeError('Module load failed');
    window.dispatchEvent(
      Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: later }),
    );
    expect(chunkLoadFailure(later)).toBeNull();
  });
});

describe('ChunkLoadFailurePage', () => {
  function renderPage(url: string | null, onReload: () => void) {
    const Stub = routeStub([
      {
        path: '/',
        Component: () => <ChunkLoadFailurePage failure={{ type: 'script', url }} onReload={onReload} />,
      },
    ]);
    render(<Stub initialEntries={['/']} />);
  }

  it('names the failure and its address, and reloads the page on request', async () => {
    const onReload = vi.fn();
    renderPage(CHUNK, onReload);
    expect(
      screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Failure', 'Address']);
    expect(screen.getAllByRole('definition').map((definition) => definition.textContent)).toEqual([
      'A script file did not load',
      CHUNK,
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('says when the browser gave no address', () => {
    renderPage(null, vi.fn());
    expect(screen.getAllByRole('definition')[1]).toHaveTextContent('Not given by the browser');
  });
});
