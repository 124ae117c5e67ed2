import Stripe from 'stripe';
import {
  ProviderUnavailable,
  WebhookSignatureError,
  type IntentStatus,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
} from './provider';

export interface StripeProviderOptions {
  /** sk_… or rk_…; sent only in the Authorization header, never put in an error. */
  secretKey: string;
  publishableKey: string;
  /** whsec_…: the signing secret of the webhook endpoint. */
  webhookSecret: string;
  /** Where the SDK sends its requests; api.stripe.com:443 over https unless a test points it elsewhere. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Retries of a failed network call (same Idempotency-Key each time); the SDK's default is 2. */
  maxNetworkRetries?: number;
  /** Milliseconds per attempt. */
  timeout?: number;
}

/**
 * The API version this code was written against. Pinned rather than left to the SDK's default so that an SDK
 * upgrade that moves the version fails the type check here and gets read, instead of changing behaviour.
 */
const API_VERSION = '2026-10-28.endive';

// The SDK waits 80 s by default; a shopper at the checkout should not.
const DEFAULT_TIMEOUT_MS = 20_000;

const INTENT_STATUSES: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
];

const REFUND_STATUSES: readonly ProviderRefund['status'][] = [
  'pending',
  'succeeded',
  'failed',
  'canceled',
  'requires_action',
];

// Stripe's ids are a prefix and letters and digits; anything else cannot name an intent (and an empty id would
// turn GET /v1/payment_intents/{id} into the list endpoint).
const INTENT_ID = /^pi_[A-Za-z0-9]+$/;

/** Every call reads the intent's latest charge along with it, for the amount refunded. */
const EXPAND_CHARGE = ['latest_charge'];

/** A PaymentProvider backed by Stripe's PaymentIntents, for the Payment Element in the browser. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    ...(options.host !== undefined && { host: options.host }),
    ...(options.port !== undefined && { port: options.port }),
    ...(options.protocol !== undefined && { protocol: options.protocol }),
  });
  const { webhookSecret } = options;

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async createIntent(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency,
            metadata: request.metadata,
            automatic_payment_methods: { enabled: true },
            expand: EXPAND_CHARGE,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return toProviderIntent(intent);
      } catch (error) {
        throw unavailable('create the payment', error);
      }
    },

    async updateIntent(id, change) {
      if (!INTENT_ID.test(id)) {
        throw new ProviderUnavailable(`Stripe has no payment intent with the id ${JSON.stringify(id)}.`);
      }
      try {
        const intent = await stripe.paymentIntents.update(id, {
          amount: change.amount,
          metadata: change.metadata,
          expand: EXPAND_CHARGE,
        });
        return toProviderIntent(intent);
      } catch (error) {
        throw unavailable('update the payment', error);
      }
    },

    async retrieveIntent(id) {
      if (!INTENT_ID.test(id)) return null;
      try {
        const intent = await stripe.paymentIntents.retrieve(id, { expand: EXPAND_CHARGE });
        return toProviderIntent(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
          return null;
        }
        throw unavailable('read the payment', error);
      }
    },

    async cancelIntent(id) {
      if (!INTENT_ID.test(id)) {
        throw new ProviderUnavailable(`Stripe has no payment intent with the id ${JSON.stringify(id)}.`);
      }
      try {
        const intent = await stripe.paymentIntents.cancel(id, {
          cancellation_reason: 'abandoned',
          expand: EXPAND_CHARGE,
        });
        return toProviderIntent(intent);
      } catch (error) {
        throw unavailable('cancel the payment', error);
      }
    },

    async refund(intentId, request) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: intentId,
            reason: request.reason,
            ...(request.amount !== undefined && { amount: request.amount }),
            ...(request.metadata !== undefined && { metadata: request.metadata }),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.object !== 'refund') throw unexpectedAnswer('refund');
        return { id: refund.id, amount: refund.amount, status: refundStatus(refund.status) };
      } catch (error) {
        throw unavailable('refund the payment', error);
      }
    },

    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) {
        throw new WebhookSignatureError('Webhook signature verification failed: no Stripe-Signature header.');
      }
      let event: unknown;
      try {
        // Verifies the HMAC over `${t}.${rawBody}` (the bytes as received) and the 300 s tolerance, then parses.
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new WebhookSignatureError();
        // Signed, but not JSON (SyntaxError) or a thin v2 event notification.
        throw notAnEvent();
      }
      return toPaymentEvent(event);
    },
  };
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  if (intent.object !== 'payment_intent') throw unexpectedAnswer('payment intent');
  return {
    id: intent.id,
    // Null only when an intent is read with a publishable key, which this server never does.
    clientSecret: intent.client_secret ?? '',
    amount: intent.amount,
    currency: intent.currency,
    status: intentStatus(intent.status),
    metadata: { ...intent.metadata },
    amountRefunded: amountRefunded(intent.latest_charge),
    paidAt: intent.status === 'succeeded' ? chargedAt(intent.latest_charge) : null,
  };
}

/** When the successful (latest) charge was made; null when it was not expanded. */
function chargedAt(charge: Stripe.PaymentIntent['latest_charge']): Date | null {
  return charge !== null && typeof charge === 'object' ? new Date(charge.created * 1000) : null;
}

