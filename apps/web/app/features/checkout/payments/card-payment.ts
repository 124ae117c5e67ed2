import type { PaymentConfig } from '@shop/domain';
import type { ComponentType } from 'react';

/** The card holder as both processors take it: the billing address's name, telephone and address. */
export interface BillingDetails {
  name: string;
  phone: string;
  address: {
    line1: string;
    city: string;
    state: string | null;
    postal_code: string;
    /** ISO 3166-1 alpha-2. */
    country: 'GB';
  };
}

/** A confirmed payment's id at the processor (the order's transaction_id), or the processor's message. */
export type CardPaymentResult = { transactionId: string } | { error: string | null };

export interface CardFieldsProps {
  /** The payment intent's client secret; null until the server has made the intent. */
  clientSecret: string | null;
}

/**
 * One card processor as the checkout page sees it: the fields the buyer types the card into, and the
 * confirmation of a payment intent with them. Card details stay between the fields and the processor.
 */
export interface CardPayment {
  provider: PaymentConfig['provider'];
  Fields: ComponentType<CardFieldsProps>;
  /**
   * Confirms the intent whose client secret is given, with the card in `Fields`; any authentication step
   * (3-D Secure) happens inside. The error is the processor's message, shown as is (null: it gave none).
   */
  confirm(clientSecret: string, billing: BillingDetails): Promise<CardPaymentResult>;
}

/**
 * The configured processor's browser code, loaded on demand so that neither ever reaches a page other
 * than the checkout (Stripe.js above all: its chunk is fetched only when the shop is set up for Stripe).
 */
export async function loadCardPayment(config: PaymentConfig): Promise<CardPayment> {
  if (config.provider === 'stripe') {
    if (!config.publishable_key) throw new Error('The Stripe provider has no publishable key');
    const { createStripeCardPayment } = await import('./stripe-card-payment');
    return createStripeCardPayment(config.publishable_key);
  }
  const { createTestCardPayment } = await import('./test-card-payment');
  return createTestCardPayment();
}
