// Spent back-in-stock alerts are deleted once older than the settings' retention; waiting ones never are. The
// low-stock list counts the buyers waiting for each item's e-mail.
import { DEFAULT_STOCK_ALERT_SETTINGS, type LowStockItem, type Page, SETTINGS_MESSAGES } from '@shop/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../test/support/administration';
import { itemBySku, newShopper } from '../../../test/support/carts';
import { restock, setItemStock, stockAlertVisitors } from '../../../test/support/stock-alerts';
import { auditLog, items, stockAlerts } from '../../db/schema';
import { createStockAdminService } from '../administration/catalogue/stock/service';
import { spentAlertsJob } from '../receivables/schedule';
import { purgeSpentAlerts } from './purge';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'alerts-retention');
});
afterAll(() => ctx.close());

/** Pink Mailing Bags 14" x 20": 100 a pack, seeded out of stock. */
const PINK_BAGS = 'MB-PNK-1420';
/** Black UV Shrink Covers: 25 a pack, seeded out of stock. */
const COVERS = 'PC-SC-120-100-180-BK';
const DAY_MS = 86_400_000;

/** An item sold out and low on stock (threshold above its stock), for one test. */
async function soldOut(sku: string) {
  const item = await itemBySku(ctx, sku);
  await setItemStock(ctx, item.id, 0);
  await ctx.database.db.update(items).set({ lowStockThreshold: 10 }).where(eq(items.id, item.id));
  return item;
}

/** `count` signed-in buyers' alerts on the item: each active (confirmed) at once. */
async function waitingBuyers(itemId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const buyer = await newShopper(ctx, `waiter-${i}`);
    const res = await buyer.call('POST', '/api/stock-alerts/', { item: itemId });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json<{ id: number }>().id);
  }
  return ids;
}

