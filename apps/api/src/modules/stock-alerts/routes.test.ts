// Back-in-stock alerts: who may ask, the visitor's code, the buyer's list, and the one e-mail each
// subscriber gets when staff restock, by an adjustment, the item form or a CSV import.
import {
  ACCOUNT_MESSAGES,
  CONTACT_MESSAGES,
  STOCK_ALERT_MESSAGES,
  type Page,
  type StockAlertAnswer,
  type StockAlertView,
} from '@shop/domain';
import { eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { placedOrder } from '../../../test/support/administration-orders';
import { itemBySku, newShopper } from '../../../test/support/carts';
import {
  alertCode,
  alertCodeEmails,
  alertRow,
  backInStockEmails,
  restock,
  setItemStock,
  stockAlertVisitors,
} from '../../../test/support/stock-alerts';
import { items, rateLimits, stockAlerts } from '../../db/schema';
import { eraseAccount } from '../accounts/service';
import { STOCK_ALERT_LIMITS } from './service';

let ctx: TestContext;
let staff: StaffMember;
let visitors: ReturnType<typeof stockAlertVisitors>;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ PUBLIC_URL: 'https://shop.example' }) });
  staff = await staffMember(ctx, 'staff', 'alerts-desk');
  visitors = stockAlertVisitors(ctx);
});
afterAll(() => ctx.close());

/** Black UV Shrink Covers: 25 a pack, seeded out of stock, on /details/wraps/pallet-covers. */
const COVERS = 'PC-SC-120-100-180-BK';
/** Pink Mailing Bags 14" x 20": 100 a pack, seeded out of stock. */
const PINK_BAGS = 'MB-PNK-1420';

/** A seeded item made out of stock (no units) for one test. */
async function soldOut(sku: string) {
  const item = await itemBySku(ctx, sku);
  await setItemStock(ctx, item.id, 0);
  return item;
}

let addresses = 0;
const newAddress = (name: string) => `${name}.${Date.now().toString(36)}.${++addresses}@example.com`;

/** A visitor's alert, confirmed with the code e-mailed to them. */
async function confirmedVisitor(itemId: number, name = 'visitor') {
  const email = newAddress(name);
  const asked = await visitors.asked(itemId, email);
  const res = await visitors.confirm({ email, code: await alertCode(ctx, email) });
  expect(res.statusCode, res.body).toBe(200);
  return { email, id: asked.id };
}

