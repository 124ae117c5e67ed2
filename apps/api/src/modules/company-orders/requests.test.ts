// Held orders are approval requests, not orders: their own reference everywhere, an approver's e-mail that
// can be acted on, and a declined request put back in the buyer's cart in one call.
import {
  approvalReference,
  ApprovalViewSchema,
  AwaitingApprovalViewSchema,
  COMPANY_MESSAGES,
  pageSchema,
  ReorderResultSchema,
  type ApprovalView,
  type AwaitingApprovalView,
} from '@shop/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { createCartsService } from '../carts/service';
import { createCompanyOrdersService } from './service';
import { setStock, tradeCompany, type TradeMember } from '../../../test/support/orders';
import { outboundEmails } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    config: testConfig({ LOG_LEVEL: 'error', PUBLIC_URL: 'https://shop.example' }),
  });
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';
const WRAP = 'PW-HAND-400-CL';

async function companyWithApprovals() {
  const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
  const [approver, buyer] = await Promise.all([
    company.member('approver', null, 'req-approver'),
    company.member('buyer', 100, 'req-buyer'),
  ]);
  return { company, approver: approver!, buyer: buyer! };
}

async function held(buyer: TradeMember, lines: [string, number][]) {
  for (const [sku, packs] of lines) {
    await setStock(ctx, sku, 1000);
    await buyer.addSku(sku, packs);
  }
  const res = await buyer.onAccount({ purchase_order_number: `REQ-${buyer.userId}` });
  expect(res.statusCode, res.body).toBe(202);
  return AwaitingApprovalViewSchema.parse(res.json());
}

const mailsTo = (email: string) =>
  ctx.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.toAddress, email))
    .orderBy(desc(outboundEmails.id));

