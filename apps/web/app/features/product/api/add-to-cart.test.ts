import { CART_MESSAGES } from '@shop/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToCartFailure } from '../add-to-cart-failure';
import { addToCart } from './add-to-cart';
import { ACCESS_TOKEN_KEY } from '~/lib/session';

const LINE = { cart: 3, item: 11, pricing_tier: 1, pack_quantity: 2, unit_type: 'pack' as const };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('addToCart', () => {
  it('fails with "No access token found. Please log in." and sends nothing without a stored token', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const error = await addToCart([LINE]).catch((failure: unknown) => failure);
    expect(fetchMock).not.toHaveBeenCalled();
    // The product page shows the failure's message.
    expect(addToCartFailure(error)).toEqual({ message: CART_MESSAGES.noToken, outOfStock: [] });
    expect(CART_MESSAGES.noToken).toBe('No access token found. Please log in.');
  });

  it('posts the lines with the stored token', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify([{ id: 7 }]), { status: 201 }));
    await expect(addToCart([LINE])).resolves.toEqual([{ id: 7 }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/cart-items/');
    expect(init?.body).toBe(JSON.stringify([LINE]));
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token');
  });
});
