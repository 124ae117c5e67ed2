// Deleting an account leaves nothing that names the person but the orders kept for VAT (issue 19, §6).
import type { NewsletterSubscriber, OrderView, PaymentIntentView } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { staffMember } from '../administration/testing';
import { itemBySku, newShopper, cartLine, tierId } from '../carts/testing';
import { card, orderBody } from '../orders/testing';
import { accountClient } from './testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as Rows<T>).rows;

/**
 * Every row of every text, varchar, array and JSON column of the public schema that holds `needle`
 * (case-insensitive), as `table.column#id` (the row's id, or its key when it has no id column).
 */
async function rowsNaming(needle: string): Promise<string[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
    order by c.table_name, c.column_name`);
  expect(columns.length).toBeGreaterThan(50);
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const found = await rowsOf<{ row: string }>(sql`
      select coalesce(to_jsonb(t) ->> 'id', to_jsonb(t) ->> 'key') as row
      from ${sql.identifier(table)} t
      where position(${needle.toLowerCase()} in lower(t.${sql.identifier(column)}::text)) > 0`);
    hits.push(...found.map(({ row }) => `${table}.${column}#${row}`));
  }
  return hits.sort();
}

describe('POST /api/account/delete/: what is left', () => {
  it('finds the e-mail nowhere and the street only in the kept order’s address copies', async () => {
    const api = accountClient(ctx);
    const staff = await staffMember(ctx, 'staff', 'erasure-desk');
    const buyer = await newShopper(ctx, 'erased.person');
    const { email } = buyer;
    const street = `${Date.now().toString(36)} Forgotten Mews`;
    const tape = await itemBySku(ctx, 'TD-PRO-75');
    const tier = await tierId(ctx, tape.variantId, 'pack', 1);

    // The address book, with defaults.
    const address = await buyer.call('POST', '/api/addresses/', {
      first_name: 'Erin',
      last_name: 'Erased',
      street,
      city: 'York',
      state: '',
      postal_code: 'YO1 7HH',
      country: 'UK',
      telephone_number: '07700 900456',
    });
    expect(address.statusCode).toBe(201);
    const addressId = address.json<{ id: number }>().id;
    await buyer.call('PATCH', `/api/addresses/${addressId}/`, { is_default_billing: true });
    const addresses = { billing_address: addressId, shipping_address: addressId };

    // A completed order, shipped by staff (status e-mail), partly refunded (credit note, refund e-mail).
    await buyer.added([cartLine(buyer.cartId, tape.id, tier, 2)]);
    const paid = await buyer.call('POST', '/api/ecommerce/payment-intents/', {
      cart_id: buyer.cartId,
      ...addresses,
    });
    const intent = paid.json<PaymentIntentView>();
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm/',
      payload: { client_secret: intent.client_secret, ...card() },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const placed = await buyer.call('POST', '/api/orders/', orderBody(addressId, intent.payment_intent_id));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<OrderView>();
    const processing = await staff.admin('POST', `orders/${order.id}/status/`, { status: 'processing' });
    expect(processing.statusCode, processing.body).toBe(200);
    const shipped = await staff.admin('POST', `orders/${order.id}/status/`, {
      status: 'shipped',
      carrier: 'Royal Mail',
      tracking_number: 'AB123456789GB',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const refund = await staff.admin('POST', `orders/${order.id}/refunds/`, {
      amount_pence: 100,
      reason: 'Dented box',
    });
    expect(refund.statusCode, refund.body).toBe(201);

    // An abandoned checkout: an intent for a new cart, with the addresses, never paid.
    await buyer.added([cartLine(buyer.cartId, tape.id, tier, 3)]);
    const abandoned = await buyer.call('POST', '/api/ecommerce/payment-intents/', {
      cart_id: buyer.cartId,
      ...addresses,
    });
    expect(abandoned.statusCode, abandoned.body).toBe(200);

    // A contact-form query (the shop's inbox gets a copy) and staff's reply.
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/contact/',
      remoteAddress: api.nextIp(),
      payload: { email, full_name: 'Erin Erased', subject: 'Pallets', message: 'Do you deliver to York?' },
    });
    expect(contact.statusCode).toBe(201);
    const inbox = await staff.admin('GET', 'messages/?status=all&page_size=100');
    const query = inbox
      .json<{ results: { id: number; email: string }[] }>()
      .results.find((row) => row.email === email.toLowerCase())!;
    const replied = await staff.admin('POST', `messages/${query.id}/reply/`, {
      subject: 'Re: Pallets',
      body: 'Yes, we do.',
    });
    expect(replied.statusCode, replied.body).toBe(200);

    // A newsletter subscription, unsubscribed by staff.
    const subscribed = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter/',
      remoteAddress: api.nextIp(),
      payload: { email },
    });
    expect(subscribed.statusCode).toBe(201);
    const list = await staff.admin('GET', `newsletter/?q=${encodeURIComponent(email)}`);
    const [subscription] = list.json<{ results: NewsletterSubscriber[] }>().results;
    expect((await staff.admin('POST', `newsletter/${subscription!.id}/unsubscribe/`)).statusCode).toBe(200);

    // Profile changes (each e-mailed), a reset code, a failed and a good login, an exclusive price,
    // and staff switching the account off and on.
    const profile = await buyer.call('PATCH', '/api/account/profile/', {
      company_name: 'Erased Crates Ltd',
      interested_in_marketing_communications: true,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await api.verificationToken(email, 'forgot_password');
    expect((await api.post('login/', { email, password: 'not the password' })).statusCode).toBe(400);
    const login = await api.logIn(email, 'correct horse battery');
    const priced = await staff.admin('POST', `customers/${buyer.userId}/exclusive-prices/`, {
      item: 'PW-HAND-400-CL',
      discount_percentage: 5,
    });
    expect(priced.statusCode).toBe(201);

    // Before: the person is named in many places.
    const before = await rowsNaming(email);
    expect(before.length).toBeGreaterThan(5);

    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/delete/',
      headers: { authorization: `Bearer ${login.access}` },
      payload: { password: 'correct horse battery' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // After: the e-mail nowhere; the street only in the kept order's own address copies (VAT records).
    expect.soft(await rowsNaming(email)).toEqual([]);
    expect(await rowsNaming(street)).toEqual([
      `orders.billing_address#${order.id}`,
      `orders.shipping_address#${order.id}`,
    ]);
  }, 60_000);
});