describe('POST stock-alerts/ signed in', () => {
  it('makes an active alert to the account’s address at once, and answers the same one when asked again', async () => {
    const covers = await soldOut(COVERS);
    const buyer = await newShopper(ctx, 'alert-buyer');
    const first = await buyer.call('POST', '/api/stock-alerts/', { item: covers.id });
    expect(first.statusCode, first.body).toBe(201);
    const alert = first.json<StockAlertAnswer>();
    expect(alert).toEqual({
      id: expect.any(Number),
      item: covers.id,
      sku: COVERS,
      title: 'Black UV Shrink Covers 1.2 x 1.0 x 1.8m, roll of 25',
      product_name: expect.any(String),
      product_url: '/details/wraps/pallet-covers',
      email: buyer.email,
      status: 'active',
      created_at: expect.any(String),
      notified_at: null,
      message: STOCK_ALERT_MESSAGES.active(COVERS),
    });
    expect(first.headers['cache-control']).toBe('private, no-store');

    const again = await buyer.call('POST', '/api/stock-alerts/', { item: covers.id, email: buyer.email });
    expect(again.statusCode).toBe(200);
    expect(again.json<StockAlertAnswer>().id).toBe(alert.id);
    // Nothing is e-mailed to a signed-in buyer until the item is back.
    expect(await alertCodeEmails(ctx, buyer.email)).toHaveLength(0);
    expect((await alertRow(ctx, alert.id))!.userId).toBe(buyer.userId);
  });

  it('refuses an item in stock, one that is not for sale and one that does not exist, on item', async () => {
    const buyer = await newShopper(ctx, 'alert-refused');
    const tape = await itemBySku(ctx, 'TD-PRO-50');
    await setItemStock(ctx, tape.id, 10);
    const inStock = await buyer.call('POST', '/api/stock-alerts/', { item: tape.id });
    expect(inStock.statusCode).toBe(400);
    expect(inStock.json()).toEqual({ item: [STOCK_ALERT_MESSAGES.inStock] });

    // Stock under one pack is out of stock: 99 units of a 100-unit pack cannot be ordered.
    const bags = await soldOut(PINK_BAGS);
    await setItemStock(ctx, bags.id, 99);
    const short = await buyer.call('POST', '/api/stock-alerts/', { item: bags.id });
    expect(short.statusCode, short.body).toBe(201);

    // An untracked item is never out of stock.
    const untracked = await itemBySku(ctx, 'TD-STD-50');
    const never = await buyer.call('POST', '/api/stock-alerts/', { item: untracked.id });
    expect(never.json()).toEqual({ item: [STOCK_ALERT_MESSAGES.inStock] });

    await ctx.database.db.update(items).set({ status: 'inactive' }).where(eq(items.id, bags.id));
    const offSale = await buyer.call('POST', '/api/stock-alerts/', { item: bags.id });
    expect(offSale.statusCode).toBe(400);
    expect(offSale.json()).toEqual({ item: [`Invalid pk "${bags.id}" - object does not exist.`] });
    await ctx.database.db.update(items).set({ status: 'active' }).where(eq(items.id, bags.id));

    const unknown = await buyer.call('POST', '/api/stock-alerts/', { item: 2_000_000_000 });
    expect(unknown.json()).toEqual({ item: ['Invalid pk "2000000000" - object does not exist.'] });
  });

  it('refuses another address than the account’s, a bad token, and bodies it cannot read', async () => {
    const covers = await soldOut(COVERS);
    const buyer = await newShopper(ctx, 'alert-strict');
    const other = await buyer.call('POST', '/api/stock-alerts/', {
      item: covers.id,
      email: 'else@example.com',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ email: [STOCK_ALERT_MESSAGES.accountEmail] });

    // A bad token is refused, never taken for a visitor.
    const badToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock-alerts/',
      headers: { authorization: 'Bearer not-a-token' },
      payload: { item: covers.id, email: 'someone@example.com' },
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json()).toMatchObject({ code: 'token_not_valid' });

    for (const body of [{}, { item: 'one' }, { item: -1 }, { item: 1e12 }, { item: covers.id, user: 3 }]) {
      const res = await buyer.call('POST', '/api/stock-alerts/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock-alerts/',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      payload: '{"item":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(
      await ctx.database.db.select().from(stockAlerts).where(eq(stockAlerts.userId, buyer.userId)),
    ).toEqual([]);
  });
});

