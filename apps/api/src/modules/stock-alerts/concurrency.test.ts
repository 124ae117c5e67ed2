// Each subscriber gets exactly one back-in-stock e-mail however the restocks meet: restocks at the
// same time, a restock racing a sale that takes the stock, and two app instances on one database, each with
// its own connections (as two server processes have).
import type { StockAlertAnswer } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { databaseUrlOf } from '../../../test/server-process';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { itemBySku, newShopper, type Shopper } from '../../../test/support/carts';
import { checkoutShoppers, orderBody } from '../../../test/support/orders';
import {
  alertCode,
  backInStockEmails,
  restock,
  setItemStock,
  stockAlertVisitors,
} from '../../../test/support/stock-alerts';
import { buildApp, type App } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { notifyRestocked } from './restock';

/** Both app instances sign and check tokens with one secret, as the processes of one shop do. */
const config = testConfig({ JWT_SECRET: 'stock-alert-instances-share-this-secret-0123456789' });

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp({ config });
  staff = await staffMember(ctx, 'staff', 'restocker');
});
afterAll(() => ctx.close());

/** Black UV Shrink Covers: 25 a pack. */
const COVERS = 'PC-SC-120-100-180-BK';
/** Heavy Duty Tape Gun 75mm: 1 a pack, sold by the checkout below. */
const TAPE = 'TD-PRO-75';

/** Signed-in buyers and a confirmed visitor, each with an active alert for the item. */
async function subscribers(context: TestContext, itemId: number, buyers: number) {
  const shoppers: Shopper[] = await Promise.all(
    Array.from({ length: buyers }, (_, i) => newShopper(context, `subscriber${i + 1}`)),
  );
  for (const shopper of shoppers) {
    const res = await shopper.call('POST', '/api/stock-alerts/', { item: itemId });
    expect(res.statusCode, res.body).toBe(201);
  }
  const visitors = stockAlertVisitors(context);
  const email = `visitor.${Date.now().toString(36)}.${itemId}@example.com`;
  await visitors.asked(itemId, email);
  const confirmed = await visitors.confirm({ email, code: await alertCode(context, email) });
  expect(confirmed.json<StockAlertAnswer>().status).toBe('active');
  return [...shoppers.map((shopper) => shopper.email), email];
}

async function expectOneEmailEach(emails: readonly string[]) {
  for (const email of emails) expect(await backInStockEmails(ctx, email), email).toHaveLength(1);
}

describe('restocks at the same time', () => {
  it('e-mails each subscriber once when five adjustments restock the item at once', async () => {
    const covers = await itemBySku(ctx, COVERS);
    await setItemStock(ctx, covers.id, 0);
    const emails = await subscribers(ctx, covers.id, 3);
    const answers = await Promise.all(Array.from({ length: 5 }, () => restock(staff, covers.id, 25)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect((await itemBySku(ctx, COVERS)).stock).toBe(125);
    await expectOneEmailEach(emails);
  });

  it('spends an alert once when two transactions spend it together, by the UPDATE’s row locks alone', async () => {
    const covers = await itemBySku(ctx, COVERS);
    await setItemStock(ctx, covers.id, 0);
    const emails = await subscribers(ctx, covers.id, 2);
    // No item lock here: the stock is set beforehand, and each transaction only spends.
    await setItemStock(ctx, covers.id, 50);
    let firstHasSpent!: () => void;
    const spentByFirst = new Promise<void>((resolve) => (firstHasSpent = resolve));
    let commitFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    const db = ctx.database.db;
    const first = db.transaction(async (tx) => {
      const ids = await notifyRestocked(tx, [covers.id], 'https://shop.example');
      firstHasSpent();
      await firstMayCommit;
      return ids;
    });
    await spentByFirst;
    // Starts while the first holds the rows (on PostgreSQL it waits for them; PGlite runs one transaction at
    // a time), and finds them spent once the first commits.
    const second = db.transaction((tx) => notifyRestocked(tx, [covers.id], 'https://shop.example'));
    setTimeout(commitFirst, 100);
    const [firstIds, secondIds] = await Promise.all([first, second]);
    expect(firstIds).toHaveLength(emails.length);
    expect(secondIds).toEqual([]);
    await expectOneEmailEach(emails);
  });
});

describe('a restock racing a sale', () => {
  it('e-mails each subscriber once while buyers take the stock back as it arrives', async () => {
    const tape = await itemBySku(ctx, TAPE);
    const buyers = await checkoutShoppers(ctx, 3, 'racer');
    // The buyers fill their carts and pay while there is stock; then it is sold out.
    await setItemStock(ctx, tape.id, 10);
    const intents = await Promise.all(
      buyers.map(async (buyer) => {
        await buyer.addSku(TAPE, 1);
        return buyer.paidIntent();
      }),
    );
    await setItemStock(ctx, tape.id, 0);
    const emails = await subscribers(ctx, tape.id, 2);

    // Two units arrive, in two deliveries, while three buyers place their orders.
    const [orders] = await Promise.all([
      Promise.all(buyers.map((buyer, i) => buyer.order(intents[i]!.payment_intent_id))),
      restock(staff, tape.id, 1),
      restock(staff, tape.id, 1),
    ]);
    const statuses = orders.map((res) => res.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const sold = statuses.filter((status) => status === 201).length;
    expect((await itemBySku(ctx, TAPE)).stock).toBe(2 - sold);
    await expectOneEmailEach(emails);

    // Sold out again by the race or not, a later delivery e-mails no one again: the alerts are spent.
    await restock(staff, tape.id, 5);
    await expectOneEmailEach(emails);
  });
});

describe('two app instances on one database', () => {
  let other: { app: App; database: Database; close(): Promise<void> };
  beforeAll(async () => {
    // On PostgreSQL a pool of its own, as another process has; PGlite has one connection to share.
    const database =
      ctx.database.kind === 'postgres'
        ? await openDatabase({ databaseUrl: databaseUrlOf(ctx.database), poolSize: 4 })
        : ctx.database;
    const app = await buildApp({ config, database });
    await app.ready();
    other = {
      app,
      database,
      close: async () => {
        await app.close();
        if (database !== ctx.database) await database.close();
      },
    };
  });
  afterAll(() => other?.close());

  it('e-mails each subscriber once when both restock the item at once, a buyer ordering through one', async () => {
    const covers = await itemBySku(ctx, COVERS);
    const [buyer] = await checkoutShoppers(ctx, 1, 'other-instance');
    await setItemStock(ctx, covers.id, 25);
    await buyer!.addSku(COVERS, 1);
    const intent = await buyer!.paidIntent();
    await setItemStock(ctx, covers.id, 0);
    const emails = await subscribers(ctx, covers.id, 3);
    const order = other.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { authorization: `Bearer ${buyer!.token}` },
      payload: orderBody(buyer!.addressId, intent.payment_intent_id),
    });
    const adjust = (app: App) =>
      app.inject({
        method: 'POST',
        url: `/api/administration/items/${covers.id}/stock-adjustments/`,
        headers: { authorization: `Bearer ${staff.token}` },
        payload: { delta: 25, reason: 'Delivery' },
      });
    const [ordered, ...answers] = await Promise.all([
      order,
      adjust(ctx.app),
      adjust(other.app),
      adjust(ctx.app),
      adjust(other.app),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect([201, 409]).toContain(ordered.statusCode);
    expect((await itemBySku(ctx, COVERS)).stock).toBe(ordered.statusCode === 201 ? 75 : 100);
    await expectOneEmailEach(emails);
  });
});
