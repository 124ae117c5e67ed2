import type { AdminExclusivePrice } from '@shop/domain';
import { COMPANY_PRICE_MESSAGES, EXCLUSIVE_PRICE_MESSAGES } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../../test/helper';
import { countingDb } from '../../../../../test/query-counter';
import { auditLog, companyPrices, users } from '../../../../db/schema';
import { itemBySku, newShopper } from '../../../../../test/support/carts';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../../test/support/administration';
import { addMember, insertCompany, insertCompanyPrice } from '../../../../../test/support/company-prices';
import { createCompanyPricesService } from './service';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'desk');
});
afterAll(() => ctx.close());

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

const TAPE = 'TD-PRO-75';
const WRAP = 'PW-HAND-400-CL';

const pricesOf = (companyId: number) => `companies/${companyId}/prices/`;

async function auditOf(entityId: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'company_price'), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);
}

async function storedPrice(id: number) {
  const [row] = await ctx.database.db.select().from(companyPrices).where(eq(companyPrices.id, id));
  return row;
}

describe('role checks', () => {
  it('answers every company price endpoint to staff only: 401 for a visitor, 403 for a customer', async () => {
    const companyId = await insertCompany(ctx);
    const price = await insertCompanyPrice(ctx, companyId, (await itemBySku(ctx, TAPE)).id, 5);
    const base = pricesOf(companyId);
    await expectStaffOnly(ctx, 'GET', base);
    await expectStaffOnly(ctx, 'POST', base, { item: WRAP, discount_percentage: 1 });
    await expectStaffOnly(ctx, 'PATCH', `${base}${price}/`, { discount_percentage: 50 });
    await expectStaffOnly(ctx, 'DELETE', `${base}${price}/`);
    expect((await storedPrice(price))!.discountPercentage).toBe(5);
    expect(await auditOf(price)).toEqual([]);
  });
});

