import {
  AwaitingApprovalViewSchema,
  COMPANY_MESSAGES,
  invoiceDueDate,
  type OrderView,
  OrderViewSchema,
  ukToday,
} from '@shop/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { outboundEmails, orders, payments } from '../../db/schema';
import {
  approvalsOf,
  checkoutShopper,
  confirmationsTo,
  owedBy,
  pence,
  setStock,
  stockOf,
  tradeCompany,
  type TradeMember,
} from '../../../test/support/orders';
import { itemBySku } from '../../../test/support/carts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'error' }) });
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';
const WRAP = 'PW-HAND-400-CL';

/** The total a member's cart will cost, as checkout prices it (the card intent's amount, in pence). */
async function cartTotal(member: TradeMember): Promise<number> {
  return pence((await member.cart()).total);
}

describe('POST orders/ on account', () => {
  it('places the order with its invoice, due date, terms and PO number, takes stock and credit, and mails the invoice only', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const buyer = await company.member('buyer');
    await setStock(ctx, TAPE, 50);
    await buyer.addSku(TAPE, 3);
    const total = await cartTotal(buyer);

    const res = await buyer.onAccount({ purchase_order_number: 'PO-1001' });
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderViewSchema.parse(res.json());
    expect(order).toMatchObject({
      payment_status: 'ON_ACCOUNT',
      payment_verified: false,
      payment_method: 'account',
      transaction_id: null,
      purchase_order_number: 'PO-1001',
      invoice_due_date: invoiceDueDate(ukToday(), { kind: 'days', days: 30 }),
      payment_terms: '30 days from the invoice date',
      company: company.id,
      paid_receipt: null,
      receipt_number: null,
    });
    expect(order.invoice_number).toMatch(/^INV-/);
    expect(pence(order.total)).toBe(total);
    expect(await stockOf(ctx, TAPE)).toBe(50 - 3 * (await itemBySku(ctx, TAPE)).unitsPerPack);
    expect(await owedBy(ctx, company.id)).toBe(total);
    expect((await buyer.cart()).items).toHaveLength(0);

    const [mail] = await confirmationsTo(ctx, buyer.email);
    expect(mail!.textBody).toContain('Your purchase-order number: PO-1001');
    expect(mail!.textBody).toContain('Payment is due by');
    expect(mail!.attachments).toEqual([{ kind: 'invoice', order_id: order.id }]);

    // The invoice is issued at once; nothing was paid, so there is no paid receipt.
    const invoice = await buyer.call('GET', `/api/orders/${order.id}/invoice.pdf`);
    expect(invoice.statusCode).toBe(200);
    expect((await buyer.call('GET', `/api/orders/${order.id}/receipt.pdf`)).statusCode).toBe(404);

    // The order page reads the same fields back.
    const read = await buyer.call('GET', `/api/orders/${order.id}/`);
    expect(read.json<OrderView>()).toMatchObject({
      purchase_order_number: 'PO-1001',
      invoice_due_date: order.invoice_due_date,
      payment_terms: '30 days from the invoice date',
      company: company.id,
    });
  });

  it('refuses a buyer without a company, a company without credit or on hold, with the field and words of each', async () => {
    const loner = await checkoutShopper(ctx, 'loner');
    await loner.addSku(TAPE, 1);
    const alone = await loner.call('POST', '/api/orders/', {
      shipping_address: loner.addressId,
      billing_address: loner.addressId,
      payment_method: 'account',
    });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toEqual({ payment_method: [COMPANY_MESSAGES.noCompany] });

    const cardOnly = await tradeCompany(ctx, { creditLimitPence: 0, terms: null });
    const cardBuyer = await cardOnly.member();
    await cardBuyer.addSku(TAPE, 1);
    expect((await cardBuyer.onAccount()).json()).toEqual({ payment_method: [COMPANY_MESSAGES.notOnAccount] });

    const pending = await tradeCompany(ctx, { status: 'pending' });
    const pendingBuyer = await pending.member();
    await pendingBuyer.addSku(TAPE, 1);
    expect((await pendingBuyer.onAccount()).json()).toEqual({
      payment_method: [COMPANY_MESSAGES.notOnAccount],
    });

    const held = await tradeCompany(ctx, { onHold: true, holdReason: 'Invoice INV-000001 is overdue' });
    const heldBuyer = await held.member();
    await heldBuyer.addSku(TAPE, 1);
    const refused = await heldBuyer.onAccount();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      payment_method: [COMPANY_MESSAGES.onHold('Invoice INV-000001 is overdue')],
    });
    expect(await heldBuyer.orders()).toHaveLength(0);
  });

  it('refuses an order above the available credit, saying how much is left, and takes no stock', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 1_000 });
    const buyer = await company.member();
    await setStock(ctx, WRAP, 40);
    await buyer.addSku(WRAP, 2);
    const res = await buyer.onAccount();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ payment_method: [COMPANY_MESSAGES.overCredit(1_000)] });
    expect(await stockOf(ctx, WRAP)).toBe(40);
    expect((await buyer.cart()).items).toHaveLength(1);
  });

  it('asks for the PO number when the company requires it, and warns on a number used before', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000, poRequired: true });
    const buyer = await company.member();
    const colleague = await company.member('buyer', null, 'colleague');
    await setStock(ctx, TAPE, 100);
    await buyer.addSku(TAPE, 1);
    const missing = await buyer.onAccount();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ purchase_order_number: [COMPANY_MESSAGES.poRequired] });
    const blank = await buyer.onAccount({ purchase_order_number: '   ' });
    expect(blank.json()).toEqual({ purchase_order_number: [COMPANY_MESSAGES.poRequired] });
    expect((await buyer.onAccount({ purchase_order_number: 'po 77' })).statusCode).toBe(201);

    // Another member re-uses it, in other case and spacing: warned, then allowed when confirmed.
    await colleague.addSku(TAPE, 1);
    const reused = await colleague.onAccount({ purchase_order_number: ' PO  77 ' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ purchase_order_number: [COMPANY_MESSAGES.poUsed('PO  77')] });
    const confirmed = await colleague.onAccount({
      purchase_order_number: 'PO 77',
      confirm_purchase_order_reuse: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);

    // Another company's numbers are its own.
    const other = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const stranger = await other.member();
    await stranger.addSku(TAPE, 1);
    expect((await stranger.onAccount({ purchase_order_number: 'PO 77' })).statusCode).toBe(201);
  });

  it('gives at most five of ten concurrent orders each for 20 % of the limit; the credit never goes negative and refusals take no stock', async () => {
    const item = await itemBySku(ctx, WRAP);
    await setStock(ctx, WRAP, 10_000);
    const company = await tradeCompany(ctx, { creditLimitPence: 1 });
    const members = await company.members(10);
    for (const member of members) await member.addSku(WRAP, 1);
    const each = await cartTotal(members[0]!);
    await company.set({ creditLimitPence: each * 5 });

    const results = await Promise.all(members.map((member) => member.onAccount()));
    const placed = results.filter((res) => res.statusCode === 201);
    const refused = results.filter((res) => res.statusCode === 400);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      expect(res.json<{ payment_method: string[] }>().payment_method[0]).toBe(COMPANY_MESSAGES.overCredit(0));
    }
    const owed = await owedBy(ctx, company.id);
    expect(owed).toBe(each * 5);
    expect(each * 5 - owed).toBeGreaterThanOrEqual(0);
    expect(await stockOf(ctx, WRAP)).toBe(10_000 - 5 * item.unitsPerPack);
  });

  it('refuses the next order of a removed member', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const buyer = await company.member();
    await buyer.addSku(TAPE, 1);
    await buyer.remove();
    const res = await buyer.onAccount();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ payment_method: [COMPANY_MESSAGES.noCompany] });
  });

  it('answers hostile input with a 4xx and takes nothing', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const buyer = await company.member();
    const other = await checkoutShopper(ctx, 'other');
    await buyer.addSku(TAPE, 1);
    // Someone else's cart, a huge id, a bad type, someone else's address, an over-long PO number.
    expect((await buyer.onAccount({ cart_id: other.cartId })).statusCode).toBe(404);
    expect((await buyer.onAccount({ cart_id: 2 ** 40 })).statusCode).toBe(400);
    expect((await buyer.onAccount({ cart_id: 'mine' })).statusCode).toBe(400);
    expect((await buyer.onAccount({ shipping_address: other.addressId })).statusCode).toBe(400);
    expect((await buyer.onAccount({ purchase_order_number: 'x'.repeat(51) })).statusCode).toBe(400);
    expect((await buyer.onAccount({ confirm_purchase_order_reuse: 'yes' })).statusCode).toBe(400);
    expect(await buyer.orders()).toHaveLength(0);
    // An empty cart is the card checkout's refusal.
    const empty = await company.member('buyer', null, 'empty');
    const res = await empty.onAccount();
    expect(res.statusCode).toBe(400);
    expect(res.json<{ cart: string[] }>().cart).toHaveLength(1);
  });
});

