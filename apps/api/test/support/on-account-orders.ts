// Test support for the documents of trade accounts: a card order turned into one on account, as the
// checkout on account will write it (no payment, no receipt number, a PO number, terms and a due date).
import { invoiceStates, type CompanyRole } from '@shop/domain';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../helper';
import { companies, companyMembers, orders, payments } from '../../src/db/schema';
import { newShopper } from './carts';
import { placedOrder } from './administration-orders';
import { selectLedger } from '../../src/modules/receivables/ledger';

const ADDRESS = {
  first_name: 'Accounts',
  last_name: 'Payable',
  street: '2 Mill Lane',
  city: 'Derby',
  postal_code: 'DE1 1AA',
  country: 'UK',
};

/** An approved trade account with credit, straight in the database. */
export async function approvedCompany(ctx: TestContext, name: string) {
  const [company] = await ctx.database.db
    .insert(companies)
    .values({
      status: 'approved',
      legalName: `${name} Ltd`,
      tradingName: name,
      companyNumber: '01234567',
      vatNumber: 'GB123456782',
      registeredAddress: ADDRESS as never,
      invoiceAddress: ADDRESS as never,
      accountsEmail: `accounts-${name}@example.com`,
      tradeReferences: [],
      creditLimitPence: 1_000_000,
      paymentTerms: { kind: 'days', days: 30 },
    })
    .returning();
  return company!;
}

export async function addMember(ctx: TestContext, companyId: number, userId: number, role: CompanyRole) {
  await ctx.database.db.insert(companyMembers).values({ companyId, userId, role });
}

/**
 * A placed order made an on-account order of a new company whose administrator is its buyer: its payment
 * detached, no receipt number, the PO number, 30 days' terms and a due date. Also a colleague of each role and
 * an outsider, each signed in.
 */
export async function onAccountOrder(
  ctx: TestContext,
  { name, purchaseOrderNumber = 'PO-1' }: { name: string; purchaseOrderNumber?: string | null },
) {
  const placed = await placedOrder(ctx, { name });
  const company = await approvedCompany(ctx, name);
  await addMember(ctx, company.id, placed.buyer.userId, 'administrator');
  await ctx.database.db.update(payments).set({ orderId: null }).where(eq(payments.orderId, placed.order.id));
  await ctx.database.db
    .update(orders)
    .set({
      paymentMethod: 'account',
      paymentStatus: 'ON_ACCOUNT',
      receiptNumber: null,
      transactionId: null,
      companyId: company.id,
      purchaseOrderNumber,
      invoiceDueDate: '2026-12-27',
      paymentTerms: { kind: 'days', days: 30 },
    })
    .where(eq(orders.id, placed.order.id));
  const colleague = async (role: CompanyRole) => {
    const shopper = await newShopper(ctx, `${name}-${role}`);
    await addMember(ctx, company.id, shopper.userId, role);
    return shopper;
  };
  return { ...placed, company, colleague };
}

/**
 * Expects each of the company's invoices to carry as covered_pence what the domain derives from its ledger
 * (credit notes and credit moved, and live payments' allocations): the triggers of migration 0020 keep it.
 */
export async function expectCoverAsLedger(ctx: TestContext, companyId: number) {
  const states = invoiceStates(await selectLedger(ctx.database.db, companyId));
  const stored = await ctx.database.db
    .select({ id: orders.id, covered: orders.coveredPence })
    .from(orders)
    .where(
      inArray(
        orders.id,
        states.map((state) => state.id),
      ),
    );
  const coverOf = new Map(stored.map((row) => [row.id, row.covered]));
  expect(states.map((state) => ({ id: state.id, covered: coverOf.get(state.id) }))).toEqual(
    states.map((state) => ({ id: state.id, covered: state.creditedPence + state.paidPence })),
  );
}
