import {
  lineTotals,
  QuoteAcceptResultSchema,
  quoteNumber,
  sumTotals,
  type CartView,
  type OrderView,
} from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows-of';
import { carts, items, orders, quoteLines, quotes, quoteVersions } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/helper';
import { countingDb, statementKind, statementsOf } from '../../../test/query-counter';
import { cartLine, itemBySku, tierId } from '../../../test/support/carts';
import {
  checkoutShopper,
  linesOfOrder,
  redeliver,
  setPrice,
  setStock,
  tradeCompany,
  type CheckoutShopper,
} from '../../../test/support/orders';
import { acceptQuote } from './accept';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A UK day some days from today (negative: before). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface QuotedLine {
  sku: string;
  packs: number;
  pricePence: number;
}

/**
 * A quote of the shopper's, sent straight in the database as staff's send writes it: its lines (copied as a
 * request copies the cart's), and versions 1..`versions` with the given prices (each later version a penny
 * less per pack), delivery and expiry. The request and the send have their own tests.
 */
async function sentQuote(
  shopper: CheckoutShopper,
  lines: QuotedLine[],
  { deliveryPence = 4500, expiresOn = dayFromToday(14), versions = 1 } = {},
) {
  const db = ctx.database.db;
  const [quote] = await db
    .insert(quotes)
    .values({ userId: shopper.userId, status: 'sent', note: 'monthly volume 40 pallets', version: versions })
    .returning({ id: quotes.id });
  const rows = [];
  for (const line of lines) {
    const item = await itemBySku(ctx, line.sku);
    const [row] = await db
      .insert(quoteLines)
      .values({
        quoteId: quote!.id,
        itemId: item.id,
        sku: line.sku,
        title: line.sku,
        packs: line.packs,
        unitsPerPack: 1,
        listPricePence: line.pricePence + 100,
      })
      .returning({ id: quoteLines.id });
    rows.push({ id: row!.id, line });
  }
  for (let version = 1; version <= versions; version++) {
    const prices = rows.map(({ id, line }) => ({
      id,
      price_per_pack_pence: line.pricePence + (versions - version),
    }));
    const totals = sumTotals(
      rows.map(({ line }, i) =>
        lineTotals({
          packs: line.packs,
          units_per_pack: 1,
          price_per_pack_pence: prices[i]!.price_per_pack_pence,
          discount_percentage: 0,
          pack_weight_kg: 0,
        }),
      ),
      deliveryPence,
      20,
    );
    await db.insert(quoteVersions).values({
      quoteId: quote!.id,
      version,
      lines: prices,
      deliveryPence,
      subtotalPence: totals.subtotal_pence,
      vatPence: totals.vat_pence,
      totalPence: totals.total_pence,
      vatRate: 20,
      expiresOn,
    });
  }
  return quote!.id;
}

const accept = (shopper: CheckoutShopper, quoteId: number, body: object = {}) =>
  shopper.call('POST', `/api/quotes/${quoteId}/accept/`, body);

async function accepted(shopper: CheckoutShopper, quoteId: number, body: object = {}) {
  const res = await accept(shopper, quoteId, body);
  expect(res.statusCode, res.body).toBe(200);
  return QuoteAcceptResultSchema.parse(res.json());
}

