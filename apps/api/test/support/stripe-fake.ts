/**
 * Test only: a small stand-in for Stripe's REST API (the endpoints the stripe provider calls), answering
 * with Stripe's documented JSON shapes and recording every request so tests can see what the SDK sent.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Without the query string, e.g. /v1/payment_intents/pi_123. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body (POST) or query string (GET), keys as sent: `metadata[cart_id]`, `expand[0]`. */
  params: Record<string, string>;
}

export interface StripeErrorBody {
  type: 'api_error' | 'invalid_request_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
  /** The intent the error is about, as Stripe attaches it to payment_intent_unexpected_state. */
  payment_intent?: unknown;
}

export interface FakeCharge {
  id: string;
  amount: number;
  amountRefunded: number;
}

export interface FakeIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  created: number;
  charge: FakeCharge | null;
  /** Stripe's cancellation_reason, once canceled. */
  cancellationReason?: string;
}

export interface FakeStripe {
  host: string;
  port: number;
  protocol: 'http';
  requests: RecordedRequest[];
  /** Marks an intent paid, as when the shopper confirms it with a card in the Payment Element. */
  succeed(intentId: string): void;
  /** Sets an intent's status directly (e.g. one this code does not know). */
  setStatus(intentId: string, status: string): void;
  /**
   * Answers the next `times` requests (to paths starting with `onPath`, when given) with this HTTP status and
   * Stripe error.
   */
  failNext(status: number, error: StripeErrorBody, times?: number, onPath?: string): void;
  /** Leaves the next `times` requests (to `onPath…`) unanswered, for timeouts. */
  hangNext(times?: number, onPath?: string): void;
  /**
   * Carries out the next request (to `onPath…`) but never answers it: done at Stripe, a timeout for the
   * caller, whose retry with the same Idempotency-Key gets the first answer.
   */
  loseNextAnswer(onPath?: string): void;
  /** The intents the fake holds, by id. */
  intents: ReadonlyMap<string, FakeIntent>;
  close(): Promise<void>;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const now = () => Math.floor(Date.now() / 1000);

/** The statuses Stripe cancels an intent from (and, rarely, processing, which the fake refuses). */
const CANCELLABLE = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
];

/** A Stripe-looking id: the prefix, then 24 letters and digits. */
export function stripeId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const chars = [...randomBytes(24)].map((byte) => alphabet[byte % alphabet.length]);
  return `${prefix}_${chars.join('')}`;
}

function missing(kind: string, id: string, param: string): StripeHttpError {
  return new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });
}

/** The `prefix[key]` entries of a form, e.g. metadata[cart_id]=7 gives { cart_id: '7' }. */
function nested(params: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = key.match(/^(\w+)\[(\w+)\]$/);
    if (match?.[1] === prefix && match[2] !== undefined) out[match[2]] = value;
  }
  return out;
}

function positiveInteger(value: string | undefined, param: string): number {
  const amount = Number(value);
  if (value === undefined || !Number.isInteger(amount) || amount < 1) {
    throw new StripeHttpError(400, {
      type: 'invalid_request_error',
      code: value === undefined ? 'parameter_missing' : 'parameter_invalid_integer',
      param,
      message: value === undefined ? `Missing required param: ${param}.` : `Invalid integer: ${value}`,
    });
  }
  return amount;
}

/** Stripe's Charge object, trimmed to the fields a PaymentIntent's `latest_charge` expansion shows. */
export function chargeJson(charge: FakeCharge, intent: { id: string; currency: string; created: number }) {
  return {
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_captured: charge.amount,
    amount_refunded: charge.amountRefunded,
    captured: true,
    created: intent.created,
    currency: intent.currency,
    livemode: false,
    paid: true,
    payment_intent: intent.id,
    refunded: charge.amountRefunded === charge.amount,
    status: 'succeeded',
  };
}

/** Stripe's PaymentIntent object; `latest_charge` is the charge's id unless it was expanded. */
export function paymentIntentJson(intent: FakeIntent, expandCharge = false) {
  const paid = intent.status === 'succeeded';
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_capturable: 0,
    amount_received: paid ? intent.amount : 0,
    automatic_payment_methods: { allow_redirects: 'always', enabled: true },
    canceled_at: intent.status === 'canceled' ? now() : null,
    cancellation_reason: intent.cancellationReason ?? null,
    capture_method: 'automatic_async',
    client_secret: intent.clientSecret,
    confirmation_method: 'automatic',
    created: intent.created,
    currency: intent.currency,
    customer: null,
    description: null,
    last_payment_error: null,
    latest_charge:
      intent.charge === null ? null : expandCharge ? chargeJson(intent.charge, intent) : intent.charge.id,
    livemode: false,
    metadata: intent.metadata,
    next_action: null,
    payment_method: paid ? stripeId('pm') : null,
    payment_method_types: ['card', 'link'],
    status: intent.status,
  };
}

