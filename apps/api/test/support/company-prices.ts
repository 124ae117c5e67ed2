// Test support for company prices: companies, members and prices straight in the database (the companies
// API is tested on its own), and the UK day the prices' dates are counted in.
import { and, eq, sql } from 'drizzle-orm';
import { companies, companyMembers, companyPrices } from '../../src/db/schema';
import { rowsOf } from '../../src/db/rows-of';
import type { TestContext } from '../helper';
import { ADDRESS_SNAPSHOT } from './orders';

type CompanyStatus = 'pending' | 'approved' | 'declined';

let made = 0;

/** A company in a given state, as an application and staff's decision would leave it. */
export async function insertCompany(ctx: TestContext, status: CompanyStatus = 'approved'): Promise<number> {
  made += 1;
  const [row] = await ctx.database.db
    .insert(companies)
    .values({
      status,
      legalName: `Boxes ${made} Ltd`,
      tradingName: `Boxes ${made}`,
      companyNumber: String(10_000_000 + made),
      vatNumber: 'GB123456782',
      registeredAddress: ADDRESS_SNAPSHOT,
      invoiceAddress: ADDRESS_SNAPSHOT,
      accountsEmail: `accounts${made}@example.com`,
      tradeReferences: [
        { name: 'A', email: 'a@example.com' },
        { name: 'B', email: 'b@example.com' },
      ],
    })
    .returning({ id: companies.id });
  return row!.id;
}

export async function setCompanyStatus(ctx: TestContext, companyId: number, status: CompanyStatus) {
  await ctx.database.db.update(companies).set({ status }).where(eq(companies.id, companyId));
}

export async function addMember(
  ctx: TestContext,
  companyId: number,
  userId: number,
  role: 'administrator' | 'buyer' | 'approver' = 'buyer',
) {
  await ctx.database.db.insert(companyMembers).values({ companyId, userId, role });
}

export async function removeMember(ctx: TestContext, companyId: number, userId: number) {
  await ctx.database.db
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
}

/** A company's exclusive price on an item, with optional UK dates; answers its id. */
export async function insertCompanyPrice(
  ctx: TestContext,
  companyId: number,
  itemId: number,
  percent: number,
  dates: { startsOn?: string; endsOn?: string } = {},
): Promise<number> {
  const [row] = await ctx.database.db
    .insert(companyPrices)
    .values({
      companyId,
      itemId,
      discountPercentage: percent,
      startsOn: dates.startsOn ?? null,
      endsOn: dates.endsOn ?? null,
    })
    .returning({ id: companyPrices.id });
  return row!.id;
}

/** Today, and days around it, as the shop counts them (UK calendar days). */
export async function ukDay(ctx: TestContext, offsetDays = 0): Promise<string> {
  const result = await ctx.database.db.execute(
    sql`select ((now() at time zone 'Europe/London')::date + ${offsetDays}::int)::text as day`,
  );
  return rowsOf<{ day: string }>(result)[0]!.day;
}