const cartOf = async (shopper: CheckoutShopper, cartId: number) => {
  const res = await shopper.call('GET', `/api/ecommerce/carts/${cartId}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CartView>();
};

const quoteRow = async (quoteId: number) =>
  (await ctx.database.db.select().from(quotes).where(eq(quotes.id, quoteId)))[0]!;

describe('POST /api/quotes/{id}/accept/', () => {
  it('gives the quote a cart of its own at the quoted prices and delivery; the own cart is left as it was', async () => {
    await setStock(ctx, 'TD-PRO-75', 5000);
    await setStock(ctx, 'BW-S-300-100', 5000);
    const buyer = await checkoutShopper(ctx, 'quote-accept');
    await buyer.addSku('PW-HAND-400-CL', 1);
    const quoteId = await sentQuote(buyer, [
      { sku: 'TD-PRO-75', packs: 40, pricePence: 123 },
      { sku: 'BW-S-300-100', packs: 12, pricePence: 2199 },
    ]);

    const answer = await accepted(buyer, quoteId, { version: 1 });
    expect(answer.checkout_url).toBe(`/checkout?cart=${answer.cart_id}`);
    expect(answer.quote).toMatchObject({
      id: quoteId,
      status: 'accepted',
      accepted_version: 1,
      cart_id: answer.cart_id,
    });
    expect(answer.cart_id).not.toBe(buyer.cartId);

    const cart = await cartOf(buyer, answer.cart_id);
    expect(cart.quote).toEqual({ id: quoteId, number: quoteNumber(quoteId) });
    expect(cart.items.map((line) => [line.item.sku, line.pack_quantity, line.price_per_pack])).toEqual([
      ['TD-PRO-75', 40, '1.23'],
      ['BW-S-300-100', 12, '21.99'],
    ]);
    expect(
      cart.items.every((line) => line.discount_percentage === 0 && line.user_exclusive_price === null),
    ).toBe(true);
    // 40 × £1.23 + 12 × £21.99 = £313.08; delivery £45 as quoted; VAT 20 % of £358.08.
    expect([cart.subtotal, cart.shipping_cost, cart.vat_amount, cart.total]).toEqual([
      '313.08',
      '45.00',
      '71.62',
      '429.70',
    ]);
    expect(cart.delivery?.price).toBe('45.00');

    // The buyer's own cart is still theirs and still what it was; the current cart is not the quote's.
    const own = (await buyer.call('GET', '/api/ecommerce/carts/current/')).json<CartView>();
    expect(own.id).toBe(buyer.cartId);
    expect(own.items.map((line) => [line.item.sku, line.pack_quantity])).toEqual([['PW-HAND-400-CL', 1]]);
    expect(own.quote ?? null).toBeNull();

    const row = await quoteRow(quoteId);
    expect([row.status, row.acceptedVersion]).toEqual(['accepted', 1]);
  });

  it('checks out by card at the quoted prices, which a later catalogue change does not move, and marks the quote ordered', async () => {
    await setStock(ctx, 'TD-PRO-75', 5000);
    const buyer = await checkoutShopper(ctx, 'quote-card');
    const quoteId = await sentQuote(buyer, [{ sku: 'TD-PRO-75', packs: 10, pricePence: 99 }], {
      deliveryPence: 0,
    });
    const { cart_id } = await accepted(buyer, quoteId);
    const restore = await setPrice(ctx, 'TD-PRO-75', 5000);
    try {
      const intent = await buyer.call('POST', '/api/ecommerce/payment-intents/', {
        cart_id,
        billing_address: buyer.addressId,
        shipping_address: buyer.addressId,
      });
      expect(intent.statusCode, intent.body).toBe(200);
      // £9.90 + VAT £1.98.
      expect(intent.json<{ amount: number }>().amount).toBe(1188);
      const { client_secret, payment_intent_id } = intent.json<{
        client_secret: string;
        payment_intent_id: string;
      }>();
      expect((await buyer.confirm(client_secret)).statusCode).toBe(200);
      const order = await buyer.placed(payment_intent_id);
      expect(order.total).toBe('11.88');
      const lines = await linesOfOrder(ctx, order.id);
      expect(lines.map((line) => [line.sku, line.packQuantity, line.pricePerPackPence])).toEqual([
        ['TD-PRO-75', 10, 99],
      ]);
      const row = await quoteRow(quoteId);
      expect([row.status, row.orderId]).toEqual(['ordered', order.id]);
      // The quote's cart is spent: accepting again says it was ordered, and makes nothing.
      const again = await accept(buyer, quoteId);
      expect([again.statusCode, again.json()]).toEqual([
        400,
        { detail: 'This quote has already been ordered.' },
      ]);
      expect((await cartOf(buyer, cart_id)).items).toEqual([]);
    } finally {
      await restore();
    }
  });

  it.each([
    ['POST orders/ alone', false],
    ['the webhook first', true],
  ])(
    'a client written to spec 2 pays the quote cart with an intent of `{cart_id}` alone at the quoted total (%s)',
    async (_name, webhookFirst) => {
      await setStock(ctx, 'TD-PRO-75', 5000);
      const buyer = await checkoutShopper(ctx, 'quote-spec');
      const quoteId = await sentQuote(buyer, [{ sku: 'TD-PRO-75', packs: 3, pricePence: 250 }], {
        deliveryPence: 500,
      });
      const { cart_id } = await accepted(buyer, quoteId);
      const res = await buyer.call('POST', '/api/ecommerce/payment-intents/', { cart_id });
      expect(res.statusCode, res.body).toBe(200);
      const intent = res.json<{ amount: number; client_secret: string; payment_intent_id: string }>();
      // 3 × £2.50 + £5.00 delivery = £12.50, + VAT £2.50.
      expect(intent.amount).toBe(1500);
      expect((await buyer.confirm(intent.client_secret)).statusCode).toBe(200);
      if (webhookFirst) expect(await redeliver(ctx, intent.payment_intent_id)).not.toContain(500);
      const order = await buyer.placed(intent.payment_intent_id);
      expect([order.total, order.shipping_cost]).toEqual(['15.00', '5.00']);
      expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toHaveLength(
        1,
      );
      expect((await quoteRow(quoteId)).orderId).toBe(order.id);
    },
  );

  it('two tabs accepting at once get one cart, and two orders on account from it make one order', async () => {
    await setStock(ctx, 'BW-S-300-100', 5000);
    const company = await tradeCompany(ctx, { creditLimitPence: 1_000_000 });
    const buyer = await company.member('administrator', null, 'quote-tabs');
    const quoteId = await sentQuote(buyer, [{ sku: 'BW-S-300-100', packs: 3, pricePence: 1500 }]);

    const [a, b] = await Promise.all([accept(buyer, quoteId), accept(buyer, quoteId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json<{ cart_id: number }>().cart_id).toBe(b.json<{ cart_id: number }>().cart_id);
    const cartId = a.json<{ cart_id: number }>().cart_id;
    expect(await ctx.database.db.select().from(carts).where(eq(carts.quoteId, quoteId))).toHaveLength(1);

    const placed = await Promise.all([
      buyer.onAccount({ cart_id: cartId }),
      buyer.onAccount({ cart_id: cartId }),
    ]);
    expect(placed.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    const order = placed.find((res) => res.statusCode === 201)!.json<OrderView>();
    // 3 × £15.00 + £45.00 delivery, + VAT.
    expect(order.total).toBe('108.00');
    expect(order.payment_status).toBe('ON_ACCOUNT');
    const made = await ctx.database.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(made).toHaveLength(1);
    expect((await quoteRow(quoteId)).orderId).toBe(order.id);
  });

  it('refuses an expired or superseded quote, and a quote cart that expired after it was accepted, each saying why', async () => {
    await setStock(ctx, 'TD-PRO-75', 5000);
    const buyer = await checkoutShopper(ctx, 'quote-refused');
    const expired = await sentQuote(buyer, [{ sku: 'TD-PRO-75', packs: 2, pricePence: 100 }], {
      expiresOn: dayFromToday(-2),
    });
    const res = await accept(buyer, expired);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(
      /^This quote expired on \d+ \w+ \d{4}\. Ask us for a new one\.$/,
    );

    const revised = await sentQuote(buyer, [{ sku: 'TD-PRO-75', packs: 2, pricePence: 100 }], {
      versions: 2,
    });
    const old = await accept(buyer, revised, { version: 1 });
    expect([old.statusCode, old.json()]).toEqual([
      400,
      { detail: 'This quote has been revised: version 2 is the one to accept.' },
    ]);
    expect(await ctx.database.db.select().from(carts).where(eq(carts.quoteId, revised))).toEqual([]);
    // The latest version is taken at its prices (the earlier one was a penny dearer).
    const { cart_id } = await accepted(buyer, revised, { version: 2 });
    expect((await cartOf(buyer, cart_id)).items[0]!.price_per_pack).toBe('1.00');

    // Accepted, then its day passed: paying is refused with the reason, before any money moves.
    await ctx.database.db
      .update(quoteVersions)
      .set({ expiresOn: dayFromToday(-1) })
      .where(eq(quoteVersions.quoteId, revised));
    const intent = await buyer.call('POST', '/api/ecommerce/payment-intents/', {
      cart_id,
      billing_address: buyer.addressId,
      shipping_address: buyer.addressId,
    });
    expect(intent.statusCode).toBe(400);
    expect(intent.json<{ cart: string[] }>().cart[0]).toMatch(/^This quote expired on /);
  });

  it('keeps a quote cart’s lines as quoted: adding, changing and removing lines are refused', async () => {
    await setStock(ctx, 'TD-PRO-75', 5000);
    const buyer = await checkoutShopper(ctx, 'quote-fixed');
    const quoteId = await sentQuote(buyer, [{ sku: 'TD-PRO-75', packs: 5, pricePence: 100 }]);
    const { cart_id } = await accepted(buyer, quoteId);
    const [line] = (await cartOf(buyer, cart_id)).items;
    const item = await itemBySku(ctx, 'TD-PRO-75');
    const tier = await tierId(ctx, item.variantId, 'pack', 1);
    const locked = { detail: 'This cart holds a quote at fixed prices: its lines cannot be changed.' };

    const added = await buyer.call('POST', '/api/cart-items/', [cartLine(cart_id, item.id, tier, 1)]);
    expect([added.statusCode, added.json()]).toEqual([400, locked]);
    const changed = await buyer.call('PATCH', `/api/ecommerce/cart-items/${line!.id}/`, {
      pack_quantity: 50,
    });
    expect([changed.statusCode, changed.json()]).toEqual([400, locked]);
    const removed = await buyer.call('DELETE', `/api/ecommerce/cart-items/${line!.id}/`);
    expect([removed.statusCode, removed.json()]).toEqual([400, locked]);
    expect(
      (await cartOf(buyer, cart_id)).items.map((row) => [row.pack_quantity, row.price_per_pack]),
    ).toEqual([[5, '1.00']]);
    // The own cart still takes lines.
    await buyer.addSku('TD-PRO-75', 1);
    expect((await buyer.cart()).items).toHaveLength(1);
  });

  it('answers 404 for another user’s quote, 401 without a session, and 400 for a bad version, writing nothing', async () => {
    await setStock(ctx, 'TD-PRO-75', 5000);
    const [owner, other] = [
      await checkoutShopper(ctx, 'quote-owner'),
      await checkoutShopper(ctx, 'quote-other'),
    ];
    const quoteId = await sentQuote(owner, [{ sku: 'TD-PRO-75', packs: 1, pricePence: 100 }]);
    expect((await accept(other, quoteId)).statusCode).toBe(404);
    expect((await accept(other, 2_000_000_000)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${quoteId}/accept/`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    for (const body of [
      { version: 0 },
      { version: 'latest' },
      { version: 1.5 },
      { version: 1, extra: true },
    ]) {
      expect((await accept(owner, quoteId, body)).statusCode).toBe(400);
    }
    expect((await owner.call('POST', '/api/quotes/abc/accept/', {})).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(carts).where(eq(carts.quoteId, quoteId))).toEqual([]);
    expect((await quoteRow(quoteId)).status).toBe('sent');
  });

  it('refuses a quote whose item is no longer sold, making no cart', async () => {
    await setStock(ctx, 'BW-S-500-100', 5000);
    const buyer = await checkoutShopper(ctx, 'quote-gone');
    const quoteId = await sentQuote(buyer, [
      { sku: 'TD-PRO-75', packs: 1, pricePence: 100 },
      { sku: 'BW-S-500-100', packs: 1, pricePence: 100 },
    ]);
    await ctx.database.db.update(items).set({ status: 'inactive' }).where(eq(items.sku, 'BW-S-500-100'));
    try {
      const res = await accept(buyer, quoteId);
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { detail: 'An item of this quote is no longer sold. Ask us for a new quote.' },
      ]);
      expect(await ctx.database.db.select().from(carts).where(eq(carts.quoteId, quoteId))).toEqual([]);
      expect((await quoteRow(quoteId)).status).toBe('sent');
    } finally {
      await ctx.database.db.update(items).set({ status: 'active' }).where(eq(items.sku, 'BW-S-500-100'));
    }
  });

  it('accepts in two statements: the quote locked with its version, then the cart, its lines and the quote’s state', async () => {
    await setStock(ctx, 'TD-PRO-75', 5000);
    const buyer = await checkoutShopper(ctx, 'quote-count');
    const quoteId = await sentQuote(buyer, [
      { sku: 'TD-PRO-75', packs: 1, pricePence: 100 },
      { sku: 'PW-HAND-400-CL', packs: 2, pricePence: 300 },
    ]);
    const counter = countingDb(ctx.database);
    const { cartId } = await acceptQuote(counter.db, buyer.userId, quoteId, 1);
    expect(statementsOf(counter.sql).map(statementKind)).toEqual([
      'select quotes for update',
      'with cart: insert carts',
    ]);
    const [row] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from cart_items where cart_id = ${cartId}`),
    );
    expect(row!.n).toBe(2);
    // Accepting again reads and answers the same cart: one statement.
    counter.reset();
    expect(await acceptQuote(counter.db, buyer.userId, quoteId, 1)).toEqual({ cartId });
    expect(statementsOf(counter.sql)).toHaveLength(1);
  });
});
