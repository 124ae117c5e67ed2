// What covers each invoice (orders.covered_pence), kept by the ledger's triggers (migration 0020): after any
// sequence of writes to the ledger's rows it is what the domain's invoiceStates derives from them, and the
// migration's fill gives the same from the rows alone.
import { invoiceStates } from '@shop/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { approvedCompany, expectCoverAsLedger } from '../../../test/support/on-account-orders';
import { staffMember } from '../../../test/support/administration';
import { ADDRESS_SNAPSHOT } from '../../../test/support/orders';
import { creditAllocations, orders, paymentAllocations, paymentsReceived, refunds } from '../../db/schema';
import { migrationsFolder } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { selectLedger } from './ledger';

let ctx: TestContext;
let buyerId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  buyerId = (await staffMember(ctx, 'customer', 'cover-buyer')).userId;
});
afterAll(() => ctx.close());

const INVOICES = 3;
const TOTAL = 10_000;

/** `INVOICES` on-account orders of a new company, straight in the database. */
async function invoicesOf(name: string) {
  const company = await approvedCompany(ctx, name);
  const rows = await ctx.database.db
    .insert(orders)
    .values(
      Array.from({ length: INVOICES }, () => ({
        userId: buyerId,
        status: 'delivered' as const,
        paymentStatus: 'ON_ACCOUNT' as const,
        subtotalPence: TOTAL - 1_667,
        vatPence: 1_667,
        totalPence: TOTAL,
        vatRate: 20,
        paymentMethod: 'account' as const,
        companyId: company.id,
        invoiceDueDate: '2031-06-30',
        shippingAddress: ADDRESS_SNAPSHOT,
        billingAddress: ADDRESS_SNAPSHOT,
      })),
    )
    .returning({ id: orders.id });
  return { companyId: company.id, orderIds: rows.map((row) => row.id) };
}

/** One write to the ledger's rows, as any writer (the API, a script, a migration) might make it. */
type Step =
  | { kind: 'pay'; lines: [number, number][] }
  | { kind: 'reverse'; pick: number }
  | { kind: 'unreverse'; pick: number }
  | { kind: 'note'; invoice: number; amount: number; status: 'pending' | 'succeeded' | 'failed' }
  | { kind: 'settle'; pick: number; status: 'succeeded' | 'failed' }
  | { kind: 'move'; pick: number; invoice: number; amount: number }
  | { kind: 'unmove'; pick: number }
  | { kind: 'unallocate'; pick: number }
  | { kind: 'amend'; pick: number; amount: number };

const invoice = fc.nat({ max: INVOICES - 1 });
const amount = fc.integer({ min: 1, max: 6_000 });
const pick = fc.nat({ max: 20 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    lines: fc.array(fc.tuple(invoice, amount), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('reverse' as const), pick }),
  fc.record({ kind: fc.constant('unreverse' as const), pick }),
  fc.record({
    kind: fc.constant('note' as const),
    invoice,
    amount,
    status: fc.constantFrom('pending' as const, 'succeeded' as const, 'failed' as const),
  }),
  fc.record({
    kind: fc.constant('settle' as const),
    pick,
    status: fc.constantFrom('succeeded' as const, 'failed' as const),
  }),
  fc.record({ kind: fc.constant('move' as const), pick, invoice, amount }),
  fc.record({ kind: fc.constant('unmove' as const), pick }),
  fc.record({ kind: fc.constant('unallocate' as const), pick }),
  fc.record({ kind: fc.constant('amend' as const), pick, amount }),
);

const nth = <T>(rows: T[], index: number): T | undefined =>
  rows.length === 0 ? undefined : rows[index % rows.length];

