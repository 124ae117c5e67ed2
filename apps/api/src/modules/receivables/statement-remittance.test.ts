import { companyAccountNumber, formatGbp, ukLongDate, ukMonth, ukToday } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { pdfText } from '../../../test/pdf-text';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { setStock, tradeCompany } from '../../../test/support/orders';
import { shopSettings } from '../../db/schema';

// The statement of account an accounts-payable team pays from: the current month to date by default, every
// invoice by its number with its PO number and due day, and a remittance slip to send back with the payment.

let ctx: TestContext;
let owner: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
  owner = await staffMember(ctx, 'owner', 'statement-remittance');
});
afterAll(() => ctx.close());

const BANK = { account_name: 'PackRight Supplies Ltd', sort_code: '12-34-56', account_number: '12345678' };

async function companyOwing() {
  const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
  await company.set({ legalName: 'Brightbox Logistics Ltd' });
  const administrator = await company.member('administrator');
  await setStock(ctx, 'TD-PRO-75', 500);
  await administrator.addSku('TD-PRO-75', 2);
  const res = await administrator.onAccount({ purchase_order_number: 'PO-REC-1' });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ id: number; invoice_number: string; total: string; invoice_due_date: string }>();
  return { company, administrator, order };
}

describe('GET account/company/statement.pdf', () => {
  it('defaults to the current month to date, names each invoice by its number with its PO and due day, and ages the debt today', async () => {
    const { administrator, order } = await companyOwing();
    const res = await administrator.call('GET', '/api/account/company/statement.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    const today = ukToday();
    expect(text).toContain(`Statement for: ${ukMonth(today)}`);
    expect(text).toContain(`${ukLongDate(`${today.slice(0, 7)}-01`)} to ${ukLongDate(today)}`);
    expect(text).toContain(`Aged debt on ${ukLongDate(today)}`);
    const flat = text.replace(/\s*\n\s*/g, ' ');
    expect(flat).toContain(
      `Invoice ${order.invoice_number} (PO PO-REC-1), due ${ukLongDate(order.invoice_due_date)}`,
    );
    expect(flat).not.toMatch(/Invoice \d+ /);
  });

  it('carries a remittance slip: the company, its account number, the statement date, the amount due, how to pay and where to send it', async () => {
    const put = await owner.admin('PUT', 'settings/bank/', BANK);
    expect(put.statusCode, put.body).toBe(200);
    const { company, order } = await companyOwing();
    const res = await owner.admin('GET', `companies/${company.id}/statement.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    const slip = text.slice(text.indexOf('Remittance advice'));
    expect(text).toContain('Remittance advice');
    expect(slip).toContain('Brightbox Logistics Ltd');
    expect(slip).toContain(`Account number: ${companyAccountNumber(company.id)}`);
    expect(slip).toContain(`Statement date: ${ukLongDate(ukToday())}`);
    expect(slip).toContain(`Amount due: ${formatGbp(Math.round(Number(order.total) * 100))}`);
    expect(slip).toContain('Sort code: 12-34-56');
    expect(slip).toContain(order.invoice_number);
    expect(slip).toContain('Send to');
    expect(slip).toContain('PackRight Supplies');
    await ctx.database.db.delete(shopSettings).where(eq(shopSettings.key, 'bank'));
  });
});
