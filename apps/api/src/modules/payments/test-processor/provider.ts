import Stripe from 'stripe';
import { type PaymentEvent, type PaymentProvider, WebhookSignatureError } from '../provider';
import type { TestProcessor } from './processor';

/** Reads a webhook delivery signed in Stripe's scheme; both providers' events are read the same way. */
export function readSignedEvent(rawBody: string, header: string | undefined, secret: string): PaymentEvent {
  if (!header) throw new WebhookSignatureError('No signature header.');
  let event: { id: string; type: string; data: { object: Record<string, unknown> } };
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, secret) as unknown as typeof event;
  } catch {
    throw new WebhookSignatureError();
  }
  const object = event.data?.object ?? {};
  let intentId: string | null = null;
  if (event.type.startsWith('payment_intent.') && typeof object.id === 'string') intentId = object.id;
  else if (event.type.startsWith('charge.')) {
    const ref = object.payment_intent;
    if (typeof ref === 'string') intentId = ref;
    else if (ref && typeof ref === 'object' && typeof (ref as { id?: unknown }).id === 'string') {
      intentId = (ref as { id: string }).id;
    }
  }
  return { id: event.id, type: event.type, intentId };
}

/** The PaymentProvider over the built-in processor: in-process calls where Stripe's would be HTTP. */
export function createTestProvider(processor: TestProcessor, webhookSecret: string): PaymentProvider {
  return {
    name: 'test',
    publishableKey: null,
    createIntent: (request) => processor.createIntent(request),
    updateIntent: (id, change) => processor.updateIntent(id, change),
    retrieveIntent: (id) => processor.retrieveIntent(id),
    cancelIntent: (id) => processor.cancelIntent(id),
    refund: (intentId, request) => processor.refund(intentId, request),
    parseWebhook: (rawBody, header) => readSignedEvent(rawBody, header, webhookSecret),
  };
}
