import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { amountAfter, pdfText } from '../../../test/pdf-text';
import { countingDb } from '../../../test/query-counter';
import { companyMembers, orders, shopSettings } from '../../db/schema';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { placedOrder } from '../../../test/support/administration-orders';
import { newShopper } from '../../../test/support/carts';
import { onAccountOrder } from '../../../test/support/on-account-orders';
import { createDocumentsService } from './service';

// The invoice of an order on account asks for payment (terms, due date, bank details, the company's
// account number), every document prints the PO number, and the company's members may open its documents.

let ctx: TestContext;
let owner: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
  owner = await staffMember(ctx, 'owner', 'on-account-documents');
});
afterAll(() => ctx.close());

const BANK = { account_name: 'PackRight Supplies Ltd', sort_code: '12-34-56', account_number: '12345678' };
const pence = (pounds: string) => Math.round(Number(pounds) * 100);
type Caller = { call: Awaited<ReturnType<typeof newShopper>>['call'] };

async function textOf(caller: Caller, path: string) {
  const res = await caller.call('GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
}

async function setBank(details: typeof BANK | null) {
  if (details === null) {
    await ctx.database.db.delete(shopSettings).where(eq(shopSettings.key, 'bank'));
    return;
  }
  const res = await owner.admin('PUT', 'settings/bank/', details);
  expect(res.statusCode, res.body).toBe(200);
}

describe('the invoice of an order on account', () => {
  it('prints the PO number, terms, due date, amount due, account number and bank details, and is not paid', async () => {
    await setBank(BANK);
    const { buyer, order, company } = await onAccountOrder(ctx, {
      name: 'terms',
      purchaseOrderNumber: 'PO-7781',
    });
    const text = await textOf(buyer, `/api/orders/${order.id}/invoice.pdf`);
    expect(text).toContain('VAT invoice');
    expect(text).toContain('Your PO number: PO-7781');
    expect(text).toContain(`Account number: TA-${String(company.id).padStart(6, '0')}`);
    expect(text).toContain('Payment terms: 30 days from the invoice date');
    expect(text).toContain('Due date: 27 December 2026');
    expect(amountAfter(text, 'Amount due (GBP)')).toBe(pence(order.total));
    expect(text).toContain('Account name: PackRight Supplies Ltd');
    expect(text).toContain('Sort code: 12-34-56');
    expect(text).toContain('Account number: 12345678');
    expect(text).toContain('This invoice has not been paid.');
    expect(text).not.toContain('Paid in full');
    // No paid receipt: nothing was paid.
    expect((await buyer.call('GET', `/api/orders/${order.id}/receipt.pdf`)).statusCode).toBe(404);
  });

  it('tells the buyer to ask for the bank details when none were set when it was issued', async () => {
    await setBank(null);
    const { buyer, order } = await onAccountOrder(ctx, { name: 'nobank' });
    const text = await textOf(buyer, `/api/orders/${order.id}/invoice.pdf`);
    expect(text).toContain('Bank details: ask our accounts team.');
    expect(text).not.toContain('Sort code');
  });

  it('keeps the bank details it was issued with when staff change them later', async () => {
    await setBank(BANK);
    const { buyer, order } = await onAccountOrder(ctx, { name: 'kept' });
    const before = await textOf(buyer, `/api/orders/${order.id}/invoice.pdf`);
    await setBank({
      account_name: 'Another Bank Account',
      sort_code: '65 43 21',
      account_number: '87654321',
    });
    const after = await textOf(buyer, `/api/orders/${order.id}/invoice.pdf`);
    expect(after).toBe(before);
    expect(after).toContain('Sort code: 12-34-56');
    expect(after).not.toContain('87654321');
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.seller?.bank).toEqual({ ...BANK, sort_code: '123456' });
  });
});

describe('the PO number on a card order', () => {
  it('prints on the invoice and the paid receipt, and an order without one prints none', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'card-po' });
    await ctx.database.db
      .update(orders)
      .set({ purchaseOrderNumber: 'ACME/2026/15' })
      .where(eq(orders.id, order.id));
    expect(await textOf(buyer, order.invoice!)).toContain('Your PO number: ACME/2026/15');
    expect(await textOf(buyer, order.paid_receipt!)).toContain('Your PO number: ACME/2026/15');
    const { buyer: other, order: plain } = await placedOrder(ctx, { name: 'no-po' });
    expect(await textOf(other, plain.invoice!)).not.toContain('PO number');
  });
});

describe('who may open a company’s documents', () => {
  it('lets every member open the invoice, administrators alone the credit notes, and nobody else either', async () => {
    const { buyer, order, colleague } = await onAccountOrder(ctx, { name: 'access' });
    const credited = await owner.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: 100,
      reason: 'Short delivery',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const invoice = `/api/orders/${order.id}/invoice.pdf`;
    const creditNote = `/api/orders/${order.id}/refunds/1/credit-note.pdf`;

    const buyerMember = await colleague('buyer');
    const approver = await colleague('approver');
    const administrator = await colleague('administrator');
    for (const member of [buyerMember, approver, administrator]) {
      expect((await member.call('GET', invoice)).statusCode).toBe(200);
    }
    expect((await buyerMember.call('GET', creditNote)).statusCode).toBe(404);
    expect((await approver.call('GET', creditNote)).statusCode).toBe(404);
    const note = await textOf(administrator, creditNote);
    expect(note).toContain('Your PO number: PO-1');
    expect(note).toContain('Credited to your company’s account');
    expect(note).not.toContain('Refunded to the card');
    expect(await textOf(buyer, creditNote)).toBe(note);

    // Another company's administrator and a shopper with no company: 404, as for no order.
    const { colleague: otherColleague } = await onAccountOrder(ctx, { name: 'other-company' });
    const outsider = await otherColleague('administrator');
    const stranger = await newShopper(ctx, 'stranger');
    for (const caller of [outsider, stranger]) {
      expect((await caller.call('GET', invoice)).statusCode).toBe(404);
      expect((await caller.call('GET', creditNote)).statusCode).toBe(404);
    }

    // A removed member loses access on their next request.
    await ctx.database.db.delete(companyMembers).where(eq(companyMembers.userId, administrator.userId));
    expect((await administrator.call('GET', invoice)).statusCode).toBe(404);
    expect((await administrator.call('GET', creditNote)).statusCode).toBe(404);
  });

  it('keeps a member’s paid receipt their own', async () => {
    const { colleague, company } = await onAccountOrder(ctx, { name: 'receipts' });
    const { buyer, order } = await placedOrder(ctx, { name: 'receipts-card' });
    await ctx.database.db.update(orders).set({ companyId: company.id }).where(eq(orders.id, order.id));
    const administrator = await colleague('administrator');
    expect((await administrator.call('GET', order.invoice!)).statusCode).toBe(200);
    expect((await administrator.call('GET', order.paid_receipt!)).statusCode).toBe(404);
    expect((await buyer.call('GET', order.paid_receipt!)).statusCode).toBe(200);
  });

  it('reads a colleague’s invoice and credit note in one statement each', async () => {
    const { order, colleague } = await onAccountOrder(ctx, { name: 'counted' });
    const credited = await owner.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: 50,
      reason: 'x',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const administrator = await colleague('administrator');
    const counter = countingDb(ctx.database);
    const documents = createDocumentsService(counter.db);
    await documents.sale(order.id, administrator.userId, 'invoice');
    expect(counter.sql).toHaveLength(1);
    counter.reset();
    await documents.creditNote(order.id, administrator.userId, 1);
    expect(counter.sql).toHaveLength(1);
  });
});
