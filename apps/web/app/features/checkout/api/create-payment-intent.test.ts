import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { intent } from '~test/fake-checkout';
import { json, stubApi } from '~test/stub-api';
import {
  createPaymentIntentWithRetries,
  INTENT_RETRY_DELAY_MS,
  IntentAttemptsExhausted,
} from './create-payment-intent';
import { ApiError } from '~/lib/api-client';

const INTENTS = 'POST /api/ecommerce/payment-intents/';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createPaymentIntentWithRetries', () => {
  it('tries three times, a second apart, then gives up', async () => {
    const api = stubApi({ [INTENTS]: () => json({ detail: 'Down.' }, 503) });
    const outcome = createPaymentIntentWithRetries({ cart_id: 3 }).catch((error: unknown) => error);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(INTENT_RETRY_DELAY_MS - 1));
    expect(api.calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.calls).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(INTENT_RETRY_DELAY_MS));
    expect(api.calls).toHaveLength(3);
    expect(await outcome).toBeInstanceOf(IntentAttemptsExhausted);
    await act(() => vi.advanceTimersByTimeAsync(5 * INTENT_RETRY_DELAY_MS));
    expect(api.calls).toHaveLength(3);
  });

  it('answers the intent from a later attempt', async () => {
    let attempts = 0;
    stubApi({
      [INTENTS]: () => (++attempts < 3 ? Promise.reject(new TypeError('offline')) : json(intent())),
    });
    const outcome = createPaymentIntentWithRetries({ cart_id: 3 });
    await act(() => vi.advanceTimersByTimeAsync(2 * INTENT_RETRY_DELAY_MS));
    expect(await outcome).toEqual(intent());
  });

  it('stops at a refusal that another attempt would only repeat', async () => {
    const api = stubApi({ [INTENTS]: json({ cart: ['Cart is empty. Add items to proceed.'] }, 400) });
    const error = await createPaymentIntentWithRetries({ cart_id: 3 }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields).toEqual({ cart: ['Cart is empty. Add items to proceed.'] });
    expect(api.calls).toHaveLength(1);
  });

  it('stops waiting when the page goes away', async () => {
    const api = stubApi({ [INTENTS]: () => json({}, 503) });
    const controller = new AbortController();
    const outcome = createPaymentIntentWithRetries({ cart_id: 3 }, controller.signal).catch(
      (error: unknown) => error,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    controller.abort();
    expect(await outcome).toHaveProperty('name', 'AbortError');
    await act(() => vi.advanceTimersByTimeAsync(5 * INTENT_RETRY_DELAY_MS));
    expect(api.calls).toHaveLength(1);
  });
});
