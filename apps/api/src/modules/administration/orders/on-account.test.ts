import type { AdminOrderRow, AdminRefundView } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { pdfText } from '../../../../test/pdf-text';
import { countingDb } from '../../../../test/query-counter';
import { staffMember, type StaffMember } from '../../../../test/support/administration';
import {
  auditOf,
  detailOf,
  emailsTo,
  moved,
  placedOrder,
  refundsOf,
  SHIP,
} from '../../../../test/support/administration-orders';
import { onAccountOrder } from '../../../../test/support/on-account-orders';
import { stockOf } from '../../../../test/support/orders';
import { orders } from '../../../db/schema';
import { createOrderAdminService } from './service';

// Trade accounts in the back office: orders on account, their PO numbers, and refunds that are credit notes.

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'on-account-orders');
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const account = (companyId: number) => `TA-${String(companyId).padStart(6, '0')}`;
const orderRow = async (orderId: number) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const list = async (query: string) => {
  const res = await staff.admin('GET', `orders/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number; results: AdminOrderRow[] }>();
};

describe('the order list and detail', () => {
  it('filter by the start of a PO number in any case, and show the PO and account numbers and ON_ACCOUNT', async () => {
    const { order, company } = await onAccountOrder(ctx, {
      name: 'listed',
      purchaseOrderNumber: 'Zeta-4410/a',
    });
    const { order: sibling } = await onAccountOrder(ctx, {
      name: 'sibling',
      purchaseOrderNumber: 'ZETA-4410/B',
    });
    const { order: card } = await placedOrder(ctx, { name: 'card-listed' });

    for (const query of ['zeta-4410', 'ZETA-44', 'Zeta-4410', '  zeta-4410  ']) {
      const page = await list(`purchase_order_number=${encodeURIComponent(query)}`);
      expect(
        page.results.map((row) => row.id).sort((a, b) => a - b),
        query,
      ).toEqual([order.id, sibling.id]);
    }
    const exact = await list('purchase_order_number=zeta-4410%2Fa');
    expect(exact.results).toEqual([
      expect.objectContaining({
        id: order.id,
        purchase_order_number: 'Zeta-4410/a',
        company_account_number: account(company.id),
        payment_status: 'ON_ACCOUNT',
      }),
    ]);
    // Only a prefix: the middle of a number, and LIKE's wildcards, match nothing.
    expect((await list('purchase_order_number=4410')).count).toBe(0);
    expect((await list('purchase_order_number=%25')).count).toBe(0);
    expect((await list('purchase_order_number=ZETA_4410')).count).toBe(0);
    // A card order without a PO number shows none; ON_ACCOUNT is a payment status filter like the others.
    const onAccountRows = (await list('payment_status=ON_ACCOUNT&page_size=100')).results.map(
      (row) => row.id,
    );
    expect(onAccountRows).toEqual(expect.arrayContaining([order.id, sibling.id]));
    expect(onAccountRows).not.toContain(card.id);
    const cardRow = (await list(`q=${card.id}`)).results[0]!;
    expect(cardRow).toMatchObject({ purchase_order_number: null, company_account_number: null });

    const detail = await detailOf(staff, order.id);
    expect(detail).toMatchObject({
      payment_status: 'ON_ACCOUNT',
      purchase_order_number: 'Zeta-4410/a',
      company_account_number: account(company.id),
      company: company.id,
      invoice_due_date: '2026-12-27',
      payment_terms: '30 days from the invoice date',
      refundable_pence: Math.round(Number(order.total) * 100),
      paid_receipt: null,
    });
  });

  it('refuses a PO filter that is empty or too long', async () => {
    for (const query of ['purchase_order_number=', `purchase_order_number=${'P'.repeat(51)}`]) {
      const res = await staff.admin('GET', `orders/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('purchase_order_number');
    }
  });

  it('reads a page filtered by PO number in one statement', async () => {
    const { order } = await onAccountOrder(ctx, { name: 'counted', purchaseOrderNumber: 'COUNT-1' });
    const counter = countingDb(ctx.database);
    const service = createOrderAdminService(counter.db, {
      provider: ctx.app.services.payments.provider,
      log: ctx.app.log,
      publicUrl: 'http://localhost:3000',
    });
    const page = await service.listOrders({
      filters: { purchaseOrderNumber: 'count-' },
      ordering: { field: 'created_at', descending: true },
      page: 1,
      page_size: 20,
    });
    expect(page.results.map((row) => row.id)).toEqual([order.id]);
    expect(counter.count()).toBe(1);
  });
});