describe('held for approval', () => {
  it('holds an order above the buyer’s limit, taking no stock and no credit, and mails the approvers', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const admin = await company.member('administrator');
    const approver = await company.member('approver');
    const buyer = await company.member('buyer', 100);
    await setStock(ctx, TAPE, 30);
    await buyer.addSku(TAPE, 2);
    const total = await cartTotal(buyer);

    const res = await buyer.onAccount({ purchase_order_number: 'HELD-1' });
    expect(res.statusCode, res.body).toBe(202);
    const held = AwaitingApprovalViewSchema.parse(res.json());
    expect(held).toMatchObject({ status: 'awaiting_approval', detail: COMPANY_MESSAGES.awaitingApproval });
    expect(pence(held.total)).toBe(total);
    expect(await stockOf(ctx, TAPE)).toBe(30);
    expect(await owedBy(ctx, company.id)).toBe(0);
    expect(await buyer.orders()).toHaveLength(0);
    expect((await buyer.cart()).items).toHaveLength(0);
    const [approval] = await approvalsOf(ctx, company.id);
    expect(approval).toMatchObject({ id: held.approval, status: 'awaiting_approval', totalPence: total });
    for (const person of [admin, approver]) {
      const [mail] = await ctx.database.db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.toAddress, person.email))
        .orderBy(desc(outboundEmails.id))
        .limit(1);
      expect(mail!.subject).toContain(held.reference);
      expect(mail!.textBody).toContain('HELD-1');
    }
  });

  it('never holds an administrator’s order, nor one within the limit', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const admin = await company.member('administrator', 100);
    const buyer = await company.member('buyer', 9_000_000);
    await admin.addSku(TAPE, 1);
    await buyer.addSku(TAPE, 1);
    expect((await admin.onAccount()).statusCode).toBe(201);
    expect((await buyer.onAccount()).statusCode).toBe(201);
  });
});

