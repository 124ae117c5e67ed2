import { createHash, randomBytes } from 'node:crypto';
import { checkTestCard, TEST_CARD_MESSAGES, type TestIntentView } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Db } from '../../../db/client';
import { DomainError, NotFound } from '../../../http/errors';
import type { IntentRequest, IntentStatus, ProviderIntent, ProviderRefund, RefundRequest } from '../provider';
import * as queries from './queries';

/**
 * The built-in `test` card processor (DESIGN §1). It stands where Stripe's servers would: it keeps its own
 * payment intents, takes card details only through its own public calls (confirm, authenticate), answers
 * card numbers as Stripe's test mode does, and tells the shop what happened only through signed webhook
 * events, delivered from an outbox with retries. It shares the shop's database for convenience, never its
 * tables: the shop reads a payment's state only through the PaymentProvider interface.
 */

type IntentRow = queries.IntentRow;

/** Stripe's API version the events claim to be written in (the shapes follow it). */
const API_VERSION = '2025-10-29';
const BATCH_SIZE = 20;
const LEASE_SECONDS = 60;
/** After this many failed deliveries an event is given up (Stripe retries for up to three days). */
export const MAX_DELIVERY_ATTEMPTS = 16;

/** Seconds before delivery n+1: 5 s, 10 s, 20 s … capped at an hour. */
export function redeliveryDelaySeconds(attempts: number): number {
  return Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));
}

/** A card error answered by the processor: HTTP 402 with Stripe's error body (plus DRF's `detail`). */
export class CardError extends DomainError {
  constructor(readonly error: { code: string; message: string; decline_code?: string; param?: string }) {
    super(error.message, 402, { detail: error.message, error: { type: 'card_error', ...error } });
  }
}

/** A call that does not fit the intent's state (Stripe's payment_intent_unexpected_state, HTTP 400). */
class UnexpectedState extends DomainError {
  constructor(status: string) {
    const message = `This PaymentIntent's status is ${status}; the request cannot be applied to it.`;
    super(message, 400, {
      detail: message,
      error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message },
    });
  }
}

/** Stripe's statuses from which an intent can be canceled (we never leave one `processing`). */
const CANCELLABLE = new Set<string>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '0');

function toIntent(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amount: row.amount,
    currency: row.currency,
    status: row.status as IntentStatus,
    metadata: row.metadata,
    amountRefunded: row.amountRefunded,
    // The row changes when it is paid, and afterwards only by refunds (which come after its order or refusal).
    paidAt: row.status === 'succeeded' ? row.updatedAt : null,
  };
}

/** The intent as the browser's script sees it (Stripe.js gets the same trimmed shape). */
export function toIntentView(row: IntentRow): TestIntentView {
  return {
    id: row.id,
    object: 'payment_intent',
    status: row.status as TestIntentView['status'],
    amount: row.amount,
    currency: row.currency,
    next_action: row.status === 'requires_action' ? { type: 'use_test_authentication' } : null,
  };
}

/** The event's `data.object`, in Stripe's shape: a payment intent, or for refunds its charge. */
function eventObject(type: string, row: IntentRow) {
  const intent = {
    id: row.id,
    object: 'payment_intent',
    amount: row.amount,
    amount_received: row.status === 'succeeded' ? row.amount : 0,
    currency: row.currency,
    status: row.status,
    metadata: row.metadata,
    latest_charge: row.status === 'succeeded' ? `ch_${row.id.slice(3)}` : null,
    last_payment_error: row.lastError ? { type: 'card_error', ...row.lastError } : null,
    livemode: false,
  };
  if (!type.startsWith('charge.')) return intent;
  return {
    id: `ch_${row.id.slice(3)}`,
    object: 'charge',
    amount: row.amount,
    amount_refunded: row.amountRefunded,
    currency: row.currency,
    payment_intent: row.id,
    refunded: row.amountRefunded >= row.amount,
    status: 'succeeded',
    metadata: row.metadata,
    livemode: false,
  };
}

export interface DeliveryTarget {
  /** Posts one signed event; answers the HTTP status the shop gave. */
  (body: string, signature: string): Promise<number>;
}

export interface TestProcessorOptions {
  /** The secret the processor signs webhook events with (the shop verifies with the same). */
  webhookSecret: string;
  /** Where events go; tests pass their own (e.g. `app.inject`). */
  deliver: DeliveryTarget;
  log?: FastifyBaseLogger;
  now?: () => Date;
}

