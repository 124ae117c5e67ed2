import { DomainError } from '../../http/errors';

/**
 * The card processor behind the checkout (DESIGN §1: `stripe`, or the built-in `test` processor). The shop
 * asks it to take an amount, asks it afterwards what happened (never trusting the browser), refunds through
 * it, and reads its signed webhook events. Both providers speak Stripe's vocabulary, so the orders module
 * does not know which one it talks to.
 */

/** Stripe's PaymentIntent statuses (the test processor uses a subset). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  /** Smallest currency unit (pence). */
  amount: number;
  /** Lower-case ISO code, as Stripe writes it ('gbp'). */
  currency: string;
  status: IntentStatus;
  /** What the shop attached when it made the intent (cart_id, user_id, cart_version). */
  metadata: Record<string, string>;
  /** Pence refunded so far. */
  amountRefunded: number;
  /**
   * When the payment was taken (the successful charge's time); null before that, or when the provider does
   * not say. A quote cart's payment is kept only when it was taken while the quote was valid (decision 013).
   */
  paidAt: Date | null;
}

export interface IntentRequest {
  amount: number;
  currency: 'gbp';
  metadata: Record<string, string>;
  /** The same key gives the same intent (Stripe's Idempotency-Key). */
  idempotencyKey: string;
}

export interface RefundRequest {
  /** Pence; the whole remaining amount when absent. */
  amount?: number;
  reason: 'requested_by_customer' | 'duplicate' | 'fraudulent';
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface ProviderRefund {
  id: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
}

/** The webhook event types the shop acts on; others are acknowledged and ignored. */
export type PaymentEventType =
  'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'charge.refunded';

export interface PaymentEvent {
  /** The provider's event id (evt_…): the same event delivered twice has the same id. */
  id: string;
  type: string;
  /** The payment intent the event is about, when it is about one. */
  intentId: string | null;
}

/** The webhook's signature did not verify (or the body was not an event): the endpoint answers 400. */
export class WebhookSignatureError extends Error {
  constructor(message = 'Webhook signature verification failed.') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider could not be reached or refused the call (not a card decline). */
export class ProviderUnavailable extends DomainError {
  constructor(message: string, options?: { cause?: unknown }) {
    // What the client sees; the provider's own message (maybe with ids) stays in the log through `cause`.
    super('The payment provider could not be reached. Please try again.', 503);
    this.name = 'ProviderUnavailable';
    this.cause = options?.cause ?? message;
  }
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** What the browser needs to load the provider's script (Stripe's publishable key), or null. */
  readonly publishableKey: string | null;
  createIntent(request: IntentRequest): Promise<ProviderIntent>;
  /** Changes the amount and metadata of an intent that has not been paid yet. */
  updateIntent(
    id: string,
    change: { amount: number; metadata: Record<string, string> },
  ): Promise<ProviderIntent>;
  /** The intent as the provider knows it now, or null when it has no such intent. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Cancels an intent nobody paid (Stripe's cancellation_reason `abandoned`): afterwards it cannot be paid.
   * Throws when it has been paid meanwhile (or is being paid), as Stripe refuses it then.
   */
  cancelIntent(id: string): Promise<ProviderIntent>;
  refund(intentId: string, request: RefundRequest): Promise<ProviderRefund>;
  /**
   * Checks the signature of a webhook delivery (the raw body, as received, and its signature header) and
   * reads the event; throws WebhookSignatureError when it does not verify.
   */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent;
}
