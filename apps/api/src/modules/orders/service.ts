import type { OrderCreate, PageRequest, PaymentIntentCreate } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentProvider, ProviderIntent } from '../payments/provider';
import type { RateLimiter } from '../rate-limits/service';
import type { CheckoutDeps } from './checkout-deps';
import { getOrder, listOrders } from './order-views';
import { createPaymentIntent, paymentConfig } from './payment-intent';
import { placeOnAccount, placeOrder } from './place-order';
import { type PaymentRow, prepareCheckoutReads } from './queries';
import { handleWebhook, type SettleOptions, settlePayment } from './settle-payment';

// The orders module's calls for other modules.
export {
  creditNotesJoin,
  historyJoin,
  insertOrder,
  orderViewableBy,
  selectCheckoutLines,
  selectLinesOfOrders,
  selectOwedAndPoUses,
  takeStock,
  withHistory,
  type NewOrder,
  type OrderWithHistory,
} from './queries';

/**
 * The orders module's use cases, bound to one database, provider, log and rate limiter for the routes and
 * reconciliation. The checkout's hot reads are prepared here, once per service.
 */
export function createOrdersService(
  db: Db,
  {
    provider,
    log,
    rateLimiter,
    publicUrl = '',
  }: { provider: PaymentProvider; log: FastifyBaseLogger; rateLimiter: RateLimiter; publicUrl?: string },
) {
  const deps: CheckoutDeps = { db, reads: prepareCheckoutReads(db), provider, log };
  return {
    paymentConfig: () => paymentConfig(provider),
    createPaymentIntent: (userId: number, body: PaymentIntentCreate) =>
      createPaymentIntent(deps, rateLimiter, userId, body),
    placeOrder: (userId: number, body: OrderCreate) => placeOrder(deps, userId, body),
    handleWebhook: (rawBody: string, signature: string | undefined) =>
      handleWebhook(deps, rawBody, signature),
    settlePayment: (payment: PaymentRow, intent: ProviderIntent, options?: SettleOptions) =>
      settlePayment(deps, payment, intent, options),
    placeOnAccount: (userId: number, body: OrderCreate) => placeOnAccount(db, userId, body, publicUrl),
    listOrders: (userId: number, page: PageRequest, transactionId?: string) =>
      listOrders(db, userId, page, transactionId),
    getOrder: (userId: number, orderId: number) => getOrder(db, userId, orderId),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