/** Makes one step against the company's rows (a step with nothing to act on does nothing). */
async function apply(companyId: number, orderIds: number[], s: Step) {
  const db = ctx.database.db;
  const mine = inArray(paymentsReceived.companyId, [companyId]);
  switch (s.kind) {
    case 'pay': {
      const total = s.lines.reduce((sum, [, pence]) => sum + pence, 0);
      const [payment] = await db
        .insert(paymentsReceived)
        .values({ companyId, amountPence: total, receivedOn: '2031-03-01', method: 'bank_transfer' })
        .returning({ id: paymentsReceived.id });
      await db.insert(paymentAllocations).values(
        s.lines.map(([at, pence]) => ({
          paymentId: payment!.id,
          orderId: orderIds[at]!,
          amountPence: pence,
        })),
      );
      return;
    }
    case 'reverse': {
      const live = await db.execute(sql`
        select p.id, p.amount_pence from payments_received p
        where p.company_id = ${companyId} and p.reverses_id is null
          and not exists (select 1 from payments_received v where v.reverses_id = p.id)
        order by p.id`);
      const payment = nth(rowsOf<{ id: number; amount_pence: number }>(live), s.pick);
      if (!payment) return;
      await db.insert(paymentsReceived).values({
        companyId,
        amountPence: payment.amount_pence,
        receivedOn: '2031-03-05',
        method: 'bank_transfer',
        reversesId: payment.id,
        reason: 'Bounced',
      });
      return;
    }
    case 'unreverse': {
      const reversals = await db
        .select({ id: paymentsReceived.id })
        .from(paymentsReceived)
        .where(sql`${mine} and ${paymentsReceived.reversesId} is not null`)
        .orderBy(paymentsReceived.id);
      const reversal = nth(reversals, s.pick);
      if (reversal) await db.delete(paymentsReceived).where(eq(paymentsReceived.id, reversal.id));
      return;
    }
    case 'note':
      await db
        .insert(refunds)
        .values({ orderId: orderIds[s.invoice]!, amountPence: s.amount, status: s.status });
      return;
    case 'settle': {
      const pending = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(sql`${inArray(refunds.orderId, orderIds)} and ${refunds.status} = 'pending'`)
        .orderBy(refunds.id);
      const refund = nth(pending, s.pick);
      if (refund) await db.update(refunds).set({ status: s.status }).where(eq(refunds.id, refund.id));
      return;
    }
    case 'move': {
      const notes = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(sql`${inArray(refunds.orderId, orderIds)} and ${refunds.status} = 'succeeded'`)
        .orderBy(refunds.id);
      const note = nth(notes, s.pick);
      if (note) {
        await db
          .insert(creditAllocations)
          .values({ refundId: note.id, orderId: orderIds[s.invoice]!, amountPence: s.amount });
      }
      return;
    }
    case 'unmove': {
      const moved = await db
        .select({ id: creditAllocations.id })
        .from(creditAllocations)
        .where(inArray(creditAllocations.orderId, orderIds))
        .orderBy(creditAllocations.id);
      const allocation = nth(moved, s.pick);
      if (allocation) await db.delete(creditAllocations).where(eq(creditAllocations.id, allocation.id));
      return;
    }
    case 'unallocate':
    case 'amend': {
      const allocations = await db
        .select({ id: paymentAllocations.id })
        .from(paymentAllocations)
        .where(inArray(paymentAllocations.orderId, orderIds))
        .orderBy(paymentAllocations.id);
      const allocation = nth(allocations, s.pick);
      if (!allocation) return;
      if (s.kind === 'unallocate') {
        await db.delete(paymentAllocations).where(eq(paymentAllocations.id, allocation.id));
      } else {
        await db
          .update(paymentAllocations)
          .set({ amountPence: s.amount })
          .where(eq(paymentAllocations.id, allocation.id));
      }
      return;
    }
  }
}

/** Each invoice's covered_pence as stored. */
async function storedCover(orderIds: number[]) {
  const rows = await ctx.database.db
    .select({ id: orders.id, covered: orders.coveredPence })
    .from(orders)
    .where(inArray(orders.id, orderIds))
    .orderBy(orders.id);
  return rows;
}

let made = 0;

describe('orders.covered_pence', () => {
  it('is what the domain derives from the ledger’s rows, after any writes to them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const { companyId, orderIds } = await invoicesOf(`Cover ${++made}`);
        for (const s of steps) await apply(companyId, orderIds, s);
        await expectCoverAsLedger(ctx, companyId);
      }),
      { numRuns: 40 },
    );
  });

  it('is filled by the migration from the rows alone, as the triggers kept it', async () => {
    const { companyId, orderIds } = await invoicesOf('Cover filled');
    const steps: Step[] = [
      {
        kind: 'pay',
        lines: [
          [0, 4_000],
          [1, 2_500],
        ],
      },
      { kind: 'pay', lines: [[2, 3_000]] },
      { kind: 'reverse', pick: 1 },
      { kind: 'note', invoice: 0, amount: 7_000, status: 'succeeded' },
      { kind: 'note', invoice: 1, amount: 1_000, status: 'failed' },
      { kind: 'move', pick: 0, invoice: 2, amount: 1_000 },
    ];
    for (const s of steps) await apply(companyId, orderIds, s);
    const kept = await storedCover(orderIds);
    // Invoice 0: 4,000 paid, 7,000 credited, 1,000 of it moved to invoice 2. Invoice 1: 2,500 paid (the failed
    // note covers nothing). Invoice 2: the reversed 3,000 covers nothing, the moved 1,000 does.
    expect(kept.map((row) => row.covered)).toEqual([10_000, 2_500, 1_000]);

    await ctx.database.db.update(orders).set({ coveredPence: 0 }).where(inArray(orders.id, orderIds));
    const folder = migrationsFolder();
    const file = readdirSync(folder).find((name) => name.startsWith('0020_'))!;
    const block = /-- manual: begin ledger-covered\n([^]*?)-- manual: end/.exec(
      readFileSync(path.join(folder, file), 'utf8'),
    )![1]!;
    await ctx.database.db.execute(sql.raw(block));
    expect(await storedCover(orderIds)).toEqual(kept);
    await expectCoverAsLedger(ctx, companyId);
  });

  it('is what the aged debt of the ledger reads: open is the total less it', async () => {
    const { companyId, orderIds } = await invoicesOf('Cover open');
    await apply(companyId, orderIds, { kind: 'pay', lines: [[0, 2_500]] });
    const states = invoiceStates(await selectLedger(ctx.database.db, companyId));
    const stored = await storedCover(orderIds);
    expect(states.map((state) => state.openPence)).toEqual(
      stored.map((row) => Math.max(0, TOTAL - row.covered)),
    );
    expect(states[0]!.openPence).toBe(7_500);
  });
});