export function createTestProcessor(db: Db, options: TestProcessorOptions) {
  const now = options.now ?? (() => new Date());
  // Asked on every order and webhook: one prepared statement.
  const intentById = queries.prepareIntentById(db);
  let onEvent: (() => void) | undefined;

  async function enqueue(tx: Db, type: string, row: IntentRow, eventId = `evt_test_${token(18)}`) {
    const payload = {
      id: eventId,
      object: 'event',
      api_version: API_VERSION,
      created: Math.floor(now().getTime() / 1000),
      livemode: false,
      type,
      data: { object: eventObject(type, row) },
    };
    return queries.insertEvent(tx, { id: eventId, type, intentId: row.id, payload });
  }

  /** The intent's row, locked until the transaction ends; Stripe's 404 when there is none. */
  async function lockIntent(tx: Db, id: string): Promise<IntentRow> {
    const row = await queries.lockIntent(tx, id);
    if (!row) throw new NotFound('No such payment_intent.');
    return row;
  }

  async function byClientSecret(tx: Db, clientSecret: string): Promise<IntentRow> {
    const row = await queries.lockIntentByClientSecret(tx, clientSecret);
    // Stripe's answer to an unknown client secret.
    if (!row) throw new NotFound('No such payment_intent.');
    return row;
  }

  async function setStatus(
    tx: Db,
    row: IntentRow,
    status: IntentStatus,
    lastError: IntentRow['lastError'] = null,
  ): Promise<IntentRow> {
    return queries.updateIntent(tx, row.id, { status, lastError });
  }

  /** Ends a confirmation: succeeded, or declined with the card's error (and the matching event). */
  async function settle(tx: Db, row: IntentRow, error?: CardError['error']): Promise<IntentRow> {
    if (!error) {
      const paid = await setStatus(tx, row, 'succeeded');
      await enqueue(tx, 'payment_intent.succeeded', paid);
      return paid;
    }
    const declined = await setStatus(tx, row, 'requires_payment_method', error);
    await enqueue(tx, 'payment_intent.payment_failed', declined);
    return declined;
  }

  const processor = {
    /** Called after an event is queued, so delivery can start at once instead of at the next tick. */
    set onEvent(listener: (() => void) | undefined) {
      onEvent = listener;
    },

    async createIntent(request: IntentRequest): Promise<ProviderIntent> {
      const id = `pi_test_${token(18)}`;
      const created = await queries.insertIntent(db, {
        id,
        clientSecret: `${id}_secret_${token(18)}`,
        idempotencyKey: request.idempotencyKey,
        amount: request.amount,
        currency: request.currency,
        status: 'requires_payment_method',
        metadata: request.metadata,
      });
      if (created) return toIntent(created);
      const existing = await queries.selectIntentByIdempotencyKey(db, request.idempotencyKey);
      return toIntent(existing!);
    },

    async updateIntent(
      id: string,
      change: { amount: number; metadata: Record<string, string> },
    ): Promise<ProviderIntent> {
      return db.transaction(async (tx) => {
        const row = await lockIntent(tx, id);
        if (row.status !== 'requires_payment_method') throw new UnexpectedState(row.status);
        return toIntent(
          await queries.updateIntent(tx, id, { amount: change.amount, metadata: change.metadata }),
        );
      });
    },

    async retrieveIntent(id: string): Promise<ProviderIntent | null> {
      const row = await intentById(id);
      return row ? toIntent(row) : null;
    },

    /** Cancels an intent that has not been paid, as Stripe does, and sends `payment_intent.canceled`. */
    async cancelIntent(id: string): Promise<ProviderIntent> {
      return db
        .transaction(async (tx) => {
          const row = await lockIntent(tx, id);
          if (!CANCELLABLE.has(row.status)) throw new UnexpectedState(row.status);
          const canceled = await setStatus(tx, row, 'canceled');
          await enqueue(tx, 'payment_intent.canceled', canceled);
          return toIntent(canceled);
        })
        .finally(() => onEvent?.());
    },

    /** Refunds a paid intent, once per idempotency key, and sends `charge.refunded`. */
    async refund(intentId: string, request: RefundRequest): Promise<ProviderRefund> {
      const refundId = `re_test_${createHash('sha256').update(`${intentId}:${request.idempotencyKey}`).digest('hex').slice(0, 24)}`;
      return db
        .transaction(async (tx) => {
          const row = await lockIntent(tx, intentId);
          if (row.status !== 'succeeded') throw new UnexpectedState(row.status);
          const amount = request.amount ?? row.amount - row.amountRefunded;
          // The event's id is the refund's: a second call with the same key finds it and changes nothing.
          if (await queries.eventExists(tx, `evt_${refundId}`))
            return { id: refundId, amount, status: 'succeeded' as const };
          if (amount <= 0 || row.amountRefunded + amount > row.amount) {
            const message = `Refund amount (${amount}) is greater than unrefunded amount on charge.`;
            throw new DomainError(message, 400, {
              detail: message,
              error: { type: 'invalid_request_error', code: 'charge_already_refunded', message },
            });
          }
          const refunded = await queries.updateIntent(tx, intentId, {
            amountRefunded: row.amountRefunded + amount,
          });
          await enqueue(tx, 'charge.refunded', refunded, `evt_${refundId}`);
          return { id: refundId, amount, status: 'succeeded' as const };
        })
        .finally(() => onEvent?.());
    },

    /** The browser's confirm call: the card is checked as Stripe's test mode would. */
    async confirm(
      clientSecret: string,
      card: { number: string; exp_month: number; exp_year: number; cvc: string },
    ): Promise<TestIntentView> {
      return db
        .transaction(async (tx) => {
          const row = await byClientSecret(tx, clientSecret);
          if (row.status !== 'requires_payment_method') throw new UnexpectedState(row.status);
          const check = checkTestCard(card, now());
          if (check.outcome === 'authenticate')
            return toIntentView(await setStatus(tx, row, 'requires_action'));
          if (check.outcome === 'succeeds') return toIntentView(await settle(tx, row));
          const { outcome: _outcome, ...error } = check;
          await settle(tx, row, error);
          return error;
        })
        .then((answer) => {
          onEvent?.();
          if ('code' in answer) throw new CardError(answer);
          return answer;
        });
    },

    /** The shopper passed or failed the authentication step the processor's script showed. */
    async authenticate(clientSecret: string, outcome: 'complete' | 'fail'): Promise<TestIntentView> {
      const error = {
        code: 'payment_intent_authentication_failure',
        message: TEST_CARD_MESSAGES.authenticationFailed,
      };
      return db
        .transaction(async (tx) => {
          const row = await byClientSecret(tx, clientSecret);
          if (row.status !== 'requires_action') throw new UnexpectedState(row.status);
          return toIntentView(await settle(tx, row, outcome === 'complete' ? undefined : error));
        })
        .then((view) => {
          onEvent?.();
          if (outcome === 'fail') throw new CardError(error);
          return view;
        });
    },

    /** The webhook signature header for a body, as the processor signs it (Stripe's scheme). */
    sign(body: string, at = now()): string {
      return Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.webhookSecret,
        timestamp: Math.floor(at.getTime() / 1000),
      });
    },

    /**
     * One pass over the webhook outbox: claims the due events (other processes skip them), posts each,
     * and marks it delivered on a 2xx or schedules a retry with back-off.
     */
    async deliverDue(
      deliver: DeliveryTarget = options.deliver,
    ): Promise<{ delivered: number; retrying: number }> {
      const claimed = await queries.claimDueEvents(db, BATCH_SIZE, LEASE_SECONDS);
      const report = { delivered: 0, retrying: 0 };
      for (const event of claimed) {
        const body = JSON.stringify(event.payload);
        let problem: string | undefined;
        try {
          const status = await deliver(body, processor.sign(body));
          if (status < 200 || status > 299) problem = `HTTP ${status}`;
        } catch (err) {
          problem = err instanceof Error ? err.message : String(err);
        }
        if (problem === undefined) {
          await queries.markEventDelivered(db, event.id);
          report.delivered++;
        } else {
          const giveUp = event.attempts >= MAX_DELIVERY_ATTEMPTS;
          await queries.scheduleEventRetry(
            db,
            event.id,
            problem,
            giveUp ? null : redeliveryDelaySeconds(event.attempts),
          );
          report.retrying++;
          options.log?.warn(
            { eventId: event.id, type: event.type, attempts: event.attempts, problem },
            'test processor: webhook not delivered; will retry',
          );
        }
      }
      return report;
    },

    /** The events queued for one intent, oldest first (tests replay them). */
    eventsOf(intentId: string) {
      return queries.selectEventsOfIntent(db, intentId);
    },
  };
  return processor;
}

export type TestProcessor = ReturnType<typeof createTestProcessor>;

/**
 * Runs the processor's webhook delivery: at once when an event is queued in this process, and every
 * `intervalMs` for retries and events queued by other processes. Stops cleanly for shutdown.
 */
export function startTestWebhookDelivery(
  processor: TestProcessor,
  log: FastifyBaseLogger,
  intervalMs = 1000,
) {
  let pass: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (pass) {
      again = true;
      return;
    }
    pass = processor
      .deliverDue()
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'test processor: webhook pass failed'))
      .finally(() => {
        pass = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  processor.onEvent = () => setImmediate(tick);
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop(): Promise<void> {
      stopped = true;
      processor.onEvent = undefined;
      clearInterval(timer);
      await pass;
    },
  };
}