export async function startFakeStripe(options: { secretKey: string }): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  /** Stripe replays the first answer to a repeated Idempotency-Key, and refuses the key with other params. */
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];
  /** Faults for the coming requests, each taken by the first request it applies to. */
  const faults: (
    | { kind: 'fail'; status: number; error: StripeErrorBody; onPath?: string }
    | { kind: 'hang' | 'lose'; onPath?: string }
  )[] = [];
  const takeFault = (path: string) => {
    const index = faults.findIndex((fault) => fault.onPath === undefined || path.startsWith(fault.onPath));
    return index < 0 ? undefined : faults.splice(index, 1)[0];
  };

  function intentOf(id: string): FakeIntent {
    const intent = intents.get(id);
    if (!intent) throw missing('payment_intent', id, 'intent');
    return intent;
  }

  function route(method: string, path: string, params: Record<string, string>): unknown {
    const expandCharge = Object.entries(params).some(
      ([key, value]) => key.startsWith('expand[') && value === 'latest_charge',
    );
    const intentPath = path.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = stripeId('pi');
      const intent: FakeIntent = {
        id,
        clientSecret: `${id}_secret_${stripeId('x').slice(2)}`,
        amount: positiveInteger(params.amount, 'amount'),
        currency: params.currency ?? 'gbp',
        status: 'requires_payment_method',
        metadata: nested(params, 'metadata'),
        created: now(),
        charge: null,
      };
      intents.set(id, intent);
      return paymentIntentJson(intent, expandCharge);
    }
    if (intentPath && method === 'GET') {
      return paymentIntentJson(intentOf(decodeURIComponent(intentPath[1]!)), expandCharge);
    }
    const cancelPath = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
    if (cancelPath && method === 'POST') {
      const intent = intentOf(decodeURIComponent(cancelPath[1]!));
      if (!CANCELLABLE.includes(intent.status)) {
        const message = `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`;
        throw new StripeHttpError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message,
          payment_intent: paymentIntentJson(intent),
        });
      }
      intent.status = 'canceled';
      intent.cancellationReason = params.cancellation_reason ?? 'requested_by_customer';
      return paymentIntentJson(intent, expandCharge);
    }
    if (intentPath && method === 'POST') {
      const intent = intentOf(decodeURIComponent(intentPath[1]!));
      if (params.amount !== undefined) intent.amount = positiveInteger(params.amount, 'amount');
      // Stripe merges metadata; an empty value removes a key.
      for (const [key, value] of Object.entries(nested(params, 'metadata'))) {
        if (value === '') delete intent.metadata[key];
        else intent.metadata[key] = value;
      }
      return paymentIntentJson(intent, expandCharge);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = params.payment_intent ?? '';
      const intent = intentOf(intentId);
      const charge = intent.charge;
      if (!charge) {
        throw new StripeHttpError(400, {
          type: 'invalid_request_error',
          code: 'charge_not_refundable',
          message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        });
      }
      const remaining = charge.amount - charge.amountRefunded;
      const amount = params.amount === undefined ? remaining : positiveInteger(params.amount, 'amount');
      if (remaining === 0 || amount > remaining) {
        throw new StripeHttpError(400, {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge ${charge.id} has already been refunded.`,
        });
      }
      charge.amountRefunded += amount;
      return {
        id: stripeId('re'),
        object: 'refund',
        amount,
        balance_transaction: stripeId('txn'),
        charge: charge.id,
        created: now(),
        currency: intent.currency,
        metadata: nested(params, 'metadata'),
        payment_intent: intent.id,
        reason: params.reason ?? null,
        receipt_number: null,
        status: 'succeeded',
      };
    }
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': stripeId('req'),
      'stripe-version': '2026-10-28.endive',
    });
    res.end(JSON.stringify(body, null, 2));
  }

  function answer(recorded: RecordedRequest, rawParams: string): { status: number; body: unknown } {
    if (recorded.headers.authorization !== `Bearer ${options.secretKey}`) {
      const given = (recorded.headers.authorization ?? '').replace(/^Bearer /, '');
      return {
        status: 401,
        body: {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`,
          },
        },
      };
    }
    const key = recorded.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${recorded.path} ${key}` : null;
    const earlier = replayKey ? idempotent.get(replayKey) : undefined;
    if (earlier) {
      if (earlier.params !== rawParams) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          },
        };
      }
      return earlier;
    }
    let result: { status: number; body: unknown };
    try {
      result = { status: 200, body: route(recorded.method, recorded.path, recorded.params) };
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      result = { status: error.status, body: { error: error.body } };
    }
    // Stripe also keeps some refusals; replaying successes is enough for these tests.
    if (replayKey && recorded.method === 'POST' && result.status === 200) {
      idempotent.set(replayKey, { params: rawParams, ...result });
    }
    return result;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.invalid');
      const method = req.method ?? 'GET';
      const raw = method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method,
        path: url.pathname,
        headers: req.headers,
        params: Object.fromEntries(new URLSearchParams(raw)),
      };
      requests.push(recorded);
      const fault = takeFault(recorded.path);
      if (fault?.kind === 'hang') return;
      if (fault?.kind === 'fail') return send(res, fault.status, { error: fault.error });
      const { status, body } = answer(recorded, raw);
      if (fault?.kind === 'lose') return;
      send(res, status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    requests,
    succeed(intentId) {
      const intent = intentOf(intentId);
      intent.status = 'succeeded';
      intent.charge = { id: stripeId('ch'), amount: intent.amount, amountRefunded: 0 };
    },
    setStatus(intentId, status) {
      intentOf(intentId).status = status;
    },
    intents,
    failNext(status, error, times = 1, onPath) {
      for (let i = 0; i < times; i++) faults.push({ kind: 'fail', status, error, onPath });
    },
    hangNext(times = 1, onPath) {
      for (let i = 0; i < times; i++) faults.push({ kind: 'hang', onPath });
    },
    loseNextAnswer(onPath) {
      faults.push({ kind: 'lose', onPath });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A Stripe webhook Event (a v1 "snapshot" event) as Stripe posts it. */
export function stripeEvent(type: string, object: Record<string, unknown>) {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: stripeId('req'), idempotency_key: null },
    type,
  };
}
