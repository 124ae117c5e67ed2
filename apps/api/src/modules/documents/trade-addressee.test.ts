import { companyAccountNumber, type QuoteView, ukToday } from '@shop/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { pdfText } from '../../../test/pdf-text';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { placedOrder } from '../../../test/support/administration-orders';
import { onAccountOrder } from '../../../test/support/on-account-orders';
import { setStock, tradeCompany, type TradeMember } from '../../../test/support/orders';
import { sendBody } from '../../../test/support/quotes';
import { companies, outboundEmails } from '../../db/schema';
import { createDocumentsService } from './service';

// A company's documents are addressed to the company (its legal name and invoice address, with its account
// number and the PO number), whatever address the buyer chose; and its accounts address gets each of them.

let ctx: TestContext;
let owner: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
  owner = await staffMember(ctx, 'owner', 'trade-addressee');
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';
const CANAL_WHARF = {
  first_name: 'Accounts',
  last_name: 'Payable',
  street: '12 Canal Wharf',
  city: 'Leeds',
  state: null,
  postal_code: 'LS11 5PS',
  country: 'UK',
  telephone_number: '+441134960000',
};

/** A company named Brightbox Logistics Ltd invoiced at 12 Canal Wharf, and a member who orders. */
async function brightbox(role: 'administrator' | 'buyer' = 'administrator') {
  const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
  await company.set({
    legalName: 'Brightbox Logistics Ltd',
    tradingName: 'Brightbox',
    invoiceAddress: CANAL_WHARF,
  });
  const member = await company.member(role);
  await setStock(ctx, TAPE, 500);
  return { company, member };
}

async function placeOnAccount(member: TradeMember, po: string) {
  await member.addSku(TAPE, 1);
  const res = await member.onAccount({ purchase_order_number: po });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; invoice_number: string }>();
}

async function textOf(member: { call: TradeMember['call'] }, path: string) {
  const res = await member.call('GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
}

/** The lines of the block under a heading (up to the next blank or known heading). */
function blockAfter(text: string, heading: string, count: number): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.startsWith(heading));
  if (at < 0) throw new Error(`no ${heading} in:\n${text}`);
  return lines.slice(at, at + count);
}

function mailsTo(address: string) {
  return ctx.database.db
    .select()
    .from(outboundEmails)
    .where(eq(sql`lower(${outboundEmails.toAddress})`, address.toLowerCase()))
    .orderBy(asc(outboundEmails.id));
}

describe('a company member’s invoice', () => {
  it('is addressed to the company’s legal name and invoice address, with its account number and PO number', async () => {
    const { company, member } = await brightbox();
    const order = await placeOnAccount(member, 'PO-ADDR-1');
    const text = await textOf(member, `/api/orders/${order.id}/invoice.pdf`);
    const invoiceTo = blockAfter(text, 'Invoice to', 4).join('\n');
    expect(invoiceTo).toContain('Brightbox Logistics Ltd');
    expect(invoiceTo).toContain('12 Canal Wharf');
    expect(invoiceTo).not.toContain('12 Analytical Way');
    // The goods still go where the buyer asked.
    expect(text).toContain('Deliver to');
    expect(text).toContain('12 Analytical Way');
    expect(text).toContain(`Account number: ${companyAccountNumber(company.id)}`);
    expect(text).toContain('Your PO number: PO-ADDR-1');

    // Issued once: a later change of the company's profile does not rewrite it.
    await company.set({
      legalName: 'Renamed Ltd',
      invoiceAddress: { ...CANAL_WHARF, street: '1 New Street' },
    });
    const fresh = createDocumentsService(ctx.database.db);
    const again = await pdfText((await fresh.sale(order.id, null, 'invoice')).content);
    expect(again).toContain('Brightbox Logistics Ltd');
    expect(again).toContain('12 Canal Wharf');
    expect(again).not.toContain('Renamed Ltd');
  });

  it('addresses a card order’s invoice and paid receipt of a member to the company too; a consumer keeps their billing address', async () => {
    const { company } = await onAccountOrder(ctx, { name: 'card-member' });
    await ctx.database.db
      .update(companies)
      .set({ legalName: 'Card Member Trading Ltd', invoiceAddress: CANAL_WHARF })
      .where(eq(companies.id, company.id));
    // An order of the company made before its documents were addressed to it: addressed from the profile.
    const { buyer, order } = await placedOrder(ctx, { name: 'card-member-buyer' });
    const consumer = await textOf(buyer, order.invoice!);
    expect(blockAfter(consumer, 'Invoice to', 3).join('\n')).toContain('Ada Lovelace');
    expect(consumer).not.toContain('Card Member Trading Ltd');

    await ctx.database.db.execute(sql`update orders set company_id = ${company.id} where id = ${order.id}`);
    const documents = createDocumentsService(ctx.database.db);
    const invoice = await pdfText((await documents.sale(order.id, null, 'invoice')).content);
    const receipt = await pdfText((await documents.sale(order.id, null, 'receipt')).content);
    for (const text of [invoice, receipt]) {
      expect(text).toContain('Card Member Trading Ltd');
      expect(text).toContain('12 Canal Wharf');
      expect(text).toContain(`Account number: ${companyAccountNumber(company.id)}`);
    }
    expect(blockAfter(receipt, 'Received from', 3).join('\n')).toContain('Card Member Trading Ltd');
  });

  it('addresses the credit note to the company as well', async () => {
    const { company, member } = await brightbox();
    const order = await placeOnAccount(member, 'PO-ADDR-CN');
    const credited = await owner.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: 100,
      reason: 'Short delivery',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const text = await textOf(member, `/api/orders/${order.id}/refunds/1/credit-note.pdf`);
    const creditTo = blockAfter(text, 'Credit to', 4).join('\n');
    expect(creditTo).toContain('Brightbox Logistics Ltd');
    expect(creditTo).toContain('12 Canal Wharf');
    expect(text).toContain(`Account number: ${companyAccountNumber(company.id)}`);
    expect(text).toContain('Your PO number: PO-ADDR-CN');
  });
});