/** A status this code does not know yet is treated as still in flight: neither paid nor failed. */
function intentStatus(status: string): IntentStatus {
  return INTENT_STATUSES.find((known) => known === status) ?? 'processing';
}

function refundStatus(status: string | null): ProviderRefund['status'] {
  return REFUND_STATUSES.find((known) => known === status) ?? 'pending';
}

/** The successful charge is the latest one; before any charge (or unexpanded) nothing has been refunded. */
function amountRefunded(charge: Stripe.PaymentIntent['latest_charge']): number {
  return charge !== null && typeof charge === 'object' ? charge.amount_refunded : 0;
}

function toPaymentEvent(event: unknown): PaymentEvent {
  if (!isRecord(event) || event.object !== 'event') throw notAnEvent();
  const { id, type, data } = event;
  if (typeof id !== 'string' || typeof type !== 'string' || !isRecord(data) || !isRecord(data.object)) {
    throw notAnEvent();
  }
  return { id, type, intentId: intentIdOf(type, data.object) };
}

/** payment_intent.* events carry the intent itself; charge.* events carry a charge that points at it. */
function intentIdOf(type: string, object: Record<string, unknown>): string | null {
  if (type.startsWith('payment_intent.')) return nonEmptyString(object.id);
  if (type.startsWith('charge.')) {
    const intent = object.payment_intent;
    return isRecord(intent) ? nonEmptyString(intent.id) : nonEmptyString(intent);
  }
  return null;
}

/**
 * Stripe refused the call or could not be reached: a ProviderUnavailable whose cause is the SDK's error (its type,
 * code, HTTP status and request id, for the log; never the key). Errors that are not Stripe's pass unchanged.
 */
function unavailable(action: string, error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  return new ProviderUnavailable(`Stripe could not ${action}.`, { cause: withoutObjects(error) });
}

/** The objects Stripe attaches to some errors: a PaymentIntent among them carries its client secret. */
const ATTACHED_OBJECTS = ['payment_intent', 'payment_method', 'setup_intent', 'source'];

/** The SDK's error without the objects it carries, so that logging it logs no client secret. */
function withoutObjects<T extends InstanceType<typeof Stripe.errors.StripeError>>(error: T): T {
  const attached = error as unknown as Record<string, unknown>;
  const raw = (error.raw ?? {}) as Record<string, unknown>;
  for (const key of ATTACHED_OBJECTS) {
    delete attached[key];
    delete raw[key];
  }
  return error;
}

function unexpectedAnswer(expected: string): ProviderUnavailable {
  return new ProviderUnavailable(`Stripe answered with something other than a ${expected}.`);
}

function notAnEvent(): WebhookSignatureError {
  return new WebhookSignatureError('The webhook body is not a Stripe event.');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