const lowStock = async () => {
  const res = await staff.admin('GET', 'stock/low/?page_size=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<LowStockItem>>();
};

const remaining = async (ids: number[]) =>
  (await ctx.database.db.select({ id: stockAlerts.id }).from(stockAlerts).where(inArray(stockAlerts.id, ids)))
    .map((row) => row.id)
    .sort((a, b) => a - b);

/** Dates an alert's e-mail `days` days before `now`. */
const spentDaysAgo = (id: number, now: Date, days: number) =>
  ctx.database.db
    .update(stockAlerts)
    .set({ notifiedAt: new Date(now.getTime() - days * DAY_MS) })
    .where(eq(stockAlerts.id, id));

describe('the low-stock list', () => {
  it('shows how many buyers wait for each item’s alert: confirmed and not yet sent, in one statement', async () => {
    const bags = await soldOut(PINK_BAGS);
    await waitingBuyers(bags.id, 2);
    // A visitor who never confirmed the code does not count.
    await stockAlertVisitors(ctx).asked(bags.id, `unconfirmed.${Date.now().toString(36)}@example.com`);
    const covers = await soldOut(COVERS);
    const list = await lowStock();
    expect(list.results.find((row) => row.id === bags.id)).toMatchObject({ alert_waiters: 2 });
    expect(list.results.find((row) => row.id === covers.id)).toMatchObject({ alert_waiters: 0 });

    const counter = countingDb(ctx.database);
    const service = createStockAdminService(counter.db, { publicUrl: 'http://shop.test' });
    const page = await service.listLowStock({ limit: 100, offset: 0 });
    expect(page.results.find((row) => row.id === bags.id)!.alert_waiters).toBe(2);
    expect(counter.count()).toBe(1);
  });
});

describe('settings/stock-alerts/', () => {
  it('keeps spent alerts 90 days until staff choose 1 to 730, and audits the change', async () => {
    const before = await staff.admin('GET', 'settings/stock-alerts/');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual(DEFAULT_STOCK_ALERT_SETTINGS);
    const range = SETTINGS_MESSAGES.range(1, 730);
    for (const [body, errors] of [
      [{ spent_retention_days: 0 }, { spent_retention_days: [range] }],
      [{ spent_retention_days: 731 }, { spent_retention_days: [range] }],
      [{ spent_retention_days: 'ninety' }, { spent_retention_days: [range] }],
      [{ spent_retention_days: 30.5 }, { spent_retention_days: ['Enter a whole number of days.'] }],
    ] as const) {
      const res = await staff.admin('PUT', 'settings/stock-alerts/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const extra = await staff.admin('PUT', 'settings/stock-alerts/', { spent_retention_days: 30, x: 1 });
    expect(extra.statusCode).toBe(400);
    await expectStaffOnly(ctx, 'PUT', 'settings/stock-alerts/', { spent_retention_days: 30 });
    await expectStaffOnly(ctx, 'GET', 'settings/stock-alerts/');
    expect((await staff.admin('GET', 'settings/stock-alerts/')).json()).toEqual(DEFAULT_STOCK_ALERT_SETTINGS);

    const saved = await staff.admin('PUT', 'settings/stock-alerts/', { spent_retention_days: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ spent_retention_days: 30 });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'stock_alerts'));
    expect(audit).toMatchObject({ action: 'settings.update', actorEmail: staff.email });
    await staff.admin('PUT', 'settings/stock-alerts/', DEFAULT_STOCK_ALERT_SETTINGS);
  });
});

describe('purgeSpentAlerts', () => {
  it('deletes the alerts spent longer ago than the retention, in batches, and never a waiting one', async () => {
    const now = new Date();
    const bags = await soldOut(PINK_BAGS);
    const spent = await waitingBuyers(bags.id, 4);
    // The restock spends them through the real path: e-mails queued, notified_at set.
    await restock(staff, bags.id, 500);
    const spentRows = await ctx.database.db
      .select({ id: stockAlerts.id, notifiedAt: stockAlerts.notifiedAt })
      .from(stockAlerts)
      .where(inArray(stockAlerts.id, spent));
    expect(spentRows.every((row) => row.notifiedAt !== null)).toBe(true);
    const [old1, old2, recent, edge] = spent as [number, number, number, number];
    await spentDaysAgo(old1, now, 200);
    await spentDaysAgo(old2, now, 91);
    await spentDaysAgo(recent, now, 10);
    await spentDaysAgo(edge, now, 89);
    // Waiting alerts made long ago stay, confirmed or not.
    await setItemStock(ctx, bags.id, 0);
    const waiting = await waitingBuyers(bags.id, 1);
    const unconfirmed = await stockAlertVisitors(ctx).asked(
      bags.id,
      `old-visitor.${Date.now().toString(36)}@example.com`,
    );
    await ctx.database.db
      .update(stockAlerts)
      .set({ createdAt: sql`now() - interval '400 days'` })
      .where(inArray(stockAlerts.id, [...waiting, unconfirmed.id]));
    const all = [...spent, ...waiting, unconfirmed.id];

    // One at a time, the oldest first; then the rest past 90 days.
    expect(await purgeSpentAlerts(ctx.database.db, now, 1)).toBe(1);
    expect(await remaining(all)).toEqual(all.filter((id) => id !== old1).sort((a, b) => a - b));
    expect(await purgeSpentAlerts(ctx.database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await remaining(all)).toEqual([recent, edge, ...waiting, unconfirmed.id].sort((a, b) => a - b));

    // A shorter retention, read by the schedule's job on its next pass.
    await staff.admin('PUT', 'settings/stock-alerts/', { spent_retention_days: 30 });
    const info: unknown[] = [];
    const log = { info: (...args: unknown[]) => info.push(args) } as never;
    await spentAlertsJob.run({ db: ctx.database.db, now, log, shouldStop: () => false });
    expect(await remaining(all)).toEqual([recent, ...waiting, unconfirmed.id].sort((a, b) => a - b));
    expect(info).toHaveLength(1);
    await staff.admin('PUT', 'settings/stock-alerts/', DEFAULT_STOCK_ALERT_SETTINGS);
  });

  it('reads the setting and deletes in one transaction: the read, the delete, and nothing else', async () => {
    const counter = countingDb(ctx.database);
    await purgeSpentAlerts(counter.db, new Date());
    const statements = counter.sql.filter((text) => !/^(begin|commit)/i.test(text.trim()));
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/^delete from "stock_alerts"/);
  });
});
