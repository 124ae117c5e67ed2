// Test support for checkout: a shopper with an address, the test processor's calls and its webhook.
import { TEST_CARDS, type CompanyRole, type OrderView, type PaymentIntentView } from '@shop/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TestContext } from '../helper';
import {
  companies,
  companyMembers,
  items,
  orderApprovals,
  orderItems,
  orders,
  outboundEmails,
  payments,
  pricingData,
  type PaymentTermsSnapshot,
} from '../../src/db/schema';
import { cartLine, itemBySku, newShopper, tierId } from './carts';
import {
  reconcileOnce,
  type ReconcileOptions,
  type ReconcileReport,
} from '../../src/modules/orders/reconcile';

export const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street: '12 Analytical Way',
  city: 'London',
  state: '',
  postal_code: 'SW1A 1AA',
  country: 'UK',
  telephone_number: '07700 900123',
};

/** ADDRESS as the address book stores it and an order copies it (no county, the phone in E.164). */
export const ADDRESS_SNAPSHOT = { ...ADDRESS, state: null, telephone_number: '+447700900123' };

/** The card details the browser sends to the processor. */
export const card = (number: string = TEST_CARDS.succeeds, extra: object = {}) => ({
  card_number: number,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  billing_details: { name: 'Ada Lovelace' },
  ...extra,
});

/** The spec's order body (spec 2, §7), money and status fields included as the spec's client sends them. */
export const orderBody = (addressId: number, transactionId: string, extra: object = {}) => ({
  shipping_address: addressId,
  billing_address: addressId,
  shipping_cost: 0,
  vat: 20,
  discount: 0,
  status: 'pending',
  payment_status: 'COMPLETED',
  payment_method: 'card',
  payment_verified: true,
  transaction_id: transactionId,
  ...extra,
});

/** Shoppers made per test app, so each one's card calls come from its own client address. */
const shoppersMade = new WeakMap<TestContext, number>();

