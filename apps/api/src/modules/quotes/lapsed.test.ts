// A quote is binding only while it is valid: a held order approved, or a card payment taken, after the quote
// was withdrawn or expired does not become an order at the quoted prices (decision 013).
import {
  formatUkDay,
  QUOTE_MESSAGES,
  type AwaitingApprovalView,
  type OrderView,
  type QuoteAcceptResult,
  type QuoteView,
} from '@shop/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import {
  approvalsOf,
  ordersOfPayment,
  paymentOf,
  processorIntent,
  redeliver,
  setStock,
  tradeCompany,
  type TradeMember,
} from '../../../test/support/orders';
import { sendBody, ukDayAfter, withQuoteCalls } from '../../../test/support/quotes';
import { outboundEmails, quotes, quoteVersions } from '../../db/schema';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'lapse-desk');
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';

/** A trade company's approver and a buyer whose on-account orders above £1 are held. */
async function heldCompany() {
  const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
  const [approver, buyer] = await Promise.all([
    company.member('approver', null, 'lapse-approver'),
    company.member('buyer', 100, 'lapse-buyer'),
  ]);
  return { company, approver: approver!, buyer: buyer! };
}

/**
 * The buyer asks for a quote on their cart of tape, staff price it at £1.50 a pack (list £15.95) and send it,
 * and the buyer accepts it: the quote and its cart, through the API.
 */
async function acceptedQuote(buyer: TradeMember, packs = 4) {
  await setStock(ctx, TAPE, 10_000);
  await buyer.addSku(TAPE, packs);
  const quoter = withQuoteCalls(ctx, buyer);
  const requested = await quoter.requested();
  const sent = await staff.admin('POST', `quotes/${requested.id}/send/`, sendBody(requested, '1.50'));
  expect(sent.statusCode, sent.body).toBe(200);
  const accepted = await buyer.call('POST', `/api/quotes/${requested.id}/accept/`, { version: 1 });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { quoteId: requested.id, cartId: accepted.json<QuoteAcceptResult>().cart_id };
}

