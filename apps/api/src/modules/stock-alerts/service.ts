import {
  ACCOUNT_MESSAGES,
  codeTriesLeft,
  isOutOfStock,
  productPagePath,
  SENT_ALERTS_SHOWN_DAYS,
  STOCK_ALERT_MESSAGES as M,
  stockAlertStatus,
  type StockAlertAnswer,
  type StockAlertConfirm,
  type StockAlertView,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { Invalid, NotFound } from '../../http/errors';
import { countOfPage } from '../../http/pagination';
import { newOtpCode, OTP_MAX_ATTEMPTS, OTP_TTL_MS, sameDigest, type TokenService } from '../accounts/tokens';
import { enqueueEmail } from '../mail/service';
import type { RateLimit, RateLimiter } from '../rate-limits/service';
import { alertCodeEmail } from './emails';
import * as queries from './queries';
import { notifyRestocked } from './restock';

// The stock alerts' call for other modules.
export { deleteAlertsOfAccount } from './queries';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The visitor path's limits, kept in the database so they hold across processes, as the account codes' and the
 * contact form's are. A signed-in buyer's alert e-mails nothing until the restock, so it has none.
 */
export const STOCK_ALERT_LIMITS = {
  /** Visitors' requests per client: each may e-mail a code. */
  requestsPerClient: { name: 'stock-alert-client', limit: 10, windowMs: 10 * MINUTE },
  /**
   * Codes e-mailed to one address from every client together, counted only when one is sent: an address
   * cannot be flooded, and with 5 tries a code from its requester and 5 from everyone else at most 100
   * guesses a day are made at its alerts (each right with chance 1 in 10^6: at most 1 in 10,000).
   */
  codesPerAddress: { name: 'stock-alert-code-address', limit: 10, windowMs: 24 * HOUR },
  /** Code checks per client, on top of the tries per code. */
  checksPerClient: { name: 'stock-alert-check-client', limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimit>;

/** The purpose a stock-alert code is hashed with: a code made for an account never confirms an alert. */
const CODE_PURPOSE = 'stock_alert';
/** Wrong tries at an alert's code: its requester's, and all other clients' together, OTP_MAX_ATTEMPTS each. */
const ALERT_CODE_TRIES = { own: OTP_MAX_ATTEMPTS, foreign: OTP_MAX_ATTEMPTS };

/** Where an alert's item is and what it is called, as the answers show it. */
type ItemNames = Pick<queries.AlertItem, 'sku' | 'title' | 'productName' | 'productSlug' | 'categorySlug'>;

function viewOf(alert: queries.AlertRow, item: ItemNames): StockAlertView {
  return {
    id: alert.id,
    item: alert.itemId,
    sku: item.sku,
    title: item.title,
    product_name: item.productName,
    product_url: productPagePath(item.categorySlug, item.productSlug),
    email: alert.email,
    status: stockAlertStatus(alert),
    created_at: alert.createdAt.toISOString(),
    notified_at: alert.notifiedAt?.toISOString() ?? null,
  };
}

/** The item an alert may be asked for: on sale and out of stock; a 400 on `item` otherwise. */
function alertableItem(item: queries.AlertItem | undefined, itemId: number): queries.AlertItem {
  if (!item || item.status !== 'active') {
    throw new Invalid({ item: [`Invalid pk "${itemId}" - object does not exist.`] });
  }
  const facts = {
    track_inventory: item.trackInventory,
    stock: item.stock,
    units_per_pack: item.unitsPerPack,
  };
  if (!isOutOfStock(facts)) throw new Invalid({ item: [M.inStock] });
  return item;
}

export interface StockAlertsOptions {
  tokens: TokenService;
  rateLimiter: RateLimiter;
  /** The shop's origin, for the product links of the e-mails (config.publicUrl). */
  publicUrl: string;
}

export function createStockAlertsService(db: Db, { tokens, rateLimiter, publicUrl }: StockAlertsOptions) {
  return {
    /**
     * POST stock-alerts/ signed in: the buyer's alert for an out-of-stock item, active at once and sent to their
     * account's address (they proved it at sign-up). Asking again answers the same alert.
     */
    async requestForAccount(
      user: { id: number; email: string },
      itemId: number,
    ): Promise<{ alert: StockAlertAnswer; created: boolean }> {
      return db.transaction(async (tx) => {
        const item = alertableItem(await queries.lockAlertItem(tx, itemId), itemId);
        const { created, ...alert } = await queries.upsertAccountAlert(tx, {
          itemId,
          userId: user.id,
          email: user.email,
        });
        return { alert: { ...viewOf(alert, item), message: M.active(item.sku) }, created };
      });
    },

    /**
     * POST stock-alerts/ as a visitor: the alert waits for a 6-digit code e-mailed to the address (CSPRNG, stored
     * as its keyed hash, 10 minutes, 5 wrong tries from the client that asked and 5 from all others: the account
     * codes' rules and functions). Asking again while the code lives for its requester answers the same alert
     * and sends nothing; once it is spent, a new code is sent. Each code e-mailed counts against the address's
     * daily budget, in the same transaction.
     */
    async requestAsVisitor(
      itemId: number,
      email: string,
      client: string,
    ): Promise<{ alert: StockAlertAnswer; created: boolean }> {
      const code = newOtpCode();
      return db.transaction(async (tx) => {
        const item = alertableItem(await queries.lockAlertItem(tx, itemId), itemId);
        const { created, codeIsNew, ...alert } = await queries.upsertVisitorAlert(tx, {
          itemId,
          email,
          codeHash: tokens.hashCode(email, CODE_PURPOSE, code),
          ttlMs: OTP_TTL_MS,
          maxAttempts: OTP_MAX_ATTEMPTS,
          requestedBy: tokens.hashClient(client),
        });
        if (codeIsNew) {
          await rateLimiter.consume(STOCK_ALERT_LIMITS.codesPerAddress, email, tx);
          await enqueueEmail(tx, alertCodeEmail(email, item, code));
        }
        const view = viewOf(alert, item);
        const message = view.status === 'active' ? M.active(item.sku) : M.codeSent(email);
        return { alert: { ...view, message }, created };
      });
    },

    /**
     * POST stock-alerts/confirm/: checks a typed code against the address's alerts waiting for one, as the account
     * codes are checked (each candidate compared in constant time; a wrong code counts against every one this
     * client could still try, as its requester's try or as another client's, and is kept: decided in the
     * transaction, thrown after it). A stranger's wrong tries never use up the requester's. The matched alert
     * becomes active; if its item came back while it waited, it is spent and e-mailed at once, as a restock would.
     */
    async confirm({ email, code }: StockAlertConfirm, client: string): Promise<StockAlertAnswer> {
      const typed = tokens.hashCode(email, CODE_PURPOSE, code);
      const clientHash = tokens.hashClient(client);
      /** Whether this client may still try the alert's code, after `extra` more wrong tries of its own. */
      const triesLeft = (row: queries.AwaitingAlert, extra = 0) =>
        codeTriesLeft(row, row.requestedBy === clientHash, ALERT_CODE_TRIES, extra);
      const outcome = await db.transaction(
        async (tx): Promise<{ answer: StockAlertAnswer } | { refusal: string }> => {
          const now = Date.now();
          const rows = await queries.lockAwaitingAlerts(tx, email);
          const live = rows.filter((row) => row.codeExpiresAt.getTime() > now);
          const tryable = live.filter((row) => triesLeft(row));
          if (tryable.length === 0) {
            if (live.length > 0) return { refusal: ACCOUNT_MESSAGES.otpBurnt };
            return { refusal: rows.length > 0 ? ACCOUNT_MESSAGES.otpExpired : ACCOUNT_MESSAGES.otpInvalid };
          }
          // Every candidate is compared, so the time taken does not say which one matched.
          const matched = tryable.filter((row) => sameDigest(row.codeHash, typed));
          if (matched.length === 0) {
            await queries.recordWrongTry(
              tx,
              tryable.map((row) => row.id),
              clientHash,
            );
            const stillTryable = tryable.some((row) => triesLeft(row, 1));
            return { refusal: stillTryable ? ACCOUNT_MESSAGES.otpInvalid : ACCOUNT_MESSAGES.otpBurnt };
          }
          const [confirmed] = await queries.confirmAlerts(
            tx,
            matched.map((row) => row.id),
          );
          // Two alerts of one address with the same code are one chance in a million; the first answers.
          const item = (await queries.lockAlertItem(tx, confirmed!.itemId))!;
          const spent = await notifyRestocked(tx, [...new Set(matched.map((row) => row.itemId))], publicUrl);
          const alert = spent.includes(confirmed!.id)
            ? { ...confirmed!, notifiedAt: new Date() }
            : confirmed!;
          const message = spent.includes(confirmed!.id) ? M.notifiedAtOnce(item.sku) : M.active(item.sku);
          return { answer: { ...viewOf(alert, item), message } };
        },
      );
      if ('refusal' in outcome) throw new Invalid({ code: [outcome.refusal] });
      return outcome.answer;
    },

    /** GET account/stock-alerts/: the user's waiting alerts, then those sent lately, a page of them. */
    async list(
      userId: number,
      window: { limit: number; offset: number },
    ): Promise<{ count: number; results: StockAlertView[] }> {
      const rows = await queries.selectUserAlerts(db, userId, SENT_ALERTS_SHOWN_DAYS, window);
      // Past the last page no row carries the count: one more read, only then.
      const count = await countOfPage(
        rows,
        window,
        async () =>
          (await queries.selectUserAlerts(db, userId, SENT_ALERTS_SHOWN_DAYS, { limit: 1, offset: 0 }))[0]
            ?.total ?? 0,
      );
      return { count, results: rows.map((row) => viewOf(row, row)) };
    },

    /** DELETE account/stock-alerts/{id}/: cancels one of the user's alerts; another's id is not found. */
    async cancel(userId: number, id: number): Promise<void> {
      if (!(await queries.deleteUserAlert(db, userId, id))) throw new NotFound();
    },
  };
}

export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
