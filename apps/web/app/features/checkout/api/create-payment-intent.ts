import type { PaymentIntentCreate, PaymentIntentView } from '@shop/domain';
import { ApiError, isAbortError, request } from '~/lib/api-client';

/**
 * The intent's body: the spec's, and for a trade buyer the purchase-order number, kept with the
 * payment so an order the webhook makes carries it too, and the go-ahead to use one used before.
 */
export type PaymentIntentRequest = PaymentIntentCreate & {
  purchase_order_number?: string;
  confirm_purchase_order_reuse?: boolean;
};

/** Spec 2, §4 and §9: up to 3 attempts, 1 s apart. */
export const INTENT_ATTEMPTS = 3;
export const INTENT_RETRY_DELAY_MS = 1_000;

/**
 * Asks the server for the payment of its cart (POST ecommerce/payment-intents/). The same cart gives the
 * same intent; with the addresses the server can still make the order if the buyer closes the tab.
 */
export function createPaymentIntent(
  body: PaymentIntentRequest,
  signal?: AbortSignal,
): Promise<PaymentIntentView> {
  return request<PaymentIntentView>('ecommerce/payment-intents/', { method: 'POST', body, signal });
}

/** Every attempt failed for a reason a later attempt might not meet (no answer, a server error). */
export class IntentAttemptsExhausted extends Error {
  override readonly name = 'IntentAttemptsExhausted';
}

/** A refusal that another attempt a second later would only repeat (an empty cart, a bad address). */
function isFinal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'response' || error.status === null) return false;
  return error.status < 500 && error.status !== 408 && error.status !== 429;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * `createPaymentIntent`, tried up to 3 times 1 s apart. Rejects with the server's refusal as soon as there
 * is one (an `ApiError` with a 4xx status), or with `IntentAttemptsExhausted` after the third failure.
 */
export async function createPaymentIntentWithRetries(
  body: PaymentIntentCreate,
  signal?: AbortSignal,
): Promise<PaymentIntentView> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createPaymentIntent(body, signal);
    } catch (error) {
      if (isAbortError(error) || isFinal(error)) throw error;
      if (attempt >= INTENT_ATTEMPTS) throw new IntentAttemptsExhausted('', { cause: error });
      await pause(INTENT_RETRY_DELAY_MS, signal);
    }
  }
}