describe('company prices', () => {
  it('creates, lists, changes and deletes a company’s price, each change audited', async () => {
    const companyId = await insertCompany(ctx, 'pending');
    const tape = await itemBySku(ctx, TAPE);
    const url = pricesOf(companyId);
    const created = await staff.admin('POST', url, {
      item: ` ${TAPE} `,
      discount_percentage: 7.25,
      starts_on: '2020-01-01',
      ends_on: null,
    });
    expect(created.statusCode).toBe(201);
    const price = created.json<AdminExclusivePrice>();
    expect(price).toEqual({
      id: expect.any(Number),
      item: { id: tape.id, sku: TAPE, title: expect.any(String) },
      discount_percentage: 7.25,
      starts_on: '2020-01-01',
      ends_on: null,
      in_force: true,
      created_at: expect.any(String),
    });
    expect((await staff.admin('GET', url)).json()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [price],
    });

    const changed = await staff.admin('PATCH', `${url}${price.id}/`, {
      discount_percentage: 10,
      ends_on: '2020-06-30',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ discount_percentage: 10, ends_on: '2020-06-30', in_force: false });
    // The same values again change nothing and record nothing.
    expect((await staff.admin('PATCH', `${url}${price.id}/`, { discount_percentage: 10 })).statusCode).toBe(
      200,
    );

    expect((await staff.admin('DELETE', `${url}${price.id}/`)).statusCode).toBe(204);
    expect((await staff.admin('GET', url)).json()).toMatchObject({ count: 0, results: [] });
    expect((await staff.admin('DELETE', `${url}${price.id}/`)).statusCode).toBe(404);
    expect(await auditOf(price.id)).toMatchObject([
      {
        action: 'company_price.create',
        actorId: staff.userId,
        before: null,
        after: {
          company_id: companyId,
          item: TAPE,
          discount_percentage: 7.25,
          starts_on: '2020-01-01',
          ends_on: null,
        },
      },
      {
        action: 'company_price.update',
        before: { company_id: companyId, discount_percentage: 7.25, ends_on: null },
        after: { company_id: companyId, discount_percentage: 10, ends_on: '2020-06-30' },
      },
      {
        action: 'company_price.delete',
        before: { company_id: companyId, item_id: tape.id, discount_percentage: 10 },
        after: null,
      },
    ]);
  });

  it('pages the prices by SKU', async () => {
    const companyId = await insertCompany(ctx);
    const wrap = await insertCompanyPrice(ctx, companyId, (await itemBySku(ctx, WRAP)).id, 2);
    const tape = await insertCompanyPrice(ctx, companyId, (await itemBySku(ctx, TAPE)).id, 1);
    const url = pricesOf(companyId);
    const all = (await staff.admin('GET', url)).json<Page<AdminExclusivePrice>>();
    expect(all.results.map((row) => row.id)).toEqual([wrap, tape]);
    const second = (await staff.admin('GET', `${url}?page=2&page_size=1`)).json<Page<AdminExclusivePrice>>();
    expect(second).toMatchObject({ count: 2, next: null, results: [{ id: tape }] });
    const past = (await staff.admin('GET', `${url}?page=3&page_size=1`)).json<Page<AdminExclusivePrice>>();
    expect(past).toMatchObject({ count: 2, results: [] });
  });

  it('answers 404 for an unknown company and for another company’s price, and changes nothing', async () => {
    const mine = await insertCompany(ctx);
    const theirs = await insertCompany(ctx);
    const price = await insertCompanyPrice(ctx, theirs, (await itemBySku(ctx, TAPE)).id, 5);
    const unknown = pricesOf(2_000_000_000);
    expect((await staff.admin('GET', unknown)).statusCode).toBe(404);
    expect((await staff.admin('POST', unknown, { item: TAPE, discount_percentage: 1 })).statusCode).toBe(404);
    expect((await staff.admin('PATCH', `${unknown}${price}/`, { discount_percentage: 1 })).statusCode).toBe(
      404,
    );
    expect((await staff.admin('DELETE', `${unknown}${price}/`)).statusCode).toBe(404);
    const other = `${pricesOf(mine)}${price}/`;
    expect((await staff.admin('PATCH', other, { discount_percentage: 99 })).statusCode).toBe(404);
    expect((await staff.admin('DELETE', other)).statusCode).toBe(404);
    expect((await staff.admin('PATCH', `${pricesOf(mine)}2000000000/`, {})).statusCode).toBe(404);
    expect((await storedPrice(price))!.discountPercentage).toBe(5);
    expect(await auditOf(price)).toEqual([]);
  });

  it('refuses an unknown SKU, a duplicate and bad input with field errors, never a 5xx', async () => {
    const companyId = await insertCompany(ctx);
    const url = pricesOf(companyId);
    const unknown = await staff.admin('POST', url, { item: 'NO-SUCH-SKU', discount_percentage: 5 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ item: [EXCLUSIVE_PRICE_MESSAGES.itemUnknown] });

    const first = await staff.admin('POST', url, { item: TAPE, discount_percentage: 5 });
    expect(first.statusCode).toBe(201);
    const duplicate = await staff.admin('POST', url, { item: TAPE, discount_percentage: 6 });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ item: [COMPANY_PRICE_MESSAGES.duplicate] });

    for (const body of [
      { item: TAPE, discount_percentage: 101 },
      { item: TAPE, discount_percentage: -1 },
      { item: TAPE, discount_percentage: 1e308 },
      { item: TAPE, discount_percentage: 1.001 },
      { item: TAPE, discount_percentage: '5' },
      { item: 5, discount_percentage: 5 },
      { item: 'x'.repeat(65), discount_percentage: 5 },
      { item: TAPE, discount_percentage: 5, starts_on: '2026-02-30' },
      { item: TAPE, discount_percentage: 5, starts_on: '2026-03-02', ends_on: '2026-03-01' },
      { item: TAPE, discount_percentage: 5, company: 1 },
      [],
    ]) {
      const res = await staff.admin('POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const id = first.json<AdminExclusivePrice>().id;
    const kept = await staff.admin('PATCH', `${url}${id}/`, { starts_on: '2030-01-01' });
    expect(kept.statusCode).toBe(200);
    const backwards = await staff.admin('PATCH', `${url}${id}/`, { ends_on: '2029-12-31' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ ends_on: [EXCLUSIVE_PRICE_MESSAGES.datesOrdered] });
    for (const path of [
      `companies/0/prices/`,
      `companies/99999999999/prices/`,
      `companies/abc/prices/`,
      `${url}0/`,
      `${url}1e3/`,
    ]) {
      const res = await staff.admin('GET', path);
      expect([400, 404], path).toContain(res.statusCode);
      const patched = await staff.admin('PATCH', path.endsWith('prices/') ? `${path}1/` : path, {
        discount_percentage: 1,
      });
      expect(patched.statusCode, path).toBe(400);
    }
    expect((await storedPrice(id))!.discountPercentage).toBe(5);
  });

  it('reads the acting member’s role from the database when they act', async () => {
    const companyId = await insertCompany(ctx);
    const clerk = await staffMember(ctx, 'staff', 'leaving');
    await ctx.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, clerk.userId));
    const refused = await clerk.admin('POST', pricesOf(companyId), { item: TAPE, discount_percentage: 5 });
    expect(refused.statusCode).toBe(403);
    const member = await newShopper(ctx, 'customer-member');
    await addMember(ctx, companyId, member.userId);
    expect(
      (await staff.admin('POST', pricesOf(companyId), { item: TAPE, discount_percentage: 5 })).statusCode,
    ).toBe(201);
  });
});

/** The statements a call sent, without the transaction's own (node-postgres logs them, PGlite does not). */
const statements = (sql: string[]) => sql.filter((text) => !/^\s*(begin|commit|rollback)\b/i.test(text));

describe('statements', () => {
  it('lists in one statement, and writes in a fixed number', async () => {
    const companyId = await insertCompany(ctx);
    const counter = countingDb(ctx.database);
    const prices = createCompanyPricesService(counter.db);
    const actor = { id: staff.userId, email: staff.email };
    const page = { page: 1, page_size: 20 };

    const created = await prices.create(actor, companyId, { item: TAPE, discount_percentage: 5 });
    // The company (locked), the item, the insert, the audit row; the answer's read.
    expect(statements(counter.sql)).toHaveLength(5);

    counter.reset();
    expect(await prices.list(companyId, page)).toMatchObject({ count: 1, results: [created] });
    expect(statements(counter.sql)).toHaveLength(1);
    counter.reset();
    await prices.list(companyId, { page: 2, page_size: 20 });
    expect(statements(counter.sql)).toHaveLength(2);

    counter.reset();
    await prices.update(actor, companyId, created.id, { discount_percentage: 6 });
    // The company, the price (locked), the update, the audit row; the answer's read.
    expect(statements(counter.sql)).toHaveLength(5);

    counter.reset();
    await prices.remove(actor, companyId, created.id);
    expect(statements(counter.sql)).toHaveLength(4);
  });
});
