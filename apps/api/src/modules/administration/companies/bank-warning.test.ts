import { BANK_DETAILS_MISSING, type Dashboard } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettings } from '../../../db/schema';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { staffMember, type StaffMember } from '../../../../test/support/administration';
import { newShopper } from '../../../../test/support/carts';
import { applyForCompany } from '../../../../test/support/companies';

// Credit approved while no bank details are set would send invoices and statements that say "ask our accounts
// team": the approve form and the dashboard warn.

let ctx: TestContext;
let owner: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await staffMember(ctx, 'owner', 'bank-warning');
});
afterAll(() => ctx.close());

const BANK = { account_name: 'PackRight Supplies Ltd', sort_code: '12-34-56', account_number: '12345678' };

async function setBank(details: typeof BANK | null) {
  if (details === null) {
    await ctx.database.db.delete(shopSettings).where(eq(shopSettings.key, 'bank'));
    return;
  }
  const res = await owner.admin('PUT', 'settings/bank/', details);
  expect(res.statusCode, res.body).toBe(200);
}

async function pending(name: string) {
  const applicant = await newShopper(ctx, name);
  return applyForCompany(ctx.app, applicant.token, { trading_name: `${name} ${Date.now().toString(36)}` });
}

const dashboardWarnings = async () => {
  const res = await owner.admin('GET', 'dashboard/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>().warnings;
};

describe('approving credit while no bank details are set', () => {
  it('answers the approval with a warning, shows it on the company, and puts it on the dashboard', async () => {
    await setBank(null);
    const company = await pending('nobank');
    // Before the decision the approve form already says so.
    const before = await owner.admin('GET', `companies/${company.id}/`);
    expect(before.json<{ warnings: string[] }>().warnings).toEqual([BANK_DETAILS_MISSING]);

    const approved = await owner.admin('POST', `companies/${company.id}/approve/`, {
      credit_limit: '5000.00',
      payment_terms_days: 30,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ warnings: string[] }>().warnings).toEqual([BANK_DETAILS_MISSING]);
    expect(await dashboardWarnings()).toEqual([
      expect.objectContaining({ kind: 'bank_details_missing', message: expect.any(String) }),
    ]);

    await setBank(BANK);
    const after = await owner.admin('GET', `companies/${company.id}/`);
    expect(after.json<{ warnings: string[] }>().warnings).toEqual([]);
    expect(await dashboardWarnings()).toEqual([]);
  });

  it('does not warn for a card-only approval', async () => {
    await setBank(null);
    const company = await pending('cardonly');
    const approved = await owner.admin('POST', `companies/${company.id}/approve/`, {
      credit_limit: '0',
      payment_terms_days: 30,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ warnings: string[] }>().warnings).toEqual([]);
    await setBank(BANK);
  });
});
