// My account: the buyer's details, signing out everywhere and deleting the account.
import { ACCOUNT_MESSAGES, type Profile } from '@shop/domain';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  cartItems,
  carts,
  contactQueries,
  emailVerificationCodes,
  exclusivePrices,
  newsletterSubscriptions,
  orders,
  outboundEmails,
  payments,
  refreshTokens,
  users,
  verificationTokens,
} from '../../db/schema';
import { countingDb } from '../../../test/query-counter';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { itemBySku } from '../../../test/support/carts';
import { markSent } from '../mail/queries';
import { ADDRESS_SNAPSHOT, paidShopper } from '../../../test/support/orders';
import { createAccountsService, DELETED_CONTACT_EMAIL, eraseAccount } from './service';
import { accountClient, refreshCookieOf } from '../../../test/support/accounts';

let ctx: TestContext;
let api: ReturnType<typeof accountClient>;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
  api = accountClient(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
type Method = 'GET' | 'PATCH' | 'POST';

/** A call to an account path with a bearer token (none when `access` is undefined). */
function call(method: Method, path: string, access?: string, payload?: object) {
  return ctx.app.inject({
    method,
    url: `/api/account/${path}`,
    headers: access === undefined ? {} : { authorization: `Bearer ${access}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** Every e-mail in the outbox to an address, oldest first. */
function mailTo(email: string) {
  return db()
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.toAddress, email))
    .orderBy(outboundEmails.id);
}

/** A status of an authenticated call that any signed-in user may make. */
async function statusWith(access: string) {
  return (await call('GET', 'profile/', access)).statusCode;
}

/** The SQL statements of a counter, less the transaction's own (node-postgres logs them, PGlite does not). */
const statements = (sql: string[]) => sql.filter((text) => !/^\s*(begin|commit|rollback)\b/i.test(text));

function countingService() {
  const counter = countingDb(ctx.database);
  const { tokens, rateLimiter } = ctx.app.services;
  return { counter, service: createAccountsService(counter.db, { tokens, rateLimiter, log: ctx.app.log }) };
}

describe('who may call', () => {
  it.each([
    ['GET', 'profile/'],
    ['PATCH', 'profile/', { first_name: 'Eve' }],
    ['POST', 'logout-all/'],
    ['POST', 'delete/', { password: 'whatever it is' }],
  ] as [Method, string, object?][])('%s %s answers a visitor 401', async (method, path, payload) => {
    const res = await call(method, path, undefined, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
    const forged = await call(method, path, 'x.y.z', payload);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('never lets the details be cached, refusals included', async () => {
    expect((await call('GET', 'profile/')).headers['cache-control']).toBe('private, no-store');
    const { access } = await api.signUp(api.newEmail('cache'));
    expect((await call('GET', 'profile/', access)).headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /api/account/profile/', () => {
  it('answers the signed-in buyer’s details, in one statement', async () => {
    const email = api.newEmail('profile');
    const { access } = await api.signUp(email);
    const res = await call('GET', 'profile/', access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email,
      first_name: 'Ann',
      last_name: 'Lee',
      company_name: null,
      interested_in_marketing_communications: false,
    });

    const { counter, service } = countingService();
    await service.profile(await userIdOf(email));
    expect(statements(counter.sql)).toHaveLength(1);
  });
});

describe('PATCH /api/account/profile/', () => {
  it('changes the fields given, leaves the others, and e-mails what changed in the same transaction', async () => {
    const email = api.newEmail('patch');
    const { access } = await api.signUp(email);
    const before = (await mailTo(email)).length;
    const res = await call('PATCH', 'profile/', access, {
      company_name: ' Acme Packaging Ltd ',
      interested_in_marketing_communications: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email,
      first_name: 'Ann',
      last_name: 'Lee',
      company_name: 'Acme Packaging Ltd',
      interested_in_marketing_communications: true,
    });
    expect((await call('GET', 'profile/', access)).json<Profile>().company_name).toBe('Acme Packaging Ltd');

    const mail = await mailTo(email);
    expect(mail).toHaveLength(before + 1);
    const notice = mail.at(-1)!;
    expect(notice.subject).toBe('Your PackRight Supplies account details were changed');
    expect(notice.textBody).toContain('- Company name: now Acme Packaging Ltd\n- Marketing e-mails: now on');
    expect(notice.textBody).not.toContain('First name');
    expect(notice.htmlBody).toContain('Marketing e-mails: now on');

    await call('PATCH', 'profile/', access, {
      first_name: 'Anna',
      company_name: '',
      interested_in_marketing_communications: false,
    });
    const second = (await mailTo(email)).at(-1)!;
    expect(second.textBody).toContain(
      '- First name: now Anna\n- Company name: removed\n- Marketing e-mails: now off',
    );
  });

  it('sends no e-mail and writes nothing when nothing changes', async () => {
    const email = api.newEmail('same');
    const { access } = await api.signUp(email);
    const before = (await mailTo(email)).length;
    for (const payload of [{}, { first_name: 'Ann', company_name: null }]) {
      const res = await call('PATCH', 'profile/', access, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ first_name: 'Ann', company_name: null });
    }
    expect(await mailTo(email)).toHaveLength(before);

    const { counter, service } = countingService();
    const userId = await userIdOf(email);
    await service.updateProfile(userId, { first_name: 'Ann' });
    expect(statements(counter.sql)).toHaveLength(1);
    counter.reset();
    await service.updateProfile(userId, { last_name: 'Leigh' });
    // The locked read, the update and the e-mail.
    expect(statements(counter.sql)).toHaveLength(3);
  });

  it('puts typed names in the HTML e-mail as text, never as markup', async () => {
    const email = api.newEmail('markup');
    const { access } = await api.signUp(email);
    await call('PATCH', 'profile/', access, { last_name: '<img src=x onerror=alert(1)>' });
    const notice = (await mailTo(email)).at(-1)!;
    expect(notice.htmlBody).not.toContain('<img');
    expect(notice.htmlBody).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(notice.textBody).toContain('Last name: now <img src=x onerror=alert(1)>');
  });

  it.each([
    [{ first_name: ' ' }, { first_name: ['First name is required'] }],
    [{ last_name: '' }, { last_name: ['Last name is required'] }],
    [{ first_name: 'x'.repeat(151) }, { first_name: ['Ensure this field has no more than 150 characters.'] }],
    [{ last_name: 'x'.repeat(151) }, { last_name: ['Ensure this field has no more than 150 characters.'] }],
    [
      { company_name: 'x'.repeat(201) },
      { company_name: ['Ensure this field has no more than 200 characters.'] },
    ],
    [
      { interested_in_marketing_communications: 'yes' },
      { interested_in_marketing_communications: ['Must be true or false.'] },
    ],
    [{ first_name: 7 }, { first_name: ['First name is required'] }],
  ])('refuses %j with the signup’s field errors and changes nothing', async (payload, errors) => {
    const email = api.newEmail('bounds');
    const { access } = await api.signUp(email);
    const before = (await mailTo(email)).length;
    const res = await call('PATCH', 'profile/', access, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    expect((await call('GET', 'profile/', access)).json()).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      company_name: null,
    });
    expect(await mailTo(email)).toHaveLength(before);
  });

  it('accepts names of exactly the longest length', async () => {
    const { access } = await api.signUp(api.newEmail('longest'));
    const res = await call('PATCH', 'profile/', access, {
      first_name: 'x'.repeat(150),
      company_name: 'y'.repeat(200),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'x'.repeat(150), company_name: 'y'.repeat(200) });
  });

  it('never changes the e-mail address, the role or anything it does not know', async () => {
    const email = api.newEmail('strict');
    const { access } = await api.signUp(email);
    for (const payload of [{ email: 'thief@example.com' }, { role: 'owner' }, { is_active: false }]) {
      const res = await call('PATCH', 'profile/', access, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [expect.any(String)] });
    }
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'customer', isActive: true });
  });

  it('changes only the caller’s own details', async () => {
    const ann = api.newEmail('ann');
    const bob = api.newEmail('bob');
    const { access } = await api.signUp(ann);
    await api.signUp(bob);
    await call('PATCH', 'profile/', access, { first_name: 'Annie' });
    const [bobRow] = await db().select().from(users).where(eq(users.email, bob));
    expect(bobRow!.firstName).toBe('Ann');
  });
});

describe('POST /api/account/logout-all/', () => {
  it('ends every session of the user: refresh tokens fail and access tokens stop on their next request', async () => {
    const email = api.newEmail('everywhere');
    const phone = await api.signUp(email, 'phone password 1');
    const laptop = await api.logIn(email, 'phone password 1');
    const stranger = await api.signUp(api.newEmail('stranger'));
    expect(await statusWith(phone.access)).toBe(200);

    const res = await call('POST', 'logout-all/', laptop.access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.loggedOutEverywhere });
    // This browser's refresh cookie is cleared too.
    expect(refreshCookieOf(res)).toBe('');

    for (const session of [phone, laptop]) {
      expect(await statusWith(session.access)).toBe(401);
      const refreshed = await api.post('token/refresh/', undefined, { cookie: session.refresh });
      expect(refreshed.statusCode).toBe(401);
    }
    const live = await db()
      .select({ n: count() })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, await userIdOf(email)), isNull(refreshTokens.revokedAt)));
    expect(live[0]!.n).toBe(0);
    // Other users keep their sessions; the owner can sign in again.
    expect(await statusWith(stranger.access)).toBe(200);
    const again = await api.logIn(email, 'phone password 1');
    expect(await statusWith(again.access)).toBe(200);
  });

  it('answers a body it cannot read with a 4xx, never a 5xx, and ends no session', async () => {
    const session = await api.signUp(api.newEmail('hostile'));
    for (const payload of ['{"all": tru', '\u0000', '[[[[[[[[[[']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/logout-all/',
        headers: { authorization: `Bearer ${session.access}`, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await statusWith(session.access)).toBe(200);
  });

  it('revokes every session in one statement', async () => {
    const email = api.newEmail('counted-out');
    await api.signUp(email);
    const userId = await userIdOf(email);
    const { counter, service } = countingService();
    await service.logoutEverywhere(userId);
    expect(statements(counter.sql)).toHaveLength(1);
  });
});

/** A buyer with everything an account can hold: an order and its payment, a cart, prices, mail, a query. */
async function fullBuyer(name: string) {
  const { buyer, intent } = await paidShopper(ctx, 'TD-PRO-75', 1, name);
  const order = await buyer.placed(intent.payment_intent_id);
  const password = 'correct horse battery';
  const refresh = (await api.logIn(buyer.email, password)).refresh;

  await buyer.call('PATCH', `/api/addresses/${buyer.addressId}/`, {
    is_default_billing: true,
    is_default_shipping: true,
  });
  await buyer.addSku('TD-PRO-75', 2);
  await buyer.discount((await itemBySku(ctx, 'PW-HAND-400-CL')).id, 5);
  await api.verificationToken(buyer.email, 'forgot_password');
  expect(
    (await ctx.app.inject({ method: 'POST', url: '/api/newsletter/', payload: { email: buyer.email } }))
      .statusCode,
  ).toBe(201);
  const contact = await ctx.app.inject({
    method: 'POST',
    url: '/api/administration/contact/',
    remoteAddress: api.nextIp(),
    payload: {
      email: buyer.email,
      full_name: 'Ada Lovelace',
      subject: 'Pallets',
      message: 'Do you deliver?',
    },
  });
  expect(contact.statusCode).toBe(201);
  const [first] = await mailTo(buyer.email);
  await markSent(db(), first!.id);
  return { buyer, order, password, refresh };
}

describe('POST /api/account/delete/', () => {
  it('refuses a wrong password on its field, and keeps everything', async () => {
    const email = api.newEmail('wrong');
    const { access } = await api.signUp(email, 'the right password');
    const res = await call('POST', 'delete/', access, { password: 'not the password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: [ACCOUNT_MESSAGES.passwordIncorrect] });
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isActive: true, deletedAt: null, firstName: 'Ann' });
    expect(await statusWith(access)).toBe(200);
    await api.logIn(email, 'the right password');

    const empty = await call('POST', 'delete/', access, { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ password: ['Password is required'] });
    const extra = await call('POST', 'delete/', access, { password: 'the right password', keep: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await statusWith(access)).toBe(200);
  });

  it('refuses staff and owners: an owner removes them', async () => {
    const email = api.newEmail('staff');
    const { access } = await api.signUp(email, 'staff password 1');
    await db().update(users).set({ role: 'staff' }).where(eq(users.email, email));
    const res = await call('POST', 'delete/', access, { password: 'staff password 1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: ACCOUNT_MESSAGES.staffCannotDelete });
    expect(res.json<{ detail: string }>().detail).toContain('Staff accounts are removed by an owner');
    await db().update(users).set({ role: 'owner' }).where(eq(users.email, email));
    expect((await call('POST', 'delete/', access, { password: 'staff password 1' })).statusCode).toBe(400);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isActive: true, deletedAt: null });
  });

  it('erases the personal data in one go, keeps the orders and payments, and frees the address', async () => {
    const { buyer, order, password, refresh } = await fullBuyer('erase');
    const { email, userId, cartId } = buyer;
    expect((await mailTo(email)).length).toBeGreaterThan(1);

    const res = await call('POST', 'delete/', buyer.token, { password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.accountDeleted });
    expect(refreshCookieOf(res)).toBe('');

    // The row stays for the orders, with nothing left that names the person.
    const [row] = await db().select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      email: `deleted-${userId}@deleted.invalid`,
      firstName: 'Deleted',
      lastName: '',
      companyName: null,
      passwordHash: '!deleted',
      isActive: false,
      interestedInMarketingCommunications: false,
      defaultBillingAddressId: null,
      defaultShippingAddressId: null,
      deletedAt: expect.any(Date),
    });

    const countOf = async (rows: Promise<{ n: number }[]>) => (await rows)[0]!.n;
    const n = { n: count() };
    expect(await countOf(db().select(n).from(addresses).where(eq(addresses.userId, userId)))).toBe(0);
    expect(await countOf(db().select(n).from(carts).where(eq(carts.userId, userId)))).toBe(0);
    expect(await countOf(db().select(n).from(cartItems).where(eq(cartItems.cartId, cartId)))).toBe(0);
    expect(
      await countOf(db().select(n).from(exclusivePrices).where(eq(exclusivePrices.userId, userId))),
    ).toBe(0);
    expect(await countOf(db().select(n).from(refreshTokens).where(eq(refreshTokens.userId, userId)))).toBe(0);
    expect(
      await countOf(db().select(n).from(verificationTokens).where(eq(verificationTokens.email, email))),
    ).toBe(0);
    expect(
      await countOf(
        db().select(n).from(emailVerificationCodes).where(eq(emailVerificationCodes.email, email)),
      ),
    ).toBe(0);
    expect(
      await countOf(
        db().select(n).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)),
      ),
    ).toBe(0);
    expect(await mailTo(email)).toEqual([]);
    expect(await countOf(db().select(n).from(contactQueries).where(eq(contactQueries.email, email)))).toBe(0);
    const [query] = await db()
      .select()
      .from(contactQueries)
      .where(eq(contactQueries.email, DELETED_CONTACT_EMAIL))
      .orderBy(contactQueries.id);
    expect(query).toMatchObject({ fullName: 'Deleted', subject: 'Pallets', message: 'Do you deliver?' });

    // Orders and payments are kept, with the addresses they were placed with (VAT records: six years).
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId, totalPence: expect.any(Number) });
    expect(kept!.billingAddress).toEqual(ADDRESS_SNAPSHOT);
    expect(kept!.shippingAddress).toEqual(ADDRESS_SNAPSHOT);
    const paid = await db().select().from(payments).where(eq(payments.userId, userId));
    expect(paid.map((payment) => payment.orderId)).toContain(order.id);

    // The old session, refresh token and credentials no longer work.
    expect(await statusWith(buyer.token)).toBe(401);
    expect((await api.post('token/refresh/', undefined, { cookie: refresh })).statusCode).toBe(401);
    const login = await api.post('login/', { email, password });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ detail: ACCOUNT_MESSAGES.loginFailed });

    // The address can make a new account, which starts empty.
    const fresh = await api.signUp(email, 'a new password 2');
    const freshId = await userIdOf(email);
    expect(freshId).not.toBe(userId);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/',
      headers: { authorization: `Bearer ${fresh.access}` },
    });
    expect(mine.json()).toMatchObject({ count: 0, results: [] });
    await api.logIn(email, 'a new password 2');
  });

  it('leaves other accounts, their mail and their queries alone', async () => {
    const { buyer, password } = await fullBuyer('leaver');
    const { buyer: other } = await fullBuyer('stayer');
    const otherMail = (await mailTo(other.email)).length;
    expect((await call('POST', 'delete/', buyer.token, { password })).statusCode).toBe(200);
    expect(await mailTo(other.email)).toHaveLength(otherMail);
    expect(await statusWith(other.token)).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, other.userId));
    expect(row).toMatchObject({
      email: other.email,
      isActive: true,
      defaultBillingAddressId: other.addressId,
    });
    const otherQueries = await db()
      .select()
      .from(contactQueries)
      .where(eq(contactQueries.email, other.email));
    expect(otherQueries).toHaveLength(1);
    const subscribed = await db()
      .select()
      .from(newsletterSubscriptions)
      .where(inArray(newsletterSubscriptions.email, [other.email]));
    expect(subscribed).toHaveLength(1);
  });

  it('erases in a fixed number of statements, in one transaction, and only once', async () => {
    const { buyer } = await fullBuyer('count');
    const counter = countingDb(ctx.database);
    await eraseAccount(counter.db, buyer.userId);
    // The lock, the trade-account check and the membership with the address's invitations, the held orders,
    // the user's row, five tables by user (payments' address copies included), the saved lists and quotes (one
    // statement), the stock alerts by user or address, the audit log's entries, the queries with their copies
    // (read, then each rewritten in one statement), five tables by address, the rest of the outbox searched for
    // the address and name (and rewritten in one statement when any names them: none here) and the address's
    // rate-limit counts.
    expect(statements(counter.sql)).toHaveLength(23);
    await expect(eraseAccount(db(), buyer.userId)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('erases all or nothing: a failure at the last step leaves the account as it was', async () => {
    const { buyer, password } = await fullBuyer('rollback');
    const mail = (await mailTo(buyer.email)).length;
    await expect(
      eraseAccount(db(), buyer.userId, async () => {
        throw new Error('the disk is full');
      }),
    ).rejects.toThrow('the disk is full');
    const [row] = await db().select().from(users).where(eq(users.id, buyer.userId));
    expect(row).toMatchObject({ email: buyer.email, isActive: true, deletedAt: null });
    expect(await mailTo(buyer.email)).toHaveLength(mail);
    expect((await buyer.call('GET', '/api/addresses/')).json()).toMatchObject({ count: 1 });
    await api.logIn(buyer.email, password);
  });

  it('slows password guessing with a stolen token: ten tries per 15 minutes', async () => {
    const email = api.newEmail('guess');
    const { access } = await api.signUp(email, 'the right password');
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', 'delete/', access, { password: `guess ${i}` })).statusCode).toBe(400);
    }
    const throttled = await call('POST', 'delete/', access, { password: 'the right password' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row!.deletedAt).toBeNull();
  });
});