describe('an approval request’s reference', () => {
  it('is AR- and six digits, in the 202, the request views and every e-mail, never an order number', async () => {
    const { approver, buyer } = await companyWithApprovals();
    const answer: AwaitingApprovalView = await held(buyer, [[TAPE, 2]]);
    const reference = approvalReference(answer.approval);
    expect(reference).toBe(`AR-${String(answer.approval).padStart(6, '0')}`);
    expect(answer.reference).toBe(reference);

    const one = await buyer.call('GET', `/api/account/company/approvals/${answer.approval}/`);
    expect(ApprovalViewSchema.parse(one.json()).reference).toBe(reference);
    const list = await approver.call('GET', '/api/account/company/approvals/');
    expect(pageSchema(ApprovalViewSchema).parse(list.json()).results[0]!.reference).toBe(reference);

    const [request] = await mailsTo(approver.email);
    expect(request!.subject).toContain(reference);
    expect(`${request!.subject}\n${request!.textBody}`).not.toMatch(/#\d/);

    const declined = await approver.call(
      'POST',
      `/api/account/company/approvals/${answer.approval}/decline/`,
      {
        reason: 'Over budget',
      },
    );
    expect(declined.statusCode, declined.body).toBe(200);
    const [outcome] = await mailsTo(buyer.email);
    expect(outcome!.subject).toBe(`Your PackRight Supplies approval request ${reference} was declined`);
    expect(outcome!.textBody).toContain(reference);
    expect(`${outcome!.subject}\n${outcome!.textBody}`).not.toMatch(/order #|#\d/);
  });
});

describe('the approver’s e-mail', () => {
  it('names the buyer, lists the lines and links to the request', async () => {
    const { approver, buyer } = await companyWithApprovals();
    const answer = await held(buyer, [
      [TAPE, 2],
      [WRAP, 3],
    ]);
    const [mail] = await mailsTo(approver.email);
    const text = mail!.textBody;
    expect(text).toContain(`Ann Lee (${buyer.email})`);
    expect(text).toMatch(/- TD-PRO-75 .+: 2 pack\(s\) = £\d+\.\d\d/);
    expect(text).toMatch(/- PW-HAND-400-CL .+: 3 pack\(s\) = £\d+\.\d\d/);
    // Its figures are worded as the buyer's confirmation words them.
    expect(text).toMatch(/^Shipping: (FREE|£\d+\.\d\d)/m);
    expect(text).toMatch(/^VAT \(\d+(\.\d+)?%\): £\d+\.\d\d$/m);
    expect(text).toContain(`Total: £${answer.total}`);
    expect(text).toContain(
      `https://shop.example/account/approvals?status=awaiting_approval#${approvalReference(answer.approval)}`,
    );
  });
});

describe('POST account/company/approvals/{id}/add-to-cart/', () => {
  it('puts a declined request’s lines back in the buyer’s cart at today’s prices', async () => {
    const { approver, buyer } = await companyWithApprovals();
    const answer = await held(buyer, [
      [TAPE, 2],
      [WRAP, 3],
    ]);
    expect((await buyer.cart()).items).toEqual([]);
    const url = `/api/account/company/approvals/${answer.approval}/add-to-cart/`;

    // Waiting for a decision: nothing to put back yet.
    const waiting = await buyer.call('POST', url);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({ detail: COMPANY_MESSAGES.notPutBack });

    await approver.call('POST', `/api/account/company/approvals/${answer.approval}/decline/`, {
      reason: 'No',
    });
    // The view says whose it is to put back: the buyer's, not the approver's who declined it.
    const viewBy = async (member: TradeMember) =>
      (await member.call('GET', `/api/account/company/approvals/${answer.approval}/`)).json<ApprovalView>();
    expect((await viewBy(buyer)).can_put_back).toBe(true);
    expect((await viewBy(approver)).can_put_back).toBe(false);
    const res = await buyer.call('POST', url);
    expect(res.statusCode, res.body).toBe(200);
    const result = ReorderResultSchema.parse(res.json());
    expect(result.lines.map((line) => [line.sku, line.packs_added, line.outcome])).toEqual([
      [TAPE, 2, 'added'],
      [WRAP, 3, 'added'],
    ]);
    const cart = await buyer.cart();
    expect(cart.items.map((item) => [item.item.sku, item.pack_quantity]).sort()).toEqual(
      [
        [WRAP, 3],
        [TAPE, 2],
      ].sort(),
    );
  });

  it('answers 404 for another buyer’s request, even the approver’s, an unknown id, and 401 without a session', async () => {
    const { approver, buyer } = await companyWithApprovals();
    const answer = await held(buyer, [[TAPE, 1]]);
    await approver.call('POST', `/api/account/company/approvals/${answer.approval}/decline/`, {
      reason: 'No',
    });
    const url = `/api/account/company/approvals/${answer.approval}/add-to-cart/`;
    const other = await (await tradeCompany(ctx)).member('buyer', null, 'req-other');
    for (const caller of [approver, other]) {
      const res = await caller.call('POST', url);
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await buyer.call('POST', '/api/account/company/approvals/2147483647/add-to-cart/')).statusCode,
    ).toBe(404);
    expect((await buyer.call('POST', '/api/account/company/approvals/0/add-to-cart/')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await approver.cart()).items).toEqual([]);
  });
});

describe('putting a declined request back in the cart', () => {
  it('takes the same statements for one line as for three', async () => {
    const { approver, buyer } = await companyWithApprovals();
    const counted = async (lines: [string, number][]) => {
      const answer = await held(buyer, lines);
      await approver.call('POST', `/api/account/company/approvals/${answer.approval}/decline/`, {
        reason: 'No',
      });
      const counter = countingDb(ctx.database);
      const service = createCompanyOrdersService(counter.db, createCartsService(counter.db));
      const result = await service.addToCart(buyer.userId, answer.approval);
      expect(result.lines).toHaveLength(lines.length);
      return counter.sql.filter((text) => !/^\s*(begin|commit|rollback)\b/i.test(text)).length;
    };
    const one = await counted([[TAPE, 1]]);
    const three = await counted([
      [TAPE, 2],
      [WRAP, 3],
      ['PW-HAND-400-BK', 1],
    ]);
    expect(three).toBe(one);
    // The request's lines (1); the put-back, as a reorder's (putBackInCart): the cart locked, the items read,
    // a savepoint around the cart's add (its cart, its items, one write, the release) (7); the cart as it reads
    // (its id, its lines, the settings) (3).
    expect(one).toBe(11);
  });
});

describe('an approver’s own request over their limit', () => {
  it('once declined by an administrator, is theirs to put back in their cart', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const admin = await company.member('administrator', null, 'own-admin');
    const approver = (await company.member('approver', 100, 'own-approver'))!;
    const answer = await held(approver, [[TAPE, 2]]);
    const declined = await admin!.call('POST', `/api/account/company/approvals/${answer.approval}/decline/`, {
      reason: 'Not this month',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<ApprovalView>().can_put_back).toBe(false);
    const own = await approver.call('GET', `/api/account/company/approvals/${answer.approval}/`);
    expect(own.json<ApprovalView>().can_put_back).toBe(true);
    const res = await approver.call('POST', `/api/account/company/approvals/${answer.approval}/add-to-cart/`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await approver.cart()).items.map((item) => [item.item.sku, item.pack_quantity])).toEqual([
      [TAPE, 2],
    ]);
  });
});
