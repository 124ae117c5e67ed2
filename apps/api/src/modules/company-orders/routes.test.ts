import {
  ApprovalViewSchema,
  CHECKOUT_MESSAGES,
  CompanyInvoiceViewSchema,
  CompanyOrderViewSchema,
  COMPANY_MESSAGES,
  DEFAULT_DELIVERY_SETTINGS,
  insufficientStockDetail,
  OrderViewSchema,
  pageSchema,
  type AwaitingApprovalView,
  type OrderView,
} from '@shop/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { itemBySku } from '../../../test/support/carts';
import {
  approvalsOf,
  checkoutShopper,
  owedBy,
  setStock,
  stockOf,
  tradeCompany,
  type TradeMember,
} from '../../../test/support/orders';
import { outboundEmails, shopSettings } from '../../db/schema';
import { createCartsService } from '../carts/service';
import { createCompanyOrdersService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'error' }) });
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';
const WRAP = 'PW-HAND-400-CL';

/** A company with an administrator, an approver and a buyer whose on-account orders above £1 are held. */
async function companyWithApprovals(creditLimitPence = 5_000_000) {
  const company = await tradeCompany(ctx, { creditLimitPence });
  const [admin, approver, buyer] = await Promise.all([
    company.member('administrator'),
    company.member('approver'),
    company.member('buyer', 100),
  ]);
  return { company, admin: admin!, approver: approver!, buyer: buyer! };
}

/** The buyer's cart of `packs` of an item, held for approval: the approval's id. */
async function heldOrder(buyer: TradeMember, sku: string, packs: number, extra: object = {}) {
  await buyer.addSku(sku, packs);
  const res = await buyer.onAccount(extra);
  if (res.statusCode !== 202) throw new Error(`not held: ${res.statusCode} ${res.body}`);
  return res.json<AwaitingApprovalView>().approval;
}

const lastMailTo = async (email: string) =>
  (
    await ctx.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, email))
      .orderBy(desc(outboundEmails.id))
      .limit(1)
  )[0];

