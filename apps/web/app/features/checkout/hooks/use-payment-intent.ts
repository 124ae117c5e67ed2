import type { PaymentIntentView } from '@shop/domain';
import { useCallback, useEffect, useState } from 'react';
import { createPaymentIntentWithRetries, IntentAttemptsExhausted } from '../api/create-payment-intent';
import { CHECKOUT_MESSAGES, problemsOf } from '../checkout-rules';
import { isAbortError } from '~/lib/api-client';

export type PaymentIntentState =
  | { status: 'loading' }
  | { status: 'ready'; intent: PaymentIntentView }
  | { status: 'failed'; message: string };

/**
 * The payment intent for the cart, requested as soon as the page shows a cart to pay for by card (spec 2,
 * §4: up to 3 attempts, 1 s apart). `retry` starts again after a failure; `replace` takes the intent the
 * server answered later (the one asked for right before confirming).
 */
export function usePaymentIntent(cartId: number, enabled: boolean) {
  const [state, setState] = useState<PaymentIntentState>({ status: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    createPaymentIntentWithRetries({ cart_id: cartId }, controller.signal).then(
      (intent) => setState({ status: 'ready', intent }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        const message =
          error instanceof IntentAttemptsExhausted
            ? CHECKOUT_MESSAGES.intentRetriesFailed
            : Object.values(problemsOf(error, CHECKOUT_MESSAGES.intentFailed)).join(' ');
        setState({ status: 'failed', message });
      },
    );
    return () => controller.abort();
  }, [cartId, enabled, round]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setRound((count) => count + 1);
  }, []);
  const replace = useCallback((intent: PaymentIntentView) => setState({ status: 'ready', intent }), []);

  return { state, retry, replace };
}
