// Back-in-stock alerts in a fixed, small number of statements: asking, confirming and listing, and
// what a restock adds to a stock change — one UPDATE … RETURNING, and one multi-row INSERT into the outbox
// when alerts are due, however many. Counted at the services, so the routes' session check (one statement on
// every authenticated call) and the visitor's per-client limit (one) are not in these lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { countingDb, statementKind, statementsOf } from '../../../test/query-counter';
import { staffMember } from '../../../test/support/administration';
import { itemBySku, newShopper } from '../../../test/support/carts';
import { alertCode, backInStockEmails, setItemStock } from '../../../test/support/stock-alerts';
import { createStockAdminService } from '../administration/catalogue/stock/service';
import { createRateLimiter } from '../rate-limits/service';
import { createStockAlertsService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

const PUBLIC_URL = 'https://shop.example';

/** The services over a counting connection; the limiter's hourly clean-up done before counting starts. */
async function counted() {
  const counter = countingDb(ctx.database);
  const rateLimiter = createRateLimiter(counter.db);
  await rateLimiter.consume({ name: 'warm-up', limit: 1_000_000, windowMs: 60_000 }, 'statement-counts');
  const alerts = createStockAlertsService(counter.db, {
    tokens: ctx.app.services.tokens,
    rateLimiter,
    publicUrl: PUBLIC_URL,
  });
  const stock = createStockAdminService(counter.db, { publicUrl: PUBLIC_URL });
  const take = () => {
    const kinds = statementsOf(counter.sql).map(statementKind);
    counter.reset();
    return kinds;
  };
  counter.reset();
  return { alerts, stock, take };
}

describe('statements of stock alerts', () => {
  it('asks in 2 signed in, 4 as a visitor e-mailed a code, 2 asking again, and confirms in 4', async () => {
    const covers = await itemBySku(ctx, 'PC-SC-120-100-180-BK');
    await setItemStock(ctx, covers.id, 0);
    const buyer = await newShopper(ctx, 'counted');
    const { alerts, take } = await counted();

    await alerts.requestForAccount({ id: buyer.userId, email: buyer.email }, covers.id);
    const signedIn = take();

    const email = `counted.${Date.now().toString(36)}@example.com`;
    await alerts.requestAsVisitor(covers.id, email, '198.51.100.7');
    const visitor = take();
    await alerts.requestAsVisitor(covers.id, email, '198.51.100.7');
    const again = take();

    const confirmed = await alerts.confirm({ email, code: await alertCode(ctx, email) }, '198.51.100.7');
    expect(confirmed.status).toBe('active');
    const confirm = take();

    await alerts.list(buyer.userId, { limit: 20, offset: 0 });
    const list = take();

    expect({ signedIn, visitor, again, confirm, list }).toEqual({
      // The item, FOR SHARE against a restock meanwhile; the alert, made or answered in one upsert.
      signedIn: ['select items', 'insert stock_alerts'],
      // The same, then the address's code budget counted and the code e-mailed, in the same transaction.
      visitor: ['select items', 'insert stock_alerts', 'insert rate_limits', 'insert outbound_emails'],
      // The code still lives: nothing counted, nothing sent.
      again: ['select items', 'insert stock_alerts'],
      confirm: [
        // The address's alerts waiting for a code, locked; the matched one made active.
        'select stock_alerts for update',
        'update stock_alerts',
        // Its item, and the restock's spend in case it came back while the alert waited (none due here).
        'select items',
        'update stock_alerts',
      ],
      // One page with its count.
      list: ['select stock_alerts'],
    });
  });

  it('adds one statement to a restock with nothing due, and two with alerts due however many', async () => {
    const covers = await itemBySku(ctx, 'PC-SC-120-100-180-BK');
    await setItemStock(ctx, covers.id, 0);
    const staff = await staffMember(ctx, 'staff', 'counted-restock');
    const actor = { id: staff.userId, email: staff.email };
    const { stock, take } = await counted();

    const adjust = (delta: number) => stock.adjustStock(actor, covers.id, { delta, reason: 'Count' });
    const CHANGE = ['select items for update', 'update items', 'insert stock_movements', 'insert audit_log'];
    const ANSWER = ['select stock_movements'];

    // A pack in stock, which spends what the test before left waiting.
    await adjust(25);
    take();
    // Taken away: no alert is weighed.
    await adjust(-10);
    const down = take();
    // Added, nothing waiting.
    await adjust(10);
    const none = take();

    await setItemStock(ctx, covers.id, 0);
    const buyers = await Promise.all([1, 2, 3].map((n) => newShopper(ctx, `counted-waits${n}`)));
    for (const buyer of buyers) await buyer.call('POST', '/api/stock-alerts/', { item: covers.id });
    take();
    await adjust(25);
    const due = take();
    for (const buyer of buyers) expect(await backInStockEmails(ctx, buyer.email)).toHaveLength(1);

    expect({ down, none, due }).toEqual({
      down: [...CHANGE, ...ANSWER],
      none: [...CHANGE, 'update stock_alerts', ...ANSWER],
      due: [...CHANGE, 'update stock_alerts', 'insert outbound_emails', ...ANSWER],
    });
  });
});