describe('approvals', () => {
  it('an approved order takes stock and credit then, and the buyer gets the confirmation', async () => {
    const { company, approver, buyer } = await companyWithApprovals();
    await setStock(ctx, TAPE, 40);
    const units = (await itemBySku(ctx, TAPE)).unitsPerPack;
    const id = await heldOrder(buyer, TAPE, 2, { purchase_order_number: 'APP-1' });
    expect(await stockOf(ctx, TAPE)).toBe(40);

    // The buyer sees their own held order; the approver sees the company's.
    const own = await buyer.call('GET', '/api/account/company/approvals/');
    expect(own.json<{ count: number }>().count).toBe(1);
    const listed = await approver.call('GET', '/api/account/company/approvals/?status=awaiting_approval');
    const page = pageSchema(ApprovalViewSchema).parse(listed.json());
    expect(page.results.map((row) => row.id)).toEqual([id]);
    expect(page.results[0]).toMatchObject({ purchase_order_number: 'APP-1', buyer: { id: buyer.userId } });

    const res = await approver.call('POST', `/api/account/company/approvals/${id}/approve/`);
    expect(res.statusCode, res.body).toBe(200);
    const { approval, order } = res.json<{ approval: unknown; order: OrderView }>();
    expect(ApprovalViewSchema.parse(approval)).toMatchObject({ status: 'approved', order: order.id });
    expect(OrderViewSchema.parse(order)).toMatchObject({
      payment_status: 'ON_ACCOUNT',
      purchase_order_number: 'APP-1',
      company: company.id,
    });
    expect(await stockOf(ctx, TAPE)).toBe(40 - 2 * units);
    expect(await owedBy(ctx, company.id)).toBe(Math.round(Number(order.total) * 100));
    const mail = await lastMailTo(buyer.email);
    expect(mail!.subject).toContain(`order #${order.id}`);
    expect(mail!.textBody).toContain('APP-1');
    // The buyer reads it among their orders.
    expect((await buyer.call('GET', `/api/orders/${order.id}/`)).statusCode).toBe(200);

    // Decided: a second approval answers 409 and makes nothing.
    const again = await approver.call('POST', `/api/account/company/approvals/${id}/approve/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: COMPANY_MESSAGES.approvalDecided });
    expect(await buyer.orders()).toHaveLength(1);
  });

  it('refuses (409) when the stock has run out meanwhile, taking nothing, and tells the buyer', async () => {
    const { company, admin, buyer } = await companyWithApprovals();
    await setStock(ctx, WRAP, 100);
    const id = await heldOrder(buyer, WRAP, 1);
    await setStock(ctx, WRAP, 0);
    const res = await admin.call('POST', `/api/account/company/approvals/${id}/approve/`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: insufficientStockDetail(WRAP, 0) });
    const [row] = await approvalsOf(ctx, company.id);
    expect(row).toMatchObject({ status: 'refused', reason: insufficientStockDetail(WRAP, 0), orderId: null });
    expect(await stockOf(ctx, WRAP)).toBe(0);
    expect(await owedBy(ctx, company.id)).toBe(0);
    expect((await lastMailTo(buyer.email))!.subject).toContain('could not be placed');
  });

  it('refuses (409) when the credit has run out meanwhile, taking no stock', async () => {
    const { company, approver, buyer } = await companyWithApprovals();
    await setStock(ctx, TAPE, 100);
    const id = await heldOrder(buyer, TAPE, 1);
    await company.set({ creditLimitPence: 1 });
    const res = await approver.call('POST', `/api/account/company/approvals/${id}/approve/`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: COMPANY_MESSAGES.overCredit(1) });
    expect(await stockOf(ctx, TAPE)).toBe(100);
    expect((await approvalsOf(ctx, company.id))[0]!.status).toBe('refused');
  });

  it('refuses (409) when the held order’s delivery no longer reaches its address, taking no stock', async () => {
    const { company, approver, buyer } = await companyWithApprovals();
    await setStock(ctx, TAPE, 100);
    const id = await heldOrder(buyer, TAPE, 1);
    // Staff stop mainland parcels meanwhile: the approver's placing dates the promise, and cannot.
    const mainland = DEFAULT_DELIVERY_SETTINGS.zones.mainland;
    const delivery = {
      ...DEFAULT_DELIVERY_SETTINGS,
      zones: {
        ...DEFAULT_DELIVERY_SETTINGS.zones,
        mainland: { ...mainland, parcel: { ...mainland.parcel, served: false } },
      },
    };
    const setDelivery = (value: object) =>
      ctx.database.db.update(shopSettings).set({ value }).where(eq(shopSettings.key, 'delivery'));
    await setDelivery(delivery);
    try {
      const res = await approver.call('POST', `/api/account/company/approvals/${id}/approve/`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: CHECKOUT_MESSAGES.deliveryNotServed });
    } finally {
      await setDelivery(DEFAULT_DELIVERY_SETTINGS);
    }
    expect(await stockOf(ctx, TAPE)).toBe(100);
    expect(await owedBy(ctx, company.id)).toBe(0);
    expect((await approvalsOf(ctx, company.id))[0]).toMatchObject({ status: 'refused', orderId: null });
  });

  it('refuses when the buyer has left the company', async () => {
    const { company, approver, buyer } = await companyWithApprovals();
    await setStock(ctx, TAPE, 100);
    const id = await heldOrder(buyer, TAPE, 1);
    await buyer.remove();
    const res = await approver.call('POST', `/api/account/company/approvals/${id}/approve/`);
    expect(res.statusCode).toBe(409);
    expect(await stockOf(ctx, TAPE)).toBe(100);
    expect((await approvalsOf(ctx, company.id))[0]!.status).toBe('refused');
  });

  it('a declined order takes nothing and the buyer reads the reason', async () => {
    const { company, approver, buyer } = await companyWithApprovals();
    await setStock(ctx, TAPE, 100);
    const id = await heldOrder(buyer, TAPE, 1);
    const res = await approver.call('POST', `/api/account/company/approvals/${id}/decline/`, {
      reason: 'Over budget this month',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ApprovalViewSchema.parse(res.json())).toMatchObject({
      status: 'declined',
      reason: 'Over budget this month',
      order: null,
    });
    expect(await stockOf(ctx, TAPE)).toBe(100);
    expect(await owedBy(ctx, company.id)).toBe(0);
    expect((await lastMailTo(buyer.email))!.textBody).toContain('Over budget this month');
    const again = await approver.call('POST', `/api/account/company/approvals/${id}/decline/`, {});
    expect(again.statusCode).toBe(409);
    const approve = await approver.call('POST', `/api/account/company/approvals/${id}/approve/`);
    expect(approve.statusCode).toBe(409);
  });

  it('two approvers approving at once make one order', async () => {
    const { company, admin, approver, buyer } = await companyWithApprovals();
    await setStock(ctx, TAPE, 100);
    const id = await heldOrder(buyer, TAPE, 1);
    const results = await Promise.all([
      approver.call('POST', `/api/account/company/approvals/${id}/approve/`),
      admin.call('POST', `/api/account/company/approvals/${id}/approve/`),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await buyer.orders()).toHaveLength(1);
    expect((await approvalsOf(ctx, company.id))[0]!.status).toBe('approved');
  });

  it('checks roles: a buyer cannot decide, nobody approves their own order, and another company finds nothing', async () => {
    const { company, buyer } = await companyWithApprovals();
    const limitedApprover = await company.member('approver', 100, 'self-approver');
    const colleague = await company.member('buyer', null, 'colleague');
    await setStock(ctx, TAPE, 100);
    const id = await heldOrder(buyer, TAPE, 1);
    const ownId = await heldOrder(limitedApprover, TAPE, 1);

    const byBuyer = await colleague.call('POST', `/api/account/company/approvals/${id}/approve/`);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json()).toEqual({ detail: COMPANY_MESSAGES.approverOnly });
    expect(
      (await colleague.call('POST', `/api/account/company/approvals/${id}/decline/`, {})).statusCode,
    ).toBe(403);
    const own = await limitedApprover.call('POST', `/api/account/company/approvals/${ownId}/approve/`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: COMPANY_MESSAGES.ownApproval });
    // A buyer sees only their own held orders.
    expect((await colleague.call('GET', `/api/account/company/approvals/${id}/`)).statusCode).toBe(404);
    expect((await colleague.call('GET', '/api/account/company/approvals/')).json()).toMatchObject({
      count: 0,
    });

    const other = await companyWithApprovals();
    for (const path of [`${id}/`, `${id}/approve/`, `${id}/decline/`]) {
      const method = path === `${id}/` ? 'GET' : 'POST';
      const res = await other.admin.call(method, `/api/account/company/approvals/${path}`, {});
      expect(res.statusCode, path).toBe(404);
    }
    const stranger = await checkoutShopper(ctx, 'stranger');
    for (const path of ['approvals/', `approvals/${id}/`, 'orders/', 'invoices/']) {
      expect((await stranger.call('GET', `/api/account/company/${path}`)).statusCode, path).toBe(404);
    }
    expect((await approvalsOf(ctx, company.id)).every((row) => row.status === 'awaiting_approval')).toBe(
      true,
    );
  });

  it('answers hostile ids and bodies with a 4xx', async () => {
    const { approver } = await companyWithApprovals();
    for (const path of ['abc/', '0/', '99999999999/', '-1/']) {
      const res = await approver.call('GET', `/api/account/company/approvals/${path}`);
      expect(res.statusCode, path).toBe(400);
    }
    expect(
      (await approver.call('POST', '/api/account/company/approvals/2147483647/approve/')).statusCode,
    ).toBe(404);
    const long = await approver.call('POST', '/api/account/company/approvals/1/decline/', {
      reason: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    const extra = await approver.call('POST', '/api/account/company/approvals/1/decline/', { role: 'x' });
    expect(extra.statusCode).toBe(400);
    expect((await approver.call('GET', '/api/account/company/approvals/?status=paid')).statusCode).toBe(400);
    expect((await approver.call('GET', '/api/account/company/orders/?buyer=abc')).statusCode).toBe(400);
    expect((await approver.call('GET', '/api/account/company/orders/?page_size=1000')).statusCode).toBe(400);
  });
});

describe('the company’s orders and invoices', () => {
  it('shows administrators every order with buyer, PO and status filters, and every member the invoices', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const admin = await company.member('administrator');
    const [first, second] = await company.members(2);
    await setStock(ctx, TAPE, 100);
    await first!.addSku(TAPE, 1);
    const a = (await first!.onAccount({ purchase_order_number: 'ALPHA-1' })).json<OrderView>();
    await second!.addSku(TAPE, 1);
    const b = (await second!.onAccount({ purchase_order_number: 'BETA-2' })).json<OrderView>();
    // Someone else's order never shows.
    const other = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const outsider = await other.member('administrator');
    await outsider.addSku(TAPE, 1);
    await outsider.onAccount({ purchase_order_number: 'ALPHA-1' });

    const all = await admin.call('GET', '/api/account/company/orders/');
    const page = pageSchema(CompanyOrderViewSchema).parse(all.json());
    expect(page.count).toBe(2);
    expect(page.results.map((order) => order.id)).toEqual([b.id, a.id]);
    expect(page.results[0]!.buyer).toMatchObject({ id: second!.userId, email: second!.email });

    const byBuyer = await admin.call('GET', `/api/account/company/orders/?buyer=${first!.userId}`);
    expect(byBuyer.json<{ results: { id: number }[] }>().results.map((o) => o.id)).toEqual([a.id]);
    const byPo = await admin.call('GET', '/api/account/company/orders/?purchase_order_number=beta');
    expect(byPo.json<{ results: { id: number }[] }>().results.map((o) => o.id)).toEqual([b.id]);
    const byStatus = await admin.call('GET', '/api/account/company/orders/?status=shipped');
    expect(byStatus.json()).toMatchObject({ count: 0, results: [] });
    const paged = await admin.call('GET', '/api/account/company/orders/?page_size=1&page=2');
    expect(paged.json()).toMatchObject({ count: 2, next: null, results: [{ id: a.id }] });
    expect(paged.json<{ previous: string }>().previous).toContain('page=1');

    // A buyer may not list the company's orders, but reads its invoices.
    const forbidden = await first!.call('GET', '/api/account/company/orders/');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: COMPANY_MESSAGES.forbidden });
    const invoices = await first!.call('GET', '/api/account/company/invoices/');
    const invoicePage = pageSchema(CompanyInvoiceViewSchema).parse(invoices.json());
    expect(invoicePage.results.map((row) => row.order)).toEqual([b.id, a.id]);
    expect(invoicePage.results[0]).toMatchObject({
      invoice_number: b.invoice_number,
      invoice: `/api/orders/${b.id}/invoice.pdf`,
      payment_status: 'ON_ACCOUNT',
      purchase_order_number: 'BETA-2',
      invoice_due_date: b.invoice_due_date,
    });

    // Removed: the next request no longer acts for the company.
    await first!.remove();
    expect((await first!.call('GET', '/api/account/company/invoices/')).statusCode).toBe(404);
  });
});

describe('a client written to the contract', () => {
  it('orders on account, is held, is approved and reads the company’s lists with exactly the documented calls', async () => {
    const { admin, approver, buyer } = await companyWithApprovals();
    await setStock(ctx, TAPE, 100);
    await buyer.addSku(TAPE, 1);
    const cart = await buyer.cart();
    const held = await buyer.call('POST', '/api/orders/', {
      payment_method: 'account',
      billing_address: buyer.addressId,
      shipping_address: buyer.addressId,
      cart_id: cart.id,
      purchase_order_number: 'SPEC-1',
    });
    expect(held.statusCode).toBe(202);
    expect(held.json()).toEqual({
      status: 'awaiting_approval',
      approval: expect.any(Number),
      reference: expect.stringMatching(/^AR-\d{6}$/),
      detail: COMPANY_MESSAGES.awaitingApproval,
      total: cart.total,
    });
    const id = held.json<AwaitingApprovalView>().approval;
    const one = await approver.call('GET', `/api/account/company/approvals/${id}/`);
    expect(Object.keys(one.json()).sort()).toEqual(Object.keys(ApprovalViewSchema.shape).sort());
    const approved = await approver.call('POST', `/api/account/company/approvals/${id}/approve/`);
    expect(Object.keys(approved.json()).sort()).toEqual(['approval', 'order']);
    const orders = await admin.call('GET', '/api/account/company/orders/?purchase_order_number=SPEC-1');
    expect(Object.keys(orders.json()).sort()).toEqual(['count', 'next', 'previous', 'results']);
    const invoices = await buyer.call('GET', '/api/account/company/invoices/?page=1');
    const [invoice] = invoices.json<{ results: object[] }>().results;
    expect(Object.keys(invoice!).sort()).toEqual(
      [
        'order',
        'invoice_number',
        'invoice',
        'total',
        'invoice_due_date',
        'purchase_order_number',
        'payment_status',
        'buyer',
        'created_at',
      ].sort(),
    );
  });
});

describe('statements the company’s endpoints send', () => {
  it('reads each list and decides a held order in a fixed number of statements', async () => {
    const { admin, approver, buyer } = await companyWithApprovals();
    await setStock(ctx, TAPE, 100);
    const first = await heldOrder(buyer, TAPE, 1);
    const second = await heldOrder(buyer, TAPE, 1);
    const counter = countingDb(ctx.database);
    const service = createCompanyOrdersService(counter.db, createCartsService(counter.db));
    const plain = () => counter.sql.filter((text) => !/^\s*(begin|commit|rollback)\b/i.test(text)).length;
    const page = { page: 1, page_size: 20 };

    counter.reset();
    await service.listApprovals(approver.userId, undefined, page);
    expect(plain()).toBe(2); // the membership, the page (not full: no count)
    counter.reset();
    await service.getApproval(approver.userId, first);
    expect(plain()).toBe(2);
    counter.reset();
    await service.approve(approver.userId, first);
    // membership; lock; the membership again under the lock; owed; items locked; stock taken; the delivery
    // rules (the promise is dated when the order is placed); the order with its approval marked
    expect(plain()).toBe(8);
    counter.reset();
    await service.decline(approver.userId, second, 'No');
    // membership; lock; the membership again under the lock; decided; e-mail
    expect(plain()).toBe(5);
    counter.reset();
    await service.addToCart(buyer.userId, second);
    // the request's lines; then as a reorder: the cart locked, the plan's facts, the cart's own add in a
    // savepoint (lock, facts, write, release), and the cart's view (cart, lines, settings)
    expect(plain()).toBe(11);
    counter.reset();
    await service.listOrders(admin.userId, {}, page);
    expect(plain()).toBe(3); // membership, the page, its lines
    counter.reset();
    await service.listInvoices(buyer.userId, page);
    expect(plain()).toBe(2);
  });
});