describe('card orders of a member', () => {
  it('asks for the PO number with the intent and keeps it, with the company, on the order', async () => {
    const company = await tradeCompany(ctx, { poRequired: true });
    const buyer = await company.member();
    await setStock(ctx, TAPE, 100);
    await buyer.addSku(TAPE, 1);
    const missing = await buyer.intent();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ purchase_order_number: [COMPANY_MESSAGES.poRequired] });
    // An intent of {cart_id} alone (the page's first, spec 2's client) is made; the number is then asked for by
    // POST orders/, which makes nothing without it, and makes the order once it comes.
    const bare = await buyer.intent({});
    expect(bare.statusCode).toBe(200);
    const bareIntent = bare.json<{ client_secret: string; payment_intent_id: string }>();
    expect((await buyer.confirm(bareIntent.client_secret)).statusCode).toBe(200);
    const refused = await buyer.order(bareIntent.payment_intent_id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ purchase_order_number: [COMPANY_MESSAGES.poRequired] });
    const late = await buyer.order(bareIntent.payment_intent_id, { purchase_order_number: 'CARD-8' });
    expect(late.statusCode).toBe(201);
    expect(late.json()).toMatchObject({ purchase_order_number: 'CARD-8', company: company.id });
    await buyer.addSku(TAPE, 1);
    const intent = await buyer.paidIntent({
      billing_address: buyer.addressId,
      shipping_address: buyer.addressId,
      purchase_order_number: 'CARD-9',
    });
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, intent.payment_intent_id));
    expect(payment!.purchaseOrderNumber).toBe('CARD-9');
    const order = await buyer.placed(intent.payment_intent_id);
    expect(order).toMatchObject({
      payment_status: 'COMPLETED',
      purchase_order_number: 'CARD-9',
      company: company.id,
      invoice_due_date: null,
      payment_terms: null,
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.companyId).toBe(company.id);
    // A card order is never held, whatever the buyer's limit.
    const limited = await company.member('buyer', 1);
    await limited.addSku(TAPE, 1);
    const paid = await limited.paidIntent({
      billing_address: limited.addressId,
      shipping_address: limited.addressId,
      purchase_order_number: 'CARD-10',
    });
    expect((await limited.order(paid.payment_intent_id)).statusCode).toBe(201);
  });
});
