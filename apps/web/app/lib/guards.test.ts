import { describe, expect, it } from 'vitest';
import { requireAccessToken, requireVisitor } from './guards';
import { ACCESS_TOKEN_KEY } from './session';

function thrownBy(run: () => void): Response {
  try {
    run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error('expected a redirect');
}

const request = (path: string) => new Request(`http://shop.test${path}`);

describe('requireAccessToken', () => {
  it('sends a visitor to the login page with the page they wanted in `from`', () => {
    const response = thrownBy(() => requireAccessToken(request('/checkout')));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?from=%2Fcheckout');
  });

  it.each([
    ['/change-password', '/login?from=%2Fchange-password'],
    ['/track-order', '/login?from=%2Ftrack-order'],
    ['/track-order?order=42', '/login?from=%2Ftrack-order%3Forder%3D42'],
  ])('redirects %s to %s', (path, target) => {
    expect(thrownBy(() => requireAccessToken(request(path))).headers.get('Location')).toBe(target);
  });

  it('replaces the history entry instead of adding one', () => {
    const response = thrownBy(() => requireAccessToken(request('/checkout')));
    expect(response.headers.get('X-Remix-Replace')).toBe('true');
  });

  it('lets a customer with a stored token through', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    expect(() => requireAccessToken(request('/checkout'))).not.toThrow();
  });
});

describe('requireVisitor', () => {
  it('sends a logged-in customer home', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const response = thrownBy(() => requireVisitor());
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/');
  });

  it('lets a visitor through', () => {
    expect(() => requireVisitor()).not.toThrow();
  });
});
