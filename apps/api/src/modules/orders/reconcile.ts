import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { loggableError } from '../../http/errors';
import { startRepeatingPass } from '../../lib/repeating-pass';
import {
  ProviderUnavailable,
  type IntentStatus,
  type PaymentProvider,
  type ProviderIntent,
} from '../payments/provider';
import * as queries from './queries';
import type { OrdersService } from './service';
import type { Settlement } from './settle-payment';

/**
 * The safety net under the checkout (DESIGN §4.3): the browser's POST orders/ and the provider's webhook
 * both make the order of a paid payment, but either can be lost (the tab closed, the server killed between
 * the payment and the order, webhooks failing). Every minute this asks the provider about payments that have
 * not reached their end in our database and settles them through the webhook's own path: the order exactly
 * once, or the refund when no order can be made. A paid payment whose buyer never sent the delivery details
 * gets its order from the account's addresses, or waits for them and is refunded after `detailsWaitMs`
 * (decision 009). A payment nobody paid is left alone, and its intent is canceled a day after it was made,
 * so it cannot be paid later and stops being asked about.
 */

export interface ReconcileOptions {
  db: Db;
  orders: OrdersService;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Payments touched more recently than this are left to the checkout in progress. */
  graceMs?: number;
  /** The longest wait between two checks of one payment (see claimUnsettledPayments). */
  maxWaitMs?: number;
  /** An intent still unpaid this long after it was made is canceled. */
  cancelAfterMs?: number;
  /**
   * A paid payment without addresses (none named, none usable on the account) is refunded this long after it
   * began to wait for them (PAYMENT_DETAILS_WAIT_MINUTES).
   */
  detailsWaitMs?: number;
  /** Payments claimed at a time. */
  batchSize?: number;
  /** A pass stops claiming more after this long; what is left is due again at the next pass. */
  passBudgetMs?: number;
}

export const RECONCILE_DEFAULTS = {
  graceMs: 2 * 60_000,
  // With the one-minute tick, a payment paid at any moment is settled within about 11 minutes.
  maxWaitMs: 10 * 60_000,
  cancelAfterMs: 24 * 60 * 60_000,
  detailsWaitMs: 30 * 60_000,
  batchSize: 25,
  passBudgetMs: 45_000,
};

/** What one payment came to. */
export type ReconcileOutcome =
  | 'ordered'
  | 'had order'
  | 'refunded'
  | 'refused earlier'
  | 'waiting'
  | 'unpaid'
  | 'canceled'
  | 'missing'
  | 'error';

export interface ReconcileReport {
  checked: number;
  payments: { paymentId: number; intentId: string; outcome: ReconcileOutcome; status?: IntentStatus }[];
}

/** Unpaid states Stripe can cancel from (never `processing`: that payment is on its way). */
const CANCELLABLE: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

const OUTCOMES: Record<Settlement['kind'], ReconcileOutcome> = {
  created: 'ordered',
  existing: 'had order',
  refund: 'refunded',
  failed: 'refused earlier',
  waiting: 'waiting',
  unpaid: 'unpaid',
};

/**
 * One pass: claims the due payments in batches (other processes skip them) and settles each. Never throws
 * for one payment's failure: it is logged and the payment is due again later.
 */