const withdraw = async (quoteId: number) => {
  const res = await staff.admin('POST', `quotes/${quoteId}/withdraw/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuoteView>();
};

/** Makes the quote's latest version run out yesterday (as the days passing would). */
const expire = (quoteId: number) =>
  ctx.database.db
    .update(quotes)
    .set({ status: 'accepted' })
    .where(eq(quotes.id, quoteId))
    .then(() =>
      ctx.database.db
        .update(quoteVersions)
        .set({ expiresOn: ukDayAfter(-1) })
        .where(eq(quoteVersions.quoteId, quoteId)),
    );

const quoteRow = async (quoteId: number) =>
  (await ctx.database.db.select().from(quotes).where(eq(quotes.id, quoteId)))[0]!;

const mailsTo = (email: string) =>
  ctx.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.toAddress, email))
    .orderBy(desc(outboundEmails.id));

async function heldFromQuote(buyer: TradeMember, cartId: number) {
  const res = await buyer.onAccount({ cart_id: cartId });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<AwaitingApprovalView>().approval;
}

describe('a held order made from a quote’s cart', () => {
  it.each([
    ['withdrawn', QUOTE_MESSAGES.withdrawn],
    ['expired', QUOTE_MESSAGES.expired(formatUkDay(ukDayAfter(-1)))],
  ] as const)(
    'is refused (409) with the reason when the quote was %s before approval',
    async (lapse, reason) => {
      const { company, approver, buyer } = await heldCompany();
      const { quoteId, cartId } = await acceptedQuote(buyer);
      const approvalId = await heldFromQuote(buyer, cartId);
      if (lapse === 'withdrawn') await withdraw(quoteId);
      else await expire(quoteId);

      const res = await approver.call('POST', `/api/account/company/approvals/${approvalId}/approve/`);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ detail: reason });
      expect(await buyer.orders()).toHaveLength(0);
      const [held] = await approvalsOf(ctx, company.id);
      expect(held).toMatchObject({ status: 'refused', reason, orderId: null, quoteId });
      expect((await quoteRow(quoteId)).status).toBe(lapse === 'withdrawn' ? 'withdrawn' : 'accepted');
      expect((await mailsTo(buyer.email))[0]!.textBody).toContain(reason);
    },
  );

  it('when approved while the quote is valid, is placed at the quoted prices and marks the quote ordered', async () => {
    const { approver, buyer } = await heldCompany();
    const { quoteId, cartId } = await acceptedQuote(buyer);
    const approvalId = await heldFromQuote(buyer, cartId);
    const res = await approver.call('POST', `/api/account/company/approvals/${approvalId}/approve/`);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json<{ order: OrderView }>();
    expect(order.items.map((line) => [line.sku, line.price_per_pack])).toEqual([[TAPE, '1.50']]);
    const row = await quoteRow(quoteId);
    expect([row.status, row.orderId]).toEqual(['ordered', order.id]);
    // Ordered: staff can no longer withdraw it.
    expect((await staff.admin('POST', `quotes/${quoteId}/withdraw/`)).statusCode).toBe(400);
  });
});

describe('a quote cart’s card payment', () => {
  /** The intent of the quote cart (`{cart_id}` alone, as spec 2's client makes it). */
  async function quoteIntent(buyer: TradeMember, cartId: number) {
    const res = await buyer.call('POST', '/api/ecommerce/payment-intents/', { cart_id: cartId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ client_secret: string; payment_intent_id: string; amount: number }>();
  }

  it.each([
    ['withdrawn', 'POST orders/ alone', false],
    ['withdrawn', 'the webhook first', true],
    ['expired', 'POST orders/ alone', false],
  ] as const)(
    'first taken after the quote was %s is refunded with the reason e-mailed, and makes no order (%s)',
    async (lapse, _path, webhookFirst) => {
      const { buyer } = await heldCompany();
      const { quoteId, cartId } = await acceptedQuote(buyer, 1);
      const intent = await quoteIntent(buyer, cartId);
      if (lapse === 'withdrawn') await withdraw(quoteId);
      else await expire(quoteId);
      expect((await buyer.confirm(intent.client_secret)).statusCode).toBe(200);
      if (webhookFirst) expect(await redeliver(ctx, intent.payment_intent_id)).not.toContain(500);

      const res = await buyer.order(intent.payment_intent_id);
      expect(res.statusCode, res.body).toBe(409);
      const detail = res.json<{ detail: string }>().detail;
      expect(detail).toContain(
        lapse === 'withdrawn'
          ? QUOTE_MESSAGES.withdrawn
          : QUOTE_MESSAGES.expired(formatUkDay(ukDayAfter(-1))),
      );
      expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(0);
      expect((await quoteRow(quoteId)).status).toBe(lapse === 'withdrawn' ? 'withdrawn' : 'accepted');
      expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(intent.amount);
      expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({ failureReason: detail });
      const refundMails = (await mailsTo(buyer.email)).filter((mail) => /refunded/.test(mail.subject));
      expect(refundMails).toHaveLength(1);
      expect(refundMails[0]!.textBody).toContain(detail);
    },
  );

  it('taken while the quote was valid still becomes its order after a withdrawal', async () => {
    const { buyer } = await heldCompany();
    const { quoteId, cartId } = await acceptedQuote(buyer, 1);
    const intent = await quoteIntent(buyer, cartId);
    expect((await buyer.confirm(intent.client_secret)).statusCode).toBe(200);
    await withdraw(quoteId);
    const order = await buyer.placed(intent.payment_intent_id);
    expect(order.total).toBe((intent.amount / 100).toFixed(2));
    expect((await quoteRow(quoteId)).orderId).toBe(order.id);
  });
});

describe('withdrawing a quote', () => {
  it('e-mails the buyer that it can no longer be accepted or paid', async () => {
    const { buyer } = await heldCompany();
    const { quoteId } = await acceptedQuote(buyer, 1);
    await withdraw(quoteId);
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.subject).toMatch(/withdrawn/);
    expect(mail!.textBody).toContain(`Q-${String(quoteId).padStart(6, '0')}`);
    // Withdrawing again sends nothing more.
    const count = (await mailsTo(buyer.email)).length;
    await withdraw(quoteId);
    expect(await mailsTo(buyer.email)).toHaveLength(count);
    expect(
      await ctx.database.db
        .select()
        .from(quotes)
        .where(and(eq(quotes.id, quoteId), eq(quotes.status, 'withdrawn'))),
    ).toHaveLength(1);
  });
});
