import type { PaymentConfig } from '@shop/domain';
import { useEffect, useState } from 'react';
import { type CardPayment, loadCardPayment } from '../payments/card-payment';

export type CardPaymentState =
  { status: 'loading' } | { status: 'ready'; payment: CardPayment } | { status: 'failed' };

/** The configured processor's code, loaded once there is something to pay for. */
export function useCardPayment(config: PaymentConfig, enabled: boolean): CardPaymentState {
  const [state, setState] = useState<CardPaymentState>({ status: 'loading' });
  const { provider, publishable_key } = config;
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    loadCardPayment({ provider, publishable_key }).then(
      (payment) => {
        if (current) setState({ status: 'ready', payment });
      },
      () => {
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [provider, publishable_key, enabled]);
  return state;
}