export async function reconcileOnce(
  options: ReconcileOptions,
  shouldStop: () => boolean = () => false,
): Promise<ReconcileReport> {
  const { db, orders, provider, log } = options;
  const settings = { ...RECONCILE_DEFAULTS, ...definedOnly(options) };
  const started = Date.now();
  const report: ReconcileReport = { checked: 0, payments: [] };

  async function reconcilePayment(payment: queries.PaymentRow) {
    const intentId = payment.providerPaymentId;
    const intent = await provider.retrieveIntent(intentId);
    if (!intent) {
      // Made under other keys (test and live), or deleted: nothing can come of it.
      await queries.updatePayment(db, payment.id, { status: 'missing' });
      log.warn(
        { paymentId: payment.id, intentId },
        'reconciliation: the provider has no such payment intent',
      );
      return { outcome: 'missing' as const };
    }
    if (shouldCancel(payment, intent, settings.cancelAfterMs)) {
      const canceled = await provider.cancelIntent(intentId);
      await orders.settlePayment(payment, canceled);
      log.info({ paymentId: payment.id, intentId }, 'reconciliation: canceled an intent unpaid for a day');
      return { outcome: 'canceled' as const };
    }
    const settlement = await orders.settlePayment(payment, intent, { detailsWaitMs: settings.detailsWaitMs });
    const outcome = OUTCOMES[settlement.kind];
    if (settlement.kind === 'created' && (!payment.billingAddress || !payment.shippingAddress)) {
      // The buyer paid and never sent the order's details (the tab closed after the card): decision 009.
      log.warn(
        { paymentId: payment.id, intentId, orderId: settlement.orderId },
        'reconciliation: made the order of a paid payment from the account’s addresses',
      );
    } else if (settlement.kind === 'created') {
      // The browser's request and the webhook both failed to make it: worth an operator's look if frequent.
      log.warn(
        { paymentId: payment.id, intentId, orderId: settlement.orderId },
        'reconciliation: made the order of a paid payment that had none',
      );
    } else if (settlement.kind === 'waiting') {
      log.info(
        { paymentId: payment.id, intentId, since: settlement.since },
        'reconciliation: paid, waiting for the order’s delivery details',
      );
    } else if (settlement.kind === 'refund') {
      log.warn({ paymentId: payment.id, intentId, reason: settlement.reason }, 'reconciliation: refunded');
    } else if (settlement.kind !== 'unpaid') {
      log.info({ paymentId: payment.id, intentId, outcome }, 'reconciliation: payment already settled');
    }
    return settlement.kind === 'unpaid' ? { outcome, status: settlement.status } : { outcome };
  }

  while (!shouldStop() && Date.now() - started < settings.passBudgetMs) {
    const claimed = await queries.claimUnsettledPayments(db, {
      provider: provider.name,
      limit: settings.batchSize,
      graceSeconds: settings.graceMs / 1000,
      maxWaitSeconds: settings.maxWaitMs / 1000,
    });
    let providerDown = false;
    for (const payment of claimed) {
      // Left over (shutting down, out of time, provider down): due again within maxWaitMs.
      if (providerDown || shouldStop() || Date.now() - started >= settings.passBudgetMs) break;
      report.checked++;
      const entry = { paymentId: payment.id, intentId: payment.providerPaymentId };
      try {
        report.payments.push({ ...entry, ...(await reconcilePayment(payment)) });
      } catch (err) {
        report.payments.push({ ...entry, outcome: 'error' });
        if (err instanceof ProviderUnavailable) {
          providerDown = true;
          log.warn({ err, ...entry }, 'reconciliation: the payment provider could not be reached');
        } else {
          log.error(
            { err: loggableError(err), ...entry },
            'reconciliation: payment not settled; will try again',
          );
        }
      }
    }
    if (providerDown || claimed.length < settings.batchSize) break;
  }
  const acted = report.payments.filter((entry) => entry.outcome !== 'unpaid');
  if (acted.length > 0) {
    const counts: Partial<Record<ReconcileOutcome, number>> = {};
    for (const { outcome } of acted) counts[outcome] = (counts[outcome] ?? 0) + 1;
    log.info({ checked: report.checked, ...counts }, 'reconciliation pass');
  }
  return report;
}

function shouldCancel(payment: queries.PaymentRow, intent: ProviderIntent, cancelAfterMs: number) {
  return CANCELLABLE.includes(intent.status) && Date.now() - payment.createdAt.getTime() >= cancelAfterMs;
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Runs reconcileOnce every `intervalMs`, the first time `firstRunMs` after the start; passes never overlap.
 * `stop()` ends the schedule and waits for a pass under way (it stops between payments).
 */
export function startReconciliation(
  options: ReconcileOptions & { intervalMs?: number; firstRunMs?: number },
): { stop(): Promise<void> } {
  const { intervalMs = 60_000, firstRunMs = 5_000, log } = options;
  return startRepeatingPass({
    pass: (shouldStop) => reconcileOnce(options, shouldStop),
    intervalMs,
    firstRunMs,
    log,
    failure: 'reconciliation pass failed',
  });
}
