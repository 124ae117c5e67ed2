// Text with a lone UTF-16 surrogate ("\ud800" in JSON) can be neither stored as JSON nor sent as UTF-8: every
// route refuses it with a 400 before it reaches the database, customer-side and staff-side alike.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../test/helper';
import { staffMember } from '../../test/support/administration';
import { APPLICATION, COMPANY_ADDRESS } from '../../test/support/companies';
import { companyWithAdministrator, openInvoice, paymentAgainst } from '../../test/support/invoices';
import { newShopper } from '../../test/support/carts';
import { tradeCompany } from '../../test/support/orders';
import { rowsOf } from '../db/rows-of';
import { WELL_FORMED_TEXT_MESSAGE } from './well-formed-text';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

const LONE = 'Mill \ud800 Lane';

describe('text with a lone surrogate', () => {
  it('is refused with a 400 naming the field in a customer’s trade application (addresses, references)', async () => {
    const applicant = await newShopper(ctx, 'surrogate-applicant');
    const street = await applicant.call('POST', '/api/account/company/', {
      ...APPLICATION,
      registered_address: { ...COMPANY_ADDRESS, street: LONE },
    });
    expect(street.statusCode, street.body).toBe(400);
    expect(street.json()).toEqual({ 'registered_address.street': [WELL_FORMED_TEXT_MESSAGE] });
    const reference = await applicant.call('POST', '/api/account/company/', {
      ...APPLICATION,
      trade_references: [
        { name: '\udc00Tapes', email: 'ref@tapes.example' },
        APPLICATION.trade_references[1],
      ],
    });
    expect(reference.statusCode, reference.body).toBe(400);
    expect(reference.json()).toEqual({ 'trade_references.0.name': [WELL_FORMED_TEXT_MESSAGE] });
    // Nothing was stored; the same application with good text goes through.
    const good = await applicant.call('POST', '/api/account/company/', APPLICATION);
    expect(good.statusCode, good.body).toBe(201);
  });

  it('is refused with a 400 in staff’s bank settings, hold reasons and reversal reasons', async () => {
    const staff = await staffMember(ctx, 'owner', 'surrogate-owner');
    const bank = await staff.admin('PUT', 'settings/bank/', {
      account_name: `Packaging ${'\ud800'}Ltd`,
      sort_code: '12-34-56',
      account_number: '12345678',
    });
    expect(bank.statusCode, bank.body).toBe(400);
    expect(bank.json()).toEqual({ account_name: [WELL_FORMED_TEXT_MESSAGE] });

    const company = await tradeCompany(ctx);
    const hold = await staff.admin('POST', `companies/${company.id}/hold/`, { on_hold: true, reason: LONE });
    expect(hold.statusCode, hold.body).toBe(400);
    const [row] = rowsOf<{ on_hold: boolean }>(
      await ctx.database.db.execute(sql`select on_hold from companies where id = ${company.id}`),
    );
    expect(row!.on_hold).toBe(false);

    const { company: debtor, administrator } = await companyWithAdministrator(ctx, 'surrogate-debtor');
    const invoice = await openInvoice(ctx.database.db, {
      companyId: debtor.id,
      userId: administrator.userId,
      totalPence: 12_000,
      dueOn: '2026-01-31',
    });
    const payment = await paymentAgainst(ctx.database.db, debtor.id, [
      { orderId: invoice.id, amountPence: 12_000 },
    ]);
    const reversal = await staff.admin('POST', `companies/${debtor.id}/payments/${payment.id}/reverse/`, {
      reason: `Twice ${'\udfff'}`,
    });
    expect(reversal.statusCode, reversal.body).toBe(400);
    expect(reversal.json()).toEqual({ reason: [WELL_FORMED_TEXT_MESSAGE] });
  });

  it('is refused in a key as well, and a paired surrogate (an emoji) is fine', async () => {
    const staff = await staffMember(ctx, 'owner', 'surrogate-keys');
    const key = await ctx.app.inject({
      method: 'PUT',
      url: '/api/administration/settings/bank/',
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
      payload:
        '{"account_name":"Packaging Ltd","sort_code":"123456","account_number":"12345678","\\ud800":1}',
    });
    expect(key.statusCode, key.body).toBe(400);
    expect(key.json()).toEqual({ non_field_errors: [WELL_FORMED_TEXT_MESSAGE] });
    const emoji = await staff.admin('PUT', 'settings/bank/', {
      account_name: 'Packaging 📦 Ltd',
      sort_code: '12-34-56',
      account_number: '12345678',
    });
    expect(emoji.statusCode, emoji.body).toBe(200);
  });
});