describe('POST stock-alerts/ as a visitor, and confirm/', () => {
  it('e-mails a code, and the right code makes the alert active', async () => {
    const covers = await soldOut(COVERS);
    const email = newAddress('visitor');
    const asked = await visitors.ask({ item: covers.id, email: ` ${email.toUpperCase()} ` });
    expect(asked.statusCode, asked.body).toBe(201);
    const alert = asked.json<StockAlertAnswer>();
    expect(alert).toMatchObject({
      email,
      status: 'awaiting_confirmation',
      message: STOCK_ALERT_MESSAGES.codeSent(email),
    });
    const [mail] = await alertCodeEmails(ctx, email);
    expect(mail!.textBody).toContain(`(SKU ${COVERS})`);
    const row = await alertRow(ctx, alert.id);
    expect(row).toMatchObject({ userId: null, confirmedAt: null, attempts: 0 });
    // Stored as its keyed hash, never as the digits.
    const code = await alertCode(ctx, email);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);

    const confirmed = await visitors.confirm({ email, code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      id: alert.id,
      status: 'active',
      message: STOCK_ALERT_MESSAGES.active(COVERS),
    });
    expect(await alertRow(ctx, alert.id)).toMatchObject({ codeHash: null, confirmedAt: expect.any(Date) });
    // The code is spent.
    const again = await visitors.confirm({ email, code });
    expect(again.json()).toEqual({ code: [ACCOUNT_MESSAGES.otpInvalid] });
  });

  it('answers the waiting alert when asked again, e-mailing no second code while the first lives', async () => {
    const covers = await soldOut(COVERS);
    const email = newAddress('twice');
    const first = await visitors.asked(covers.id, email);
    const second = await visitors.ask({ item: covers.id, email });
    expect(second.statusCode).toBe(200);
    expect(second.json<StockAlertAnswer>()).toMatchObject({ id: first.id, status: 'awaiting_confirmation' });
    expect(await alertCodeEmails(ctx, email)).toHaveLength(1);

    // Once the code has expired, asking again sends a new one, and only the new one works.
    const oldCode = await alertCode(ctx, email);
    await ctx.database.db
      .update(stockAlerts)
      .set({ codeExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(stockAlerts.id, first.id));
    const third = await visitors.ask({ item: covers.id, email });
    expect(third.statusCode).toBe(200);
    expect(await alertCodeEmails(ctx, email)).toHaveLength(2);
    const newCode = await alertCode(ctx, email);
    if (newCode !== oldCode) {
      expect((await visitors.confirm({ email, code: oldCode })).json()).toEqual({
        code: [ACCOUNT_MESSAGES.otpInvalid],
      });
    }
    expect((await visitors.confirm({ email, code: newCode })).statusCode).toBe(200);

    // An active alert is answered as it is, and e-mails nothing.
    const active = await visitors.ask({ item: covers.id, email });
    expect(active.json<StockAlertAnswer>()).toMatchObject({ id: first.id, status: 'active' });
    expect(await alertCodeEmails(ctx, email)).toHaveLength(2);
  });

  it('refuses an expired code', async () => {
    const covers = await soldOut(COVERS);
    const email = newAddress('late');
    const alert = await visitors.asked(covers.id, email);
    const code = await alertCode(ctx, email);
    await ctx.database.db
      .update(stockAlerts)
      .set({ codeExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(stockAlerts.id, alert.id));
    const res = await visitors.confirm({ email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: [ACCOUNT_MESSAGES.otpExpired] });
    expect((await alertRow(ctx, alert.id))!.confirmedAt).toBeNull();
  });

  it('counts the requester’s wrong codes and burns the code for them after five, the right one included', async () => {
    const covers = await soldOut(COVERS);
    const email = newAddress('guesser');
    const own = visitors.nextIp();
    const asked = await visitors.ask({ item: covers.id, email }, own);
    expect(asked.statusCode).toBe(201);
    const { id } = asked.json<{ id: number }>();
    const code = await alertCode(ctx, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await visitors.confirm({ email, code: wrong }, own);
      expect(res.json(), `attempt ${attempt}`).toEqual({ code: [ACCOUNT_MESSAGES.otpInvalid] });
    }
    expect((await visitors.confirm({ email, code: wrong }, own)).json()).toEqual({
      code: [ACCOUNT_MESSAGES.otpBurnt],
    });
    expect((await alertRow(ctx, id))!.attempts).toBe(5);
    const right = await visitors.confirm({ email, code }, own);
    expect(right.json()).toEqual({ code: [ACCOUNT_MESSAGES.otpBurnt] });
    expect((await alertRow(ctx, id))!.confirmedAt).toBeNull();

    // Asking again sends a fresh code with fresh tries.
    expect((await visitors.ask({ item: covers.id, email }, own)).statusCode).toBe(200);
    expect((await alertRow(ctx, id))!.attempts).toBe(0);
    expect((await visitors.confirm({ email, code: await alertCode(ctx, email) }, own)).statusCode).toBe(200);
  });

  it('gives the requester tries of their own: five wrong codes from other clients do not burn their code', async () => {
    const covers = await soldOut(COVERS);
    const email = newAddress('targeted');
    const own = visitors.nextIp();
    const asked = await visitors.ask({ item: covers.id, email }, own);
    expect(asked.statusCode).toBe(201);
    const { id } = asked.json<{ id: number }>();
    const code = await alertCode(ctx, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    // A stranger's five wrong tries, each from another client, then the right code from another still.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await visitors.confirm({ email, code: wrong });
      expect(res.statusCode, `attempt ${attempt}`).toBe(400);
    }
    expect((await visitors.confirm({ email, code })).json()).toEqual({ code: [ACCOUNT_MESSAGES.otpBurnt] });
    // A stranger asking again neither replaces the code nor mails the address again.
    expect((await visitors.ask({ item: covers.id, email })).statusCode).toBe(200);
    expect(await alertCodeEmails(ctx, email)).toHaveLength(1);
    // The requester's client still has its five tries: the code they were sent works.
    const mine = await visitors.confirm({ email, code }, own);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await alertRow(ctx, id))!.confirmedAt).not.toBeNull();
  });

  it('refuses codes of the wrong shape and a code for an address with nothing waiting', async () => {
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await visitors.confirm({ email: 'a@example.com', code });
      expect(res.statusCode, code).toBe(400);
      expect(Object.keys(res.json())).toEqual(['code']);
    }
    const none = await visitors.confirm({ email: newAddress('nobody'), code: '123456' });
    expect(none.json()).toEqual({ code: [ACCOUNT_MESSAGES.otpInvalid] });
  });

  it('wants the visitor’s address', async () => {
    const covers = await soldOut(COVERS);
    const res = await visitors.ask({ item: covers.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [CONTACT_MESSAGES.emailRequired] });
    const bad = await visitors.ask({ item: covers.id, email: 'not-an-address' });
    expect(bad.json()).toEqual({ email: [CONTACT_MESSAGES.emailInvalid] });
  });

  it('limits each client’s requests, as the other public e-mailing calls are', async () => {
    const covers = await soldOut(COVERS);
    const ip = visitors.nextIp();
    const { limit } = STOCK_ALERT_LIMITS.requestsPerClient;
    for (let n = 0; n < limit; n++) {
      expect((await visitors.ask({ item: covers.id, email: newAddress('flood') }, ip)).statusCode).toBe(201);
    }
    const over = await visitors.ask({ item: covers.id, email: newAddress('flood') }, ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('e-mails one address at most ten codes a day, whoever asks', async () => {
    const covers = await soldOut(COVERS);
    const email = newAddress('flooded');
    const first = await visitors.asked(covers.id, email);
    const { limit } = STOCK_ALERT_LIMITS.codesPerAddress;
    const expire = () =>
      ctx.database.db
        .update(stockAlerts)
        .set({ codeExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(stockAlerts.id, first.id));
    for (let n = 1; n < limit; n++) {
      await expire();
      expect((await visitors.ask({ item: covers.id, email })).statusCode).toBe(200);
    }
    await expire();
    const over = await visitors.ask({ item: covers.id, email });
    expect(over.statusCode).toBe(429);
    expect(await alertCodeEmails(ctx, email)).toHaveLength(limit);
    // Refused whole: the expired code stays as it was.
    expect((await alertRow(ctx, first.id))!.codeExpiresAt!.getTime()).toBeLessThan(Date.now());
    await ctx.database.db
      .delete(rateLimits)
      .where(eq(rateLimits.key, `${STOCK_ALERT_LIMITS.codesPerAddress.name}:${email}`));
  });

  it('e-mails at once an alert confirmed after its item came back', async () => {
    const covers = await soldOut(COVERS);
    const email = newAddress('meanwhile');
    await visitors.asked(covers.id, email);
    await restock(staff, covers.id, 25);
    // Not confirmed yet: the restock passed it by.
    expect(await backInStockEmails(ctx, email)).toHaveLength(0);
    const res = await visitors.confirm({ email, code: await alertCode(ctx, email) });
    expect(res.json()).toMatchObject({
      status: 'notified',
      notified_at: expect.any(String),
      message: STOCK_ALERT_MESSAGES.notifiedAtOnce(COVERS),
    });
    expect(await backInStockEmails(ctx, email)).toHaveLength(1);
  });
});

describe('GET and DELETE account/stock-alerts/', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/stock-alerts/'],
      ['DELETE', '/api/account/stock-alerts/1/'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists the buyer’s own alerts, waiting ones first, a page at a time', async () => {
    const buyer = await newShopper(ctx, 'lister');
    const ids: number[] = [];
    for (const sku of [COVERS, PINK_BAGS, 'TD-PRO-75']) {
      const item = await soldOut(sku);
      const res = await buyer.call('POST', '/api/stock-alerts/', { item: item.id });
      ids.push(res.json<StockAlertAnswer>().id);
    }
    // The first one was e-mailed two days ago; one e-mailed 40 days ago is past the list's 30.
    await ctx.database.db
      .update(stockAlerts)
      .set({ notifiedAt: sql`now() - interval '2 days'` })
      .where(eq(stockAlerts.id, ids[0]!));
    const old = await ctx.database.db
      .insert(stockAlerts)
      .values({
        itemId: (await itemBySku(ctx, COVERS)).id,
        userId: buyer.userId,
        email: buyer.email,
        confirmedAt: sql`now() - interval '50 days'`,
        notifiedAt: sql`now() - interval '40 days'`,
      })
      .returning({ id: stockAlerts.id });
    // Someone else's alert is not in the list.
    const other = await newShopper(ctx, 'other-lister');
    await other.call('POST', '/api/stock-alerts/', { item: (await itemBySku(ctx, COVERS)).id });

    const first = await buyer.call('GET', '/api/account/stock-alerts/?page_size=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<Page<StockAlertView>>();
    expect(page.count).toBe(3);
    expect(page.next).toBe('/api/account/stock-alerts/?page_size=2&page=2');
    expect(page.results.map((alert) => [alert.id, alert.status])).toEqual([
      [ids[2], 'active'],
      [ids[1], 'active'],
    ]);
    const second = (await buyer.call('GET', page.next!)).json<Page<StockAlertView>>();
    expect(second.results.map((alert) => [alert.id, alert.status])).toEqual([[ids[0], 'notified']]);
    expect(second.results.map((alert) => alert.id)).not.toContain(old[0]!.id);
    const past = (await buyer.call('GET', '/api/account/stock-alerts/?page=9&page_size=2')).json<
      Page<StockAlertView>
    >();
    expect(past).toMatchObject({ count: 3, results: [] });

    for (const query of ['page=0', 'page_size=101', 'page=x', 'status=active']) {
      const res = await buyer.call('GET', `/api/account/stock-alerts/?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('cancels the buyer’s own alert, which is then never e-mailed; another user’s answers 404', async () => {
    const pink = await soldOut(PINK_BAGS);
    const buyer = await newShopper(ctx, 'canceller');
    const other = await newShopper(ctx, 'bystander');
    const mine = (await buyer.call('POST', '/api/stock-alerts/', { item: pink.id })).json<StockAlertAnswer>();
    const theirs = (
      await other.call('POST', '/api/stock-alerts/', { item: pink.id })
    ).json<StockAlertAnswer>();

    const foreign = await buyer.call('DELETE', `/api/account/stock-alerts/${theirs.id}/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
    expect(await alertRow(ctx, theirs.id)).toBeDefined();
    for (const id of ['0', 'x', '99999999999']) {
      expect((await buyer.call('DELETE', `/api/account/stock-alerts/${id}/`)).statusCode).toBe(400);
    }

    expect((await buyer.call('DELETE', `/api/account/stock-alerts/${mine.id}/`)).statusCode).toBe(204);
    expect((await buyer.call('DELETE', `/api/account/stock-alerts/${mine.id}/`)).statusCode).toBe(404);
    await restock(staff, pink.id, 100);
    expect(await backInStockEmails(ctx, buyer.email)).toHaveLength(0);
    expect(await backInStockEmails(ctx, other.email)).toHaveLength(1);
  });
});

describe('restocking', () => {
  it('e-mails each confirmed subscriber once the stock covers a pack, and a later restock nothing more', async () => {
    const covers = await soldOut(COVERS);
    const buyers = [await newShopper(ctx, 'waiting-a'), await newShopper(ctx, 'waiting-b')];
    for (const buyer of buyers) await buyer.call('POST', '/api/stock-alerts/', { item: covers.id });
    const visitor = await confirmedVisitor(covers.id);
    const unconfirmed = newAddress('unconfirmed');
    await visitors.asked(covers.id, unconfirmed);
    const subscribers = [...buyers.map((buyer) => buyer.email), visitor.email];

    // 24 units of a 25-unit pack: still out of stock, nothing is sent.
    await restock(staff, covers.id, 24);
    for (const email of subscribers) expect(await backInStockEmails(ctx, email)).toHaveLength(0);

    await restock(staff, covers.id, 1);
    for (const email of subscribers) {
      const sent = await backInStockEmails(ctx, email);
      expect(sent, email).toHaveLength(1);
      expect(sent[0]!.subject).toBe('Back in stock: Black UV Shrink Covers 1.2 x 1.0 x 1.8m, roll of 25');
      expect(sent[0]!.textBody).toContain(`SKU ${COVERS}`);
      expect(sent[0]!.textBody).toContain('https://shop.example/details/wraps/pallet-covers');
    }
    expect(await backInStockEmails(ctx, unconfirmed)).toHaveLength(0);
    const listed = (await buyers[0]!.call('GET', '/api/account/stock-alerts/')).json<Page<StockAlertView>>();
    expect(listed.results.find((alert) => alert.item === covers.id)).toMatchObject({
      status: 'notified',
      notified_at: expect.any(String),
    });

    // A second delivery later sends nothing more: the alerts are spent.
    await restock(staff, covers.id, 50);
    for (const email of subscribers) expect(await backInStockEmails(ctx, email)).toHaveLength(1);

    // Sold out again, a spent alert does not stop a new one.
    await setItemStock(ctx, covers.id, 0);
    const again = await buyers[0]!.call('POST', '/api/stock-alerts/', { item: covers.id });
    expect(again.statusCode).toBe(201);
  });

  it('spends alerts from a CSV import that restocks the item, in its transaction', async () => {
    const pink = await soldOut(PINK_BAGS);
    const buyer = await newShopper(ctx, 'importer-waits');
    await buyer.call('POST', '/api/stock-alerts/', { item: pink.id });
    const send = (path: string, csv: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/administration/import-export/items/${path}`,
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'text/csv' },
        payload: csv,
      });
    const csv = `sku,stock\n${PINK_BAGS},500\n`;
    const preview = await send('preview/', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    const applied = await send(`apply/?sha256=${preview.json<{ sha256: string }>().sha256}`, csv);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await backInStockEmails(ctx, buyer.email)).toHaveLength(1);
  });

  it('spends alerts when the item form makes the item orderable: more stock, or no longer tracked', async () => {
    const covers = await soldOut(COVERS);
    const buyer = await newShopper(ctx, 'form-waits');
    await buyer.call('POST', '/api/stock-alerts/', { item: covers.id });
    const renamed = await staff.admin('PATCH', `items/${covers.id}/`, { low_stock_threshold: 5 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await backInStockEmails(ctx, buyer.email)).toHaveLength(0);
    expect((await staff.admin('PATCH', `items/${covers.id}/`, { stock: 30 })).statusCode).toBe(200);
    expect(await backInStockEmails(ctx, buyer.email)).toHaveLength(1);

    const pink = await soldOut(PINK_BAGS);
    const other = await newShopper(ctx, 'untracked-waits');
    await other.call('POST', '/api/stock-alerts/', { item: pink.id });
    expect((await staff.admin('PATCH', `items/${pink.id}/`, { track_inventory: false })).statusCode).toBe(
      200,
    );
    expect(await backInStockEmails(ctx, other.email)).toHaveLength(1);
    await ctx.database.db.update(items).set({ trackInventory: true }).where(eq(items.id, pink.id));
  });

  it('spends alerts when staff cancel an order and its stock comes back', async () => {
    const { order } = await placedOrder(ctx, { sku: 'TD-PRO-75', packs: 2, name: 'cancelled-buyer' });
    const tape = await itemBySku(ctx, 'TD-PRO-75');
    await setItemStock(ctx, tape.id, 0);
    const waiting = await newShopper(ctx, 'cancel-waits');
    expect((await waiting.call('POST', '/api/stock-alerts/', { item: tape.id })).statusCode).toBe(201);
    const cancelled = await staff.admin('POST', `orders/${order.id}/status/`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await itemBySku(ctx, 'TD-PRO-75')).stock).toBe(2);
    expect(await backInStockEmails(ctx, waiting.email)).toHaveLength(1);
  });

  it('lets only staff restock: a customer’s adjustment changes nothing and e-mails no one', async () => {
    const covers = await soldOut(COVERS);
    const buyer = await newShopper(ctx, 'not-staff');
    await buyer.call('POST', '/api/stock-alerts/', { item: covers.id });
    const path = `/api/administration/items/${covers.id}/stock-adjustments/`;
    const body = { delta: 100, reason: 'Delivery' };
    expect((await buyer.call('POST', path, body)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: path, payload: body })).statusCode).toBe(401);
    expect((await itemBySku(ctx, COVERS)).stock).toBe(0);
    expect(await backInStockEmails(ctx, buyer.email)).toHaveLength(0);
  });
});

describe('erasing an account', () => {
  it('erases its alerts: those made signed in and those asked for with its address as a visitor', async () => {
    const covers = await soldOut(COVERS);
    const pink = await soldOut(PINK_BAGS);
    const buyer = await newShopper(ctx, 'erased-alerts');
    await buyer.call('POST', '/api/stock-alerts/', { item: covers.id });
    // Before they had an account, or signed out: a visitor's alert with the same address.
    await visitors.asked(pink.id, buyer.email);
    const bystander = await newShopper(ctx, 'kept-alerts');
    await bystander.call('POST', '/api/stock-alerts/', { item: covers.id });
    const ofBuyer = or(eq(stockAlerts.userId, buyer.userId), eq(stockAlerts.email, buyer.email));
    expect(await ctx.database.db.select().from(stockAlerts).where(ofBuyer)).toHaveLength(2);

    await eraseAccount(ctx.database.db, buyer.userId);
    expect(await ctx.database.db.select().from(stockAlerts).where(ofBuyer)).toEqual([]);
    expect(
      await ctx.database.db.select().from(stockAlerts).where(eq(stockAlerts.userId, bystander.userId)),
    ).toHaveLength(1);
  });
});