/** The processor's own client address for a shopper (its calls are limited per address, as Stripe's are). */
function cardClientIp(ctx: TestContext): string {
  const n = shoppersMade.get(ctx) ?? 0;
  shoppersMade.set(ctx, n + 1);
  return `172.${16 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** A signed-in shopper with a saved address, and the checkout calls. */
export async function checkoutShopper(ctx: TestContext, name = 'buyer') {
  const shopper = await newShopper(ctx, name);
  const created = await shopper.call('POST', '/api/addresses/', ADDRESS);
  if (created.statusCode !== 201) throw new Error(`address refused: ${created.body}`);
  const addressId = created.json<{ id: number }>().id;
  const remoteAddress = cardClientIp(ctx);

  const self = {
    ...shopper,
    addressId,
    /** Adds packs of an item (by SKU) at its first pack tier. */
    async addSku(sku: string, packs: number) {
      const item = await itemBySku(ctx, sku);
      return shopper.added([
        cartLine(shopper.cartId, item.id, await tierId(ctx, item.variantId, 'pack', 1), packs),
      ]);
    },
    intent: (extra: object = { billing_address: addressId, shipping_address: addressId }) =>
      shopper.call('POST', '/api/ecommerce/payment-intents/', { cart_id: shopper.cartId, ...extra }),
    async paidIntent(extra?: object): Promise<PaymentIntentView> {
      const res = await self.intent(extra);
      if (res.statusCode !== 200) throw new Error(`intent refused: ${res.statusCode} ${res.body}`);
      const intent = res.json<PaymentIntentView>();
      const confirmed = await self.confirm(intent.client_secret);
      if (confirmed.statusCode !== 200) throw new Error(`card refused: ${confirmed.body}`);
      return intent;
    },
    confirm: (clientSecret: string, details: object = card()) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/test/confirm/',
        remoteAddress,
        payload: { client_secret: clientSecret, ...details },
      }),
    authenticate: (clientSecret: string, outcome: 'complete' | 'fail') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/test/authenticate/',
        remoteAddress,
        payload: { client_secret: clientSecret, outcome },
      }),
    order: (transactionId: string, extra: object = {}) =>
      shopper.call('POST', '/api/orders/', orderBody(addressId, transactionId, extra)),
    async placed(transactionId: string): Promise<OrderView> {
      const res = await self.order(transactionId);
      if (res.statusCode !== 201) throw new Error(`order refused: ${res.statusCode} ${res.body}`);
      return res.json<OrderView>();
    },
    orders: () => ctx.database.db.select().from(orders).where(eq(orders.userId, shopper.userId)),
  };
  return self;
}

export type CheckoutShopper = Awaited<ReturnType<typeof checkoutShopper>>;

/** Several checkout shoppers, signed up side by side (sign-up is the slow part of a test). */
export function checkoutShoppers(ctx: TestContext, count: number, name = 'buyer') {
  return Promise.all(Array.from({ length: count }, (_, i) => checkoutShopper(ctx, `${name}${i + 1}`)));
}

/** A shopper who has paid for packs of an item and not yet placed the order. */
export async function paidShopper(ctx: TestContext, sku = 'TD-PRO-75', packs = 1, name = 'buyer') {
  const buyer = await checkoutShopper(ctx, name);
  await buyer.addSku(sku, packs);
  const intent = await buyer.paidIntent();
  return { buyer, intent };
}

/** Posts a webhook body to the shop as the processor does, answering the status. */
export function postWebhook(ctx: TestContext, body: string, signature: string) {
  return ctx.app
    .inject({
      method: 'POST',
      url: '/api/payments/webhook/',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: body,
    })
    .then((res) => res.statusCode);
}

/** Delivers every due webhook event of the test processor to the shop. */
export function deliverWebhooks(ctx: TestContext) {
  return ctx.app.services.payments.testProcessor!.deliverDue((body, signature) =>
    postWebhook(ctx, body, signature),
  );
}

/** Re-sends every event ever queued for an intent (as a processor's duplicate delivery would). */
export async function redeliver(
  ctx: TestContext,
  intentId: string,
  order: 'oldest first' | 'newest first' = 'oldest first',
) {
  const processor = ctx.app.services.payments.testProcessor!;
  const events = await processor.eventsOf(intentId);
  if (order === 'newest first') events.reverse();
  const statuses: number[] = [];
  for (const event of events) {
    const body = JSON.stringify(event.payload);
    statuses.push(await postWebhook(ctx, body, processor.sign(body)));
  }
  return statuses;
}

export async function stockOf(ctx: TestContext, sku: string) {
  const [row] = await ctx.database.db.select({ stock: items.stock }).from(items).where(eq(items.sku, sku));
  return row!.stock;
}

export async function setStock(ctx: TestContext, sku: string, stock: number) {
  await ctx.database.db.update(items).set({ stock, trackInventory: true }).where(eq(items.sku, sku));
}

/** Order confirmation e-mails sent to an address. */
export async function confirmationsTo(ctx: TestContext, email: string) {
  return ctx.database.db
    .select()
    .from(outboundEmails)
    .where(sql`${outboundEmails.toAddress} = ${email} and ${outboundEmails.subject} like '%order #%'`);
}

export async function paymentOf(ctx: TestContext, intentId: string) {
  const [row] = await ctx.database.db.select().from(payments).where(eq(payments.providerPaymentId, intentId));
  return row!;
}

/** The intent as the test processor keeps it (amount, status, amount refunded). */
export async function processorIntent(ctx: TestContext, intentId: string) {
  const intent = await ctx.app.services.payments.testProcessor!.retrieveIntent(intentId);
  if (!intent) throw new Error(`the processor has no intent ${intentId}`);
  return intent;
}

/** The events the processor queued for an intent, oldest first. */
export function eventsOf(ctx: TestContext, intentId: string) {
  return ctx.app.services.payments.testProcessor!.eventsOf(intentId);
}

/** The orders made from a payment (there must never be more than one). */
export function ordersOfPayment(ctx: TestContext, intentId: string) {
  return ctx.database.db.select().from(orders).where(eq(orders.transactionId, intentId));
}

export function linesOfOrder(ctx: TestContext, orderId: number) {
  return ctx.database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** Sets the price of every tier of an item (pence per pack); answers a function that puts the old ones back. */
export async function setPrice(ctx: TestContext, sku: string, pence: number) {
  const item = await itemBySku(ctx, sku);
  const db = ctx.database.db;
  const before = await db.select().from(pricingData).where(eq(pricingData.itemId, item.id));
  await db.update(pricingData).set({ pricePence: pence }).where(eq(pricingData.itemId, item.id));
  return async () => {
    for (const row of before) {
      await db.update(pricingData).set({ pricePence: row.pricePence }).where(eq(pricingData.id, row.id));
    }
  };
}

/**
 * Moves a payment's times back, as if that long had passed since it was made, last touched and (when it
 * waits for its order's details) began to wait.
 */
export async function agePayment(ctx: TestContext, intentId: string, minutes: number) {
  await ctx.database.db
    .update(payments)
    .set({
      createdAt: sql`${payments.createdAt} - make_interval(mins => ${minutes})`,
      updatedAt: sql`${payments.updatedAt} - make_interval(mins => ${minutes})`,
      awaitingDetailsSince: sql`${payments.awaitingDetailsSince} - make_interval(mins => ${minutes})`,
    })
    .where(eq(payments.providerPaymentId, intentId));
}

/** One reconciliation pass over the app's database with its provider (reconcile.ts). */
export function reconcile(ctx: TestContext, overrides: Partial<ReconcileOptions> = {}) {
  return reconcileOnce({
    db: ctx.database.db,
    orders: ctx.app.services.orders,
    provider: ctx.app.services.payments.provider,
    log: ctx.app.log,
    ...overrides,
  });
}

/** What a reconciliation pass did with one payment (undefined: it was not due). */
export const outcomeOf = (report: ReconcileReport, intentId: string) =>
  report.payments.find((entry) => entry.intentId === intentId)?.outcome;

/** Pence from the API's decimal pounds ('12.34'). */
export const pence = (pounds: string) => Math.round(Number(pounds) * 100);

// ---------------------------------------------------------------------------------------------
// Trade accounts: a company made straight in the database, its members, orders on account
// ---------------------------------------------------------------------------------------------

export interface TradeCompanyOptions {
  creditLimitPence?: number;
  terms?: PaymentTermsSnapshot | null;
  poRequired?: boolean;
  onHold?: boolean;
  holdReason?: string | null;
  status?: 'pending' | 'approved' | 'declined';
}

let companiesMade = 0;

/** An approved trade account (by default £1,000 of credit on 30 days' terms) and a way to add members. */
export async function tradeCompany(ctx: TestContext, options: TradeCompanyOptions = {}) {
  const db = ctx.database.db;
  const n = ++companiesMade;
  const address = { ...ADDRESS_SNAPSHOT };
  const [company] = await db
    .insert(companies)
    .values({
      status: options.status ?? 'approved',
      legalName: `Boxes ${n} Ltd`,
      tradingName: `Boxes ${n}`,
      companyNumber: String(10_000_000 + n),
      vatNumber: 'GB123456789',
      registeredAddress: address,
      invoiceAddress: address,
      accountsEmail: `accounts${n}@example.com`,
      requestedCreditLimitPence: options.creditLimitPence ?? 100_000,
      tradeReferences: [],
      creditLimitPence: options.creditLimitPence ?? 100_000,
      paymentTerms: options.terms === undefined ? { kind: 'days', days: 30 } : options.terms,
      poRequired: options.poRequired ?? false,
      onHold: options.onHold ?? false,
      holdReason: options.holdReason ?? null,
    })
    .returning({ id: companies.id });
  const companyId = company!.id;
  return {
    id: companyId,
    /** A new checkout shopper who belongs to this company with a role (and an order limit in pence). */
    async member(role: CompanyRole = 'buyer', orderLimitPence: number | null = null, name: string = role) {
      const shopper = await checkoutShopper(ctx, name);
      return tradeMember(ctx, shopper, companyId, role, orderLimitPence);
    },
    /** Several members side by side (sign-up is the slow part). */
    members(count: number, role: CompanyRole = 'buyer', orderLimitPence: number | null = null) {
      return checkoutShoppers(ctx, count, role).then((shoppers) =>
        Promise.all(shoppers.map((s) => tradeMember(ctx, s, companyId, role, orderLimitPence))),
      );
    },
    set: (values: Partial<typeof companies.$inferInsert>) =>
      db.update(companies).set(values).where(eq(companies.id, companyId)),
  };
}

export type TradeCompany = Awaited<ReturnType<typeof tradeCompany>>;

async function tradeMember(
  ctx: TestContext,
  shopper: CheckoutShopper,
  companyId: number,
  role: CompanyRole,
  orderLimitPence: number | null,
) {
  const [member] = await ctx.database.db
    .insert(companyMembers)
    .values({ companyId, userId: shopper.userId, role, orderLimitPence })
    .returning({ id: companyMembers.id });
  return {
    ...shopper,
    memberId: member!.id,
    companyId,
    /** POST orders/ on account with the saved address for both. */
    onAccount: (extra: object = {}) =>
      shopper.call('POST', '/api/orders/', {
        shipping_address: shopper.addressId,
        billing_address: shopper.addressId,
        payment_method: 'account',
        ...extra,
      }),
    /** Leaves the company (as an administrator's removal does). */
    remove: () => ctx.database.db.delete(companyMembers).where(eq(companyMembers.id, member!.id)),
  };
}

export type TradeMember = Awaited<ReturnType<typeof tradeMember>>;

/** What a company owes now: its ON_ACCOUNT orders' totals less refunds (pence). */
export async function owedBy(ctx: TestContext, companyId: number) {
  const [row] = await ctx.database.db
    .select({
      owed: sql<number>`coalesce(sum(${orders.totalPence} - ${orders.refundedPence}), 0)::int`,
    })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.paymentStatus, 'ON_ACCOUNT')));
  return Number(row!.owed);
}

/** The held orders of a company, oldest first. */
export function approvalsOf(ctx: TestContext, companyId: number) {
  return ctx.database.db
    .select()
    .from(orderApprovals)
    .where(eq(orderApprovals.companyId, companyId))
    .orderBy(asc(orderApprovals.id));
}