describe('the company’s accounts address', () => {
  it('gets the invoice of an order on account, and the credit note, besides the buyer', async () => {
    const { company, member } = await brightbox('buyer');
    const [row] = await ctx.database.db
      .select({ accountsEmail: companies.accountsEmail })
      .from(companies)
      .where(eq(companies.id, company.id));
    const accounts = row!.accountsEmail;
    const order = await placeOnAccount(member, 'PO-MAIL-1');

    const toAccounts = await mailsTo(accounts);
    expect(toAccounts).toHaveLength(1);
    expect(toAccounts[0]!.attachments).toEqual([{ kind: 'invoice', order_id: order.id }]);
    expect(toAccounts[0]!.subject).toContain(order.invoice_number);
    expect(toAccounts[0]!.textBody).toContain('PO-MAIL-1');
    // The buyer still gets their confirmation with the invoice.
    const toBuyer = await mailsTo(member.email);
    expect(toBuyer.some((mail) => mail.attachments?.some((a) => a.kind === 'invoice'))).toBe(true);

    const credited = await owner.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: 100,
      reason: 'Short delivery',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const notes = (await mailsTo(accounts)).filter((mail) =>
      mail.attachments?.some((a) => a.kind === 'credit_note'),
    );
    expect(notes).toHaveLength(1);
    const buyerNotes = (await mailsTo(member.email)).filter((mail) =>
      mail.attachments?.some((a) => a.kind === 'credit_note'),
    );
    expect(buyerNotes).toHaveLength(1);
  });

  it('is mailed once when it is the buyer’s own address', async () => {
    const { company, member } = await brightbox('buyer');
    await company.set({ accountsEmail: member.email.toUpperCase() });
    const order = await placeOnAccount(member, 'PO-MAIL-2');
    const invoices = (await mailsTo(member.email)).filter((mail) =>
      mail.attachments?.some((a) => a.kind === 'invoice' && a.order_id === order.id),
    );
    expect(invoices).toHaveLength(1);
  });

  it('gets the receipt of a payment received, besides the administrators', async () => {
    const { company, member } = await brightbox('administrator');
    const order = await placeOnAccount(member, 'PO-PAY-1');
    const [row] = await ctx.database.db
      .select({ accountsEmail: companies.accountsEmail })
      .from(companies)
      .where(eq(companies.id, company.id));
    const recorded = await owner.admin('POST', `companies/${company.id}/payments/`, {
      amount: '1.00',
      received_on: ukToday(),
      method: 'bank_transfer',
      reference: 'BACS-1',
      allocations: [{ invoice: order.id, amount: '1.00' }],
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const receipts = (await mailsTo(row!.accountsEmail)).filter((mail) =>
      mail.subject.startsWith('Payment received'),
    );
    expect(receipts).toHaveLength(1);
    // Named by the invoice's own number.
    expect(receipts[0]!.textBody).toContain(order.invoice_number);
    expect(
      await ctx.database.db
        .select()
        .from(outboundEmails)
        .where(
          and(
            eq(outboundEmails.toAddress, member.email),
            sql`${outboundEmails.subject} like 'Payment received%'`,
          ),
        ),
    ).toHaveLength(1);
  });

  it('addresses a member’s quote to them at the company, not also to the invoice address’s contact', async () => {
    const { member } = await brightbox('buyer');
    await member.addSku(TAPE, 2);
    const asked = await member.call('POST', '/api/quotes/', { cart_id: member.cartId, note: 'Monthly' });
    expect(asked.statusCode, asked.body).toBe(201);
    const quote = asked.json<QuoteView>();
    const sent = await owner.admin('POST', `quotes/${quote.id}/send/`, sendBody(quote));
    expect(sent.statusCode, sent.body).toBe(200);
    const text = await textOf(member, `/api/quotes/${quote.id}/quote.pdf`);
    const block = text.slice(text.indexOf('Quotation for'));
    const profile = (await member.call('GET', '/api/account/profile/')).json<{
      first_name: string;
      last_name: string;
    }>();
    const name = `${profile.first_name} ${profile.last_name}`;
    expect(block).toContain(name);
    expect(block.indexOf('Brightbox Logistics Ltd')).toBeGreaterThan(block.indexOf(name));
    expect(block).toContain('12 Canal Wharf');
    // One addressee: the invoice address's own contact name is not printed beside the buyer's.
    expect(text).not.toContain('Accounts Payable');
  });
});
