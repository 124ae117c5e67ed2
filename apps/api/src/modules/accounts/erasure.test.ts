// Deleting an account leaves nothing that names the person but the orders kept for VAT (§6).
import type { NewsletterSubscriber, OrderView, PaymentIntentView } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { staffMember } from '../../../test/support/administration';
import { itemBySku, newShopper, cartLine, tierId } from '../../../test/support/carts';
import { card, orderBody } from '../../../test/support/orders';
import { eraseAccount } from './service';
import { rowsOf as rowsOfResult } from '../../db/rows-of';
import { accountClient } from '../../../test/support/accounts';
import { rowsNaming as scan } from '../../../test/support/erasure';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  rowsOfResult<T>(await ctx.database.db.execute(query));

/** Every text or JSON column's rows that name `needle` (the generic scan, test/support/erasure.ts). */
const rowsNaming = (needle: string) => scan(ctx, needle);

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

  it('redacts entries written before ids alone were logged, and leaves other people’s records alone', async () => {
    const api = accountClient(ctx);
    const leaver = await newShopper(ctx, 'old.leaver');
    const stayer = await newShopper(ctx, 'old.stayer');
    const ask = async (email: string, fullName: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/administration/contact/',
        remoteAddress: api.nextIp(),
        payload: { email, full_name: fullName, subject: 'Labels', message: 'Do you print labels?' },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await rowsOf<{ id: number }>(
        sql`select id from contact_queries where email = ${email} order by id desc limit 1`,
      );
      return row!.id;
    };
    const leaversQuery = await ask(leaver.email, 'Lee Leaver');
    const stayersQuery = await ask(stayer.email, 'Stella Stayer');
    for (const email of [leaver.email, stayer.email]) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/newsletter/',
        remoteAddress: api.nextIp(),
        payload: { email },
      });
    }
    const [subscription] = await rowsOf<{ id: number }>(
      sql`select id from newsletter_subscriptions where email = ${leaver.email}`,
    );
    const [stayersSubscription] = await rowsOf<{ id: number }>(
      sql`select id from newsletter_subscriptions where email = ${stayer.email}`,
    );
    // Entries as the back office and create-owner wrote them before: the address copied in.
    const old = (type: string, id: number, action: string, before: object | null, after: object | null) =>
      sql`(null, 'command line (create-owner)', ${action}, ${type}, ${String(id)},
        ${before === null ? null : JSON.stringify(before)}::jsonb, ${after === null ? null : JSON.stringify(after)}::jsonb)`;
    await ctx.database.db.execute(sql`
      insert into audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after) values
      ${sql.join(
        [
          old('contact_query', leaversQuery, 'message.reply', null, {
            to: leaver.email,
            subject: 'Re: Labels',
          }),
          old('contact_query', stayersQuery, 'message.reply', null, {
            to: stayer.email,
            subject: 'Re: Labels',
          }),
          old(
            'newsletter_subscription',
            subscription!.id,
            'newsletter.unsubscribe',
            { email: leaver.email, unsubscribed_at: null },
            { email: leaver.email, unsubscribed_at: '2025-01-01T00:00:00.000Z' },
          ),
          old(
            'newsletter_subscription',
            stayersSubscription!.id,
            'newsletter.unsubscribe',
            { email: stayer.email, unsubscribed_at: null },
            { email: stayer.email, unsubscribed_at: '2025-01-01T00:00:00.000Z' },
          ),
          old('user', leaver.userId, 'user.create', null, { email: leaver.email, role: 'owner' }),
          old('user', leaver.userId, 'user.role', { role: 'owner' }, { role: 'customer' }),
        ],
        sql`, `,
      )}`);

    await eraseAccount(ctx.database.db, leaver.userId);

    expect(await rowsNaming(leaver.email)).toEqual([]);
    const entries = await rowsOf<{ action: string; entity_id: string; before: unknown; after: unknown }>(sql`
      select action, entity_id, before, after from audit_log
      where (entity_type = 'contact_query' and entity_id in (${String(leaversQuery)}, ${String(stayersQuery)}))
         or (entity_type = 'newsletter_subscription'
             and entity_id in (${String(subscription!.id)}, ${String(stayersSubscription!.id)}))
         or (entity_type = 'user' and entity_id = ${String(leaver.userId)})
      order by id`);
    // Kept, by id, with everything but the address.
    expect(entries).toEqual([
      {
        action: 'message.reply',
        entity_id: String(leaversQuery),
        before: null,
        after: { subject: 'Re: Labels' },
      },
      {
        action: 'message.reply',
        entity_id: String(stayersQuery),
        before: null,
        after: { to: stayer.email, subject: 'Re: Labels' },
      },
      {
        action: 'newsletter.unsubscribe',
        entity_id: String(subscription!.id),
        before: { unsubscribed_at: null },
        after: { unsubscribed_at: '2025-01-01T00:00:00.000Z' },
      },
      {
        action: 'newsletter.unsubscribe',
        entity_id: String(stayersSubscription!.id),
        before: { email: stayer.email, unsubscribed_at: null },
        after: { email: stayer.email, unsubscribed_at: '2025-01-01T00:00:00.000Z' },
      },
      { action: 'user.create', entity_id: String(leaver.userId), before: null, after: { role: 'owner' } },
      {
        action: 'user.role',
        entity_id: String(leaver.userId),
        before: { role: 'owner' },
        after: { role: 'customer' },
      },
    ]);
    // The shop's copy of the other query still names its sender; the leaver's names the placeholder.
    const copies = await rowsOf<{ text_body: string }>(sql`
      select text_body from outbound_emails
      where starts_with(text_body, 'A customer sent a query through the contact form (reference #')
        and (text_body like ${`%#${leaversQuery}).%`} or text_body like ${`%#${stayersQuery}).%`})
      order by id`);
    expect(copies.map((copy) => copy.text_body.split('\n')[2])).toEqual([
      'From: Deleted <deleted@deleted.invalid>',
      `From: Stella Stayer <${stayer.email}>`,
    ]);
    expect(copies[0]!.text_body).toContain('Do you print labels?');
    // Erasing again finds no account, and changes nothing.
    await expect(eraseAccount(ctx.database.db, leaver.userId)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('erasure of repeat buying and quotes', () => {
  it('deletes the user’s own lists and the quotes that never became orders, and the notes and files of those that did', async () => {
    const leaver = await newShopper(ctx, 'quote-leaver');
    const db = ctx.database.db;
    const [company] = rowsOfResult<{ id: number }>(
      await db.execute(sql`insert into companies (status, legal_name, trading_name, company_number, vat_number,
        registered_address, invoice_address, accounts_email, trade_references, credit_limit_pence)
        values ('approved', 'Leavers Ltd', 'Leavers', '07654321', 'GB123456782', '{}'::jsonb, '{}'::jsonb,
          'accounts@leavers.example', '[]'::jsonb, 0) returning id`),
    );
    await db.execute(sql`insert into saved_lists (owner_id, company_id, name) values
      (${leaver.userId}, null, 'Own list'), (${leaver.userId}, ${company!.id}, 'Shared list')`);
    const quotes = rowsOfResult<{ id: number; status: string }>(
      await db.execute(sql`insert into quotes (user_id, status, note) values
        (${leaver.userId}, 'requested', 'call me on 07700 900001'), (${leaver.userId}, 'ordered', 'my logo')
        returning id, status`),
    );
    for (const quote of quotes) {
      await db.execute(sql`insert into quote_attachments (quote_id, filename, content_type, size, sha256, content)
        values (${quote.id}, 'logo.png', 'image/png', 3, 'x', '\\x010203'::bytea)`);
    }

    await eraseAccount(db, leaver.userId);

    const lists = await rowsOf<{ name: string }>(
      sql`select name from saved_lists where owner_id = ${leaver.userId}`,
    );
    expect(lists.map((list) => list.name)).toEqual(['Shared list']);
    const kept = await rowsOf<{ status: string; note: string }>(
      sql`select status, note from quotes where user_id = ${leaver.userId}`,
    );
    expect(kept).toEqual([{ status: 'ordered', note: '' }]);
    const files = await rowsOf<{ id: number }>(
      sql`select a.id from quote_attachments a join quotes q on q.id = a.quote_id where q.user_id = ${leaver.userId}`,
    );
    expect(files).toEqual([]);
  });
});