describe('refunds on account', () => {
  it('issue the credit note at once without the provider, lower what the company owes and e-mail it', async () => {
    const providerRefund = vi.spyOn(ctx.app.services.payments.provider, 'refund');
    const { buyer, order, totalPence } = await onAccountOrder(ctx, {
      name: 'credited',
      purchaseOrderNumber: 'PO-CN-1',
    });
    const res = await staff.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: 500,
      reason: 'Dented',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<AdminRefundView>()).toMatchObject({
      amount_pence: 500,
      status: 'succeeded',
      provider_refund_id: null,
    });
    expect(providerRefund).not.toHaveBeenCalled();

    const [refund] = await refundsOf(ctx, order.id);
    expect(refund).toMatchObject({
      paymentId: null,
      status: 'succeeded',
      creditNoteNumber: expect.any(Number),
    });
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 500, paymentStatus: 'ON_ACCOUNT' });
    const detail = await detailOf(staff, order.id);
    expect(detail.refundable_pence).toBe(totalPence - 500);
    expect(detail.refunds[0]).toMatchObject({
      credit_note: expect.stringContaining('/refunds/1/credit-note.pdf'),
    });

    const mail = (await emailsTo(ctx, buyer.email)).find((email) =>
      email.subject.startsWith('Credit note of £5.00'),
    );
    expect(mail?.textBody).toContain('Your purchase-order number: PO-CN-1');
    expect(mail?.textBody).toContain('lowers the balance your company owes');
    expect(mail?.attachments).toEqual([{ kind: 'credit_note', order_id: order.id, refund_id: refund!.id }]);
    expect((await auditOf(ctx, order.id)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['order.refund', 'order.refund_succeeded']),
    );
    const note = await staff.admin('GET', `orders/${order.id}/refunds/1/credit-note.pdf`);
    expect(note.statusCode).toBe(200);
    const text = await pdfText(note.rawPayload);
    expect(text).toContain('Your PO number: PO-CN-1');
    expect(text).toContain('Credited to your company’s account');

    // The rest, then nothing: the invoice is credited in full.
    const rest = await staff.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: totalPence - 500,
      reason: 'All',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: totalPence, paymentStatus: 'REFUND' });
    const more = await staff.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: 1,
      reason: 'More',
    });
    expect(more.statusCode).toBe(409);
    expect(providerRefund).not.toHaveBeenCalled();
  });

  it('refuse more than the invoice less its credit notes', async () => {
    const { order, totalPence } = await onAccountOrder(ctx, { name: 'too-much' });
    const res = await staff.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: totalPence + 1,
      reason: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 0 });
    expect(await refundsOf(ctx, order.id)).toEqual([]);
  });

  it('credit the whole invoice when the order is cancelled, restocking it, and say so with the PO number', async () => {
    const providerRefund = vi.spyOn(ctx.app.services.payments.provider, 'refund');
    const { buyer, order, totalPence } = await onAccountOrder(ctx, {
      name: 'cancelled',
      purchaseOrderNumber: 'PO-X',
    });
    const stock = await stockOf(ctx, order.items[0]!.sku);
    const detail = await moved(staff, order.id, { status: 'cancelled' });
    expect(detail).toMatchObject({ status: 'cancelled', payment_status: 'REFUND', refundable_pence: 0 });
    expect(providerRefund).not.toHaveBeenCalled();
    expect(await stockOf(ctx, order.items[0]!.sku)).toBeGreaterThan(stock);
    expect(await refundsOf(ctx, order.id)).toEqual([
      expect.objectContaining({ amountPence: totalPence, status: 'succeeded', paymentId: null }),
    ]);
    const mails = await emailsTo(ctx, buyer.email);
    const cancelled = mails.find((mail) => mail.subject.endsWith('has been cancelled'));
    expect(cancelled?.textBody).toContain('Your purchase-order number: PO-X');
    expect(cancelled?.textBody).toContain('credited');
    expect(cancelled?.textBody).not.toContain('card');
    expect(mails.some((mail) => mail.subject.startsWith('Credit note of'))).toBe(true);
  });
});

describe('order e-mails', () => {
  it('print the PO number in every status change and refund, and none without one', async () => {
    const { buyer, order } = await onAccountOrder(ctx, { name: 'mails', purchaseOrderNumber: 'PO-MAIL-9' });
    await moved(staff, order.id, { status: 'processing' });
    await moved(staff, order.id, SHIP);
    await moved(staff, order.id, { status: 'delivered' });
    const mails = await emailsTo(ctx, buyer.email);
    const moves = mails.filter((mail) => /being prepared|has shipped|has been delivered/.test(mail.subject));
    expect(moves).toHaveLength(3);
    for (const mail of moves) expect(mail.textBody).toContain('Your purchase-order number: PO-MAIL-9');
    expect(moves[1]!.textBody).toContain('Tracking number: RM123456789GB');

    // A card order with a PO number: its refund e-mail prints it too.
    const { buyer: cardBuyer, order: card } = await placedOrder(ctx, { name: 'card-mail' });
    await ctx.database.db
      .update(orders)
      .set({ purchaseOrderNumber: 'PO-CARD' })
      .where(eq(orders.id, card.id));
    const refunded = await staff.admin('POST', `orders/${card.id}/refunds/`, {
      amount_pence: 100,
      reason: 'Late',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const refundMail = (await emailsTo(ctx, cardBuyer.email)).find((mail) =>
      mail.subject.startsWith('Refund of'),
    );
    expect(refundMail?.textBody).toContain('Your purchase-order number: PO-CARD');
    expect(refundMail?.textBody).toContain('to the card you paid');

    const { buyer: plainBuyer, order: plain } = await placedOrder(ctx, { name: 'plain-mail' });
    await moved(staff, plain.id, { status: 'processing' });
    for (const mail of await emailsTo(ctx, plainBuyer.email))
      expect(mail.textBody).not.toContain('purchase-order');
  });
});
