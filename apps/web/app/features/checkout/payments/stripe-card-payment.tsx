import { CHECKOUT_MESSAGES } from '@shop/domain';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { useEffect } from 'react';
import type { CardFieldsProps, CardPayment } from './card-payment';

/** Statuses after which the payment is the shop's to verify (the server checks it with Stripe). */
const CONFIRMED = ['succeeded', 'processing', 'requires_capture'];

const APPEARANCE = {
  theme: 'stripe',
  variables: { colorPrimary: '#0f3d5e', colorDanger: '#b3261e', borderRadius: '6px' },
} as const;

interface Mounted {
  stripe: Stripe;
  elements: StripeElements;
  clientSecret: string;
}

/**
 * The checkout's card payment through Stripe: Stripe.js and its Payment Element, fetched only when the
 * shop is set up for Stripe (this module is loaded on demand by `loadCardPayment`).
 */
export async function createStripeCardPayment(publishableKey: string): Promise<CardPayment> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js did not load');
  // The Payment Element on the page, and the intent it was drawn for.
  const mounted: { current: Mounted | null } = { current: null };

  function Bind({ clientSecret }: { clientSecret: string }) {
    const stripeInContext = useStripe();
    const elements = useElements();
    useEffect(() => {
      if (!stripeInContext || !elements) return;
      const binding = { stripe: stripeInContext, elements, clientSecret };
      mounted.current = binding;
      return () => {
        if (mounted.current === binding) mounted.current = null;
      };
    }, [stripeInContext, elements, clientSecret]);
    return <PaymentElement />;
  }

  function Fields({ clientSecret }: CardFieldsProps) {
    if (!clientSecret) return null;
    // An Elements group belongs to one intent: a new intent draws new fields.
    return (
      <Elements key={clientSecret} stripe={stripe} options={{ clientSecret, appearance: APPEARANCE }}>
        <Bind clientSecret={clientSecret} />
      </Elements>
    );
  }

  return {
    provider: 'stripe',
    Fields,
    async confirm(clientSecret, billing) {
      const binding = mounted.current;
      if (!binding || binding.clientSecret !== clientSecret) {
        return { error: CHECKOUT_MESSAGES.paymentNotReady };
      }
      const { error, paymentIntent } = await binding.stripe.confirmPayment({
        elements: binding.elements,
        redirect: 'if_required',
        confirmParams: {
          // Only for a payment method that must leave the page; the webhook makes the order meanwhile, and
          // the confirmation page finds it by the payment's id, which Stripe adds to this address.
          return_url: `${window.location.origin}/order-confirmed`,
          payment_method_data: {
            billing_details: {
              name: billing.name,
              phone: billing.phone,
              address: {
                line1: billing.address.line1,
                city: billing.address.city,
                ...(billing.address.state ? { state: billing.address.state } : {}),
                postal_code: billing.address.postal_code,
                country: billing.address.country,
              },
            },
          },
        },
      });
      if (error) return { error: error.message ?? null };
      if (paymentIntent && CONFIRMED.includes(paymentIntent.status)) {
        return { transactionId: paymentIntent.id };
      }
      return { error: null };
    },
  };
}
