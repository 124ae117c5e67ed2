import { ADDRESS_MESSAGES, MAX_ADDRESSES_PER_USER, type AddressView } from '@shop/domain';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, orders, users } from '../../db/schema';
import { countingDb } from '../../../test/query-counter';
import { createTestApp, type TestContext } from '../../../test/helper';
import { accountClient } from '../../../test/support/accounts';
import { selectOwnAddresses } from './queries';
import { createAddressesService } from './service';

let ctx: TestContext;
let accounts: ReturnType<typeof accountClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  accounts = accountClient(ctx);
});
afterAll(() => ctx.close());

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const address = {
  first_name: 'Ann',
  last_name: 'Lee',
  street: '1 High Street',
  city: 'Leeds',
  state: 'West Yorkshire',
  postal_code: 'LS1 4AP',
  country: 'UK',
  telephone_number: '+447700900123',
};

/** An address that is neither checkout default, as the API answers it. */
const notDefault = { is_default_billing: false, is_default_shipping: false };

/** A new account, signed in, with a client for the address calls. */
async function newCustomer(name = 'customer') {
  const email = accounts.newEmail(name);
  const { access } = await accounts.signUp(email);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const call = (method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${access}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    userId: user!.id,
    call,
    /** Adds an address and fails the test unless it was accepted. */
    async added(extra: object = {}): Promise<AddressView> {
      const res = await call('POST', '/api/addresses/', { ...address, ...extra });
      if (res.statusCode !== 201) throw new Error(`address refused: ${res.statusCode} ${res.body}`);
      return res.json<AddressView>();
    },
    list: async (query = '') => (await call('GET', `/api/addresses/${query}`)).json<Page<AddressView>>(),
    /** Stores `n` addresses straight in the database (for the cap and paging). */
    async store(n: number) {
      await ctx.database.db.insert(addresses).values(
        Array.from({ length: n }, (_, i) => ({
          userId: user!.id,
          firstName: `Stored ${i}`,
          lastName: 'Lee',
          street: `${i} Mill Lane`,
          city: 'York',
          postalCode: 'YO1 7HH',
          telephoneNumber: '+441904000000',
        })),
      );
    },
    async stored() {
      const [row] = await ctx.database.db
        .select({ n: count() })
        .from(addresses)
        .where(eq(addresses.userId, user!.id));
      return row!.n;
    },
  };
}

/** The SQL statements of a counter, less the transaction's own (node-postgres logs them, PGlite does not). */
const statements = (sql: string[]) => sql.filter((text) => !/^\s*(begin|commit|rollback)\b/i.test(text));

describe('authentication', () => {
  it.each([
    ['GET', '/api/addresses/'],
    ['POST', '/api/addresses/', address],
    ['PATCH', '/api/addresses/1/', { city: 'York' }],
    ['DELETE', '/api/addresses/1/'],
  ] as [Method, string, object?][])(
    '%s %s needs a token and is never cached',
    async (method, url, payload) => {
      const res = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: 'Authentication credentials were not provided.',
        code: 'not_authenticated',
      });
      expect(res.headers['cache-control']).toBe('private, no-store');
      const bad = await ctx.app.inject({ method, url, headers: { authorization: 'Bearer x.y.z' } });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toMatchObject({ code: 'token_not_valid' });
    },
  );
});

describe('POST /api/addresses/', () => {
  it('stores the address and answers 201 with it, never cached', async () => {
    const ann = await newCustomer('ann');
    const res = await ann.call('POST', '/api/addresses/', address);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const created = res.json<AddressView>();
    expect(created).toEqual({ id: expect.any(Number), ...address, ...notDefault });
    const [row] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, created.id));
    expect(row).toMatchObject({
      userId: ann.userId,
      firstName: 'Ann',
      lastName: 'Lee',
      street: '1 High Street',
      city: 'Leeds',
      state: 'West Yorkshire',
      postalCode: 'LS1 4AP',
      country: 'UK',
      telephoneNumber: '+447700900123',
    });
  });

  it('normalises the postcode and telephone, trims text and stores a blank state as none', async () => {
    const ann = await newCustomer();
    const created = await ann.added({
      first_name: '  Ann ',
      postal_code: ' sw1a1aa ',
      telephone_number: '07700 900-123',
      state: '  ',
    });
    expect(created).toMatchObject({
      first_name: 'Ann',
      postal_code: 'SW1A 1AA',
      telephone_number: '+447700900123',
      state: null,
    });
    const { state: _state, ...withoutState } = address;
    expect((await ann.added({ ...withoutState, postal_code: 'gir0aa' })).postal_code).toBe('GIR 0AA');
  });

  it.each([['FR'], [''], [null], [7], [{ code: 'DE' }]])(
    'stores UK whatever country is sent (%j), and when none is',
    async (country) => {
      const ann = await newCustomer();
      const created = await ann.added({ country });
      expect(created.country).toBe('UK');
      const [row] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, created.id));
      expect(row!.country).toBe('UK');
      const { country: _country, ...withoutCountry } = address;
      expect((await ann.call('POST', '/api/addresses/', withoutCountry)).json()).toMatchObject({
        country: 'UK',
      });
    },
  );

  it('ignores unknown fields, an id and another user’s id among them', async () => {
    const ann = await newCustomer();
    const bob = await newCustomer('bob');
    const created = await ann.added({ id: 1, user: bob.userId, user_id: bob.userId, is_default: true });
    expect(created).toEqual({ id: expect.any(Number), ...address, ...notDefault });
    const [row] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, created.id));
    expect(row!.userId).toBe(ann.userId);
    expect(await bob.stored()).toBe(0);
  });

  it('answers every missing field with the spec’s message, word for word, and stores nothing', async () => {
    const ann = await newCustomer();
    const res = await ann.call('POST', '/api/addresses/', {
      first_name: '',
      last_name: ' ',
      street: null,
      state: 'x',
      country: 'UK',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
      street: ['Street is required.'],
      city: ['City is required.'],
      postal_code: ['Postal code is required.'],
      telephone_number: ['Telephone number is required.'],
    });
    expect(await ann.stored()).toBe(0);
  });

  it.each([
    ['first_name', '', ADDRESS_MESSAGES.firstNameRequired],
    ['last_name', '', ADDRESS_MESSAGES.lastNameRequired],
    ['street', '', ADDRESS_MESSAGES.streetRequired],
    ['city', '', ADDRESS_MESSAGES.cityRequired],
    ['postal_code', '', ADDRESS_MESSAGES.postalCodeRequired],
    ['telephone_number', '', ADDRESS_MESSAGES.telephoneRequired],
    ['postal_code', 'SW1A', 'Enter a valid UK postcode.'],
    ['postal_code', '90210', 'Enter a valid UK postcode.'],
    ['telephone_number', '12345', 'Invalid telephone number format.'],
    ['telephone_number', '123456789012345', 'Invalid telephone number format.'],
    ['telephone_number', '07700 9OO123', 'Invalid telephone number format.'],
    ['first_name', 'x'.repeat(101), 'Ensure this field has no more than 100 characters.'],
    ['last_name', 'x'.repeat(101), 'Ensure this field has no more than 100 characters.'],
    ['street', 'x'.repeat(201), 'Ensure this field has no more than 200 characters.'],
    ['city', 'x'.repeat(101), 'Ensure this field has no more than 100 characters.'],
    ['state', 'x'.repeat(101), 'Ensure this field has no more than 100 characters.'],
  ])('refuses %s = %j with the field error "%s"', async (field, value, message) => {
    const ann = await newCustomer();
    const res = await ann.call('POST', '/api/addresses/', { ...address, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
    expect(await ann.stored()).toBe(0);
  });

  it('refuses a body that is not an address object, and text PostgreSQL cannot store', async () => {
    const ann = await newCustomer();
    for (const payload of [[address], []]) {
      const res = await ann.call('POST', '/api/addresses/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [expect.any(String)] });
    }
    const nul = await ann.call('POST', '/api/addresses/', { ...address, street: '1 High\u0000Street' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ detail: 'Null characters are not allowed.' });
    expect(await ann.stored()).toBe(0);
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_USER} addresses per user, with a non-field error beyond`, async () => {
    const ann = await newCustomer();
    await ann.store(MAX_ADDRESSES_PER_USER - 1);
    expect((await ann.call('POST', '/api/addresses/', address)).statusCode).toBe(201);
    const refused = await ann.call('POST', '/api/addresses/', address);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['You can keep at most 100 addresses.'] });
    expect(await ann.stored()).toBe(MAX_ADDRESSES_PER_USER);
    // Another user is not affected; deleting one makes room again.
    expect((await (await newCustomer()).call('POST', '/api/addresses/', address)).statusCode).toBe(201);
    const [newest] = (await ann.list()).results;
    expect((await ann.call('DELETE', `/api/addresses/${newest!.id}/`)).statusCode).toBe(204);
    expect((await ann.call('POST', '/api/addresses/', address)).statusCode).toBe(201);
  });

  it('does not pass the cap when requests arrive together', async () => {
    const ann = await newCustomer();
    await ann.store(MAX_ADDRESSES_PER_USER - 3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => ann.call('POST', '/api/addresses/', address)),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(5);
    expect(await ann.stored()).toBe(MAX_ADDRESSES_PER_USER);
  });

  it('takes two statements: the user’s lock, and the count and insert as one', async () => {
    const ann = await newCustomer();
    const counter = countingDb(ctx.database);
    const service = createAddressesService(counter.db);
    const created = await service.createAddress(ann.userId, { ...address, state: null, country: 'UK' });
    expect(statements(counter.sql)).toHaveLength(2);
    expect(created).toEqual({ id: expect.any(Number), ...address, state: null, ...notDefault });
    await ann.store(MAX_ADDRESSES_PER_USER - 1);
    counter.reset();
    await expect(service.createAddress(ann.userId, { ...address, country: 'UK' })).rejects.toMatchObject({
      statusCode: 400,
      body: { non_field_errors: [ADDRESS_MESSAGES.tooManyAddresses] },
    });
    expect(statements(counter.sql)).toHaveLength(2);
  });
});

describe('GET /api/addresses/', () => {
  it('lists only the caller’s addresses, newest first, never cached', async () => {
    const ann = await newCustomer('ann');
    const bob = await newCustomer('bob');
    const first = await ann.added({ street: '1 First Street' });
    await bob.added({ street: '9 Bob Road' });
    const second = await ann.added({ street: '2 Second Street' });
    const res = await ann.call('GET', '/api/addresses/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({ count: 2, next: null, previous: null, results: [second, first] });
    const bobs = await bob.list();
    expect(bobs.count).toBe(1);
    expect(bobs.results.map((a) => a.street)).toEqual(['9 Bob Road']);
  });

  it('answers an empty page to a user without addresses', async () => {
    const ann = await newCustomer();
    expect(await ann.list()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('pages DRF-style with next and previous links', async () => {
    const ann = await newCustomer();
    await ann.store(25);
    const page1 = await ann.list();
    expect(page1.count).toBe(25);
    expect(page1.results).toHaveLength(20);
    expect(page1.next).toBe('/api/addresses/?page=2');
    expect(page1.previous).toBeNull();
    const ids = page1.results.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = await ann.list('?page=2');
    expect(page2).toMatchObject({ count: 25, next: null, previous: '/api/addresses/?page=1' });
    expect(page2.results).toHaveLength(5);
    expect(Math.max(...page2.results.map((a) => a.id))).toBeLessThan(Math.min(...ids));
    const small = await ann.list('?page_size=10&page=2');
    expect(small).toMatchObject({
      count: 25,
      next: '/api/addresses/?page_size=10&page=3',
      previous: '/api/addresses/?page_size=10&page=1',
    });
    expect(small.results.map((a) => a.id)).toEqual(ids.slice(10, 20));
    expect(await ann.list('?page=9')).toMatchObject({ count: 25, next: null, results: [] });
  });

  it('refuses bad paging and unknown query parameters', async () => {
    const ann = await newCustomer();
    for (const query of ['?page=0', '?page=x', '?page_size=101', '?page_size=0', '?user=1']) {
      const res = await ann.call('GET', `/api/addresses/${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('reads a page in one statement, and counts separately only past the end', async () => {
    const ann = await newCustomer();
    await ann.store(25);
    const counter = countingDb(ctx.database);
    const service = createAddressesService(counter.db);
    for (const [page, page_size, total, length, queries] of [
      [1, 20, 25, 20, 1],
      [2, 20, 25, 5, 1],
      [3, 20, 25, 0, 2],
    ] as const) {
      counter.reset();
      const answer = await service.listAddresses(ann.userId, { page, page_size });
      expect(answer.count).toBe(total);
      expect(answer.results).toHaveLength(length);
      expect(statements(counter.sql)).toHaveLength(queries);
    }
    counter.reset();
    const empty = await service.listAddresses((await newCustomer()).userId, { page: 1, page_size: 20 });
    expect(empty).toEqual({ count: 0, results: [] });
    expect(statements(counter.sql)).toHaveLength(1);
  });
});

describe('DELETE /api/addresses/{id}/', () => {
  it('deletes the caller’s address in one statement, and 404 when asked again', async () => {
    const ann = await newCustomer();
    const created = await ann.added();
    const res = await ann.call('DELETE', `/api/addresses/${created.id}/`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await ann.stored()).toBe(0);
    const again = await ann.call('DELETE', `/api/addresses/${created.id}/`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Not found.' });

    const other = await ann.added();
    const counter = countingDb(ctx.database);
    await createAddressesService(counter.db).deleteAddress(ann.userId, other.id);
    expect(statements(counter.sql)).toHaveLength(1);
  });

  it('answers 404 for another user’s address and leaves it alone', async () => {
    const ann = await newCustomer('ann');
    const bob = await newCustomer('bob');
    const anns = await ann.added();
    const res = await bob.call('DELETE', `/api/addresses/${anns.id}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect(await ann.stored()).toBe(1);
    expect((await bob.list()).results).toEqual([]);
  });

  it('answers 404 for an unknown id and 400 for an id that is not one', async () => {
    const ann = await newCustomer();
    expect((await ann.call('DELETE', '/api/addresses/2147483647/')).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '1e3']) {
      const res = await ann.call('DELETE', `/api/addresses/${id}/`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toHaveProperty('id');
    }
  });

  it('leaves the user’s orders and the address copies they keep untouched', async () => {
    const ann = await newCustomer();
    const shipping = await ann.added({ street: '1 Ship Street' });
    const billing = await ann.added({ street: '2 Bill Street', postal_code: 'M1 1AE' });
    const snapshots = await selectOwnAddresses(ctx.database.db, ann.userId, [shipping.id, billing.id]);
    const [order] = await ctx.database.db
      .insert(orders)
      .values({
        userId: ann.userId,
        subtotalPence: 1000,
        vatPence: 200,
        totalPence: 1200,
        vatRate: 20,
        paymentMethod: 'card',
        shippingAddress: snapshots.get(shipping.id)!,
        billingAddress: snapshots.get(billing.id)!,
      })
      .returning({ id: orders.id });

    for (const id of [shipping.id, billing.id]) {
      expect((await ann.call('DELETE', `/api/addresses/${id}/`)).statusCode).toBe(204);
    }
    const [kept] = await ctx.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept!.shippingAddress).toMatchObject({ street: '1 Ship Street', postal_code: 'LS1 4AP' });
    expect(kept!.billingAddress).toMatchObject({ street: '2 Bill Street', postal_code: 'M1 1AE' });
    expect(await ann.stored()).toBe(0);
  });
});

describe('PATCH /api/addresses/{id}/', () => {
  it('changes the fields given with the create rules, keeps the others, never cached', async () => {
    const ann = await newCustomer();
    const created = await ann.added();
    const res = await ann.call('PATCH', `/api/addresses/${created.id}/`, {
      street: ' 3 New Street ',
      postal_code: 'm11ae',
      state: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const changed = { ...created, street: '3 New Street', postal_code: 'M1 1AE', state: null };
    expect(res.json()).toEqual(changed);
    expect((await ann.list()).results).toEqual([changed]);
    const [row] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, created.id));
    expect(row).toMatchObject({ street: '3 New Street', postalCode: 'M1 1AE', state: null, city: 'Leeds' });
  });

  it('answers the address unchanged to an empty body, and keeps the country UK', async () => {
    const ann = await newCustomer();
    const created = await ann.added();
    for (const payload of [{}, { country: 'FR' }]) {
      const res = await ann.call('PATCH', `/api/addresses/${created.id}/`, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);
    }
  });

  it('answers 404 for another user’s address and changes neither it nor anyone’s defaults', async () => {
    const ann = await newCustomer('ann');
    const bob = await newCustomer('bob');
    const anns = await ann.added();
    for (const payload of [
      { city: 'York' },
      { is_default_billing: true },
      { is_default_shipping: false, city: 'York' },
      {},
    ]) {
      const res = await bob.call('PATCH', `/api/addresses/${anns.id}/`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await ann.list()).results).toEqual([anns]);
    const rows = await ctx.database.db
      .select({ billing: users.defaultBillingAddressId, shipping: users.defaultShippingAddressId })
      .from(users)
      .where(inArray(users.id, [ann.userId, bob.userId]));
    expect(rows).toEqual([
      { billing: null, shipping: null },
      { billing: null, shipping: null },
    ]);
  });

  it('answers 404 for an unknown id and 400 for an id that is not one', async () => {
    const ann = await newCustomer();
    expect((await ann.call('PATCH', '/api/addresses/2147483647/', { city: 'York' })).statusCode).toBe(404);
    for (const id of ['abc', '0', '2147483648']) {
      const res = await ann.call('PATCH', `/api/addresses/${id}/`, { city: 'York' });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toHaveProperty('id');
    }
  });

  it.each([
    ['first_name', ' ', ADDRESS_MESSAGES.firstNameRequired],
    ['city', 'x'.repeat(101), 'Ensure this field has no more than 100 characters.'],
    ['postal_code', '90210', 'Enter a valid UK postcode.'],
    ['telephone_number', '12345', 'Invalid telephone number format.'],
    ['is_default_billing', 'yes', 'Must be true or false.'],
  ])('refuses %s = %j with "%s" and changes nothing', async (field, value, message) => {
    const ann = await newCustomer();
    const created = await ann.added();
    const res = await ann.call('PATCH', `/api/addresses/${created.id}/`, { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
    expect((await ann.list()).results).toEqual([created]);
  });

  it('refuses fields it does not know (it is not a spec call), another user’s id among them', async () => {
    const ann = await newCustomer();
    const bob = await newCustomer('bob');
    const created = await ann.added();
    const res = await ann.call('PATCH', `/api/addresses/${created.id}/`, { user_id: bob.userId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [expect.any(String)] });
    const [row] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, created.id));
    expect(row!.userId).toBe(ann.userId);
  });
});

describe('default billing and shipping addresses', () => {
  /** The user's defaults as stored. */
  async function defaultsOf(userId: number) {
    const [row] = await ctx.database.db
      .select({ billing: users.defaultBillingAddressId, shipping: users.defaultShippingAddressId })
      .from(users)
      .where(eq(users.id, userId));
    return row!;
  }

  it('makes a new address a default when POST asks, and says so in the list', async () => {
    const ann = await newCustomer();
    const home = await ann.added({ is_default_billing: true, is_default_shipping: true });
    expect(home).toMatchObject({ is_default_billing: true, is_default_shipping: true });
    expect(await defaultsOf(ann.userId)).toEqual({ billing: home.id, shipping: home.id });

    const work = await ann.added({
      street: '9 Work Road',
      is_default_shipping: true,
      is_default_billing: false,
    });
    expect(work).toMatchObject({ is_default_billing: false, is_default_shipping: true });
    expect(await defaultsOf(ann.userId)).toEqual({ billing: home.id, shipping: work.id });
    const listed = (await ann.list()).results.map((entry) => [
      entry.id,
      entry.is_default_billing,
      entry.is_default_shipping,
    ]);
    expect(listed).toEqual([
      [work.id, false, true],
      [home.id, true, false],
    ]);
  });

  it('moves a default with PATCH true, and clears it with false only on the address that is the default', async () => {
    const ann = await newCustomer();
    const home = await ann.added({ is_default_billing: true });
    const work = await ann.added({ street: '9 Work Road' });
    const moved = await ann.call('PATCH', `/api/addresses/${work.id}/`, {
      is_default_billing: true,
      is_default_shipping: true,
      city: 'York',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({
      ...work,
      city: 'York',
      is_default_billing: true,
      is_default_shipping: true,
    });
    expect(await defaultsOf(ann.userId)).toEqual({ billing: work.id, shipping: work.id });

    // false on an address that is not the default leaves the default where it is.
    const kept = await ann.call('PATCH', `/api/addresses/${home.id}/`, { is_default_billing: false });
    expect(kept.json()).toMatchObject({ is_default_billing: false });
    expect(await defaultsOf(ann.userId)).toEqual({ billing: work.id, shipping: work.id });

    const cleared = await ann.call('PATCH', `/api/addresses/${work.id}/`, { is_default_shipping: false });
    expect(cleared.json()).toMatchObject({ is_default_billing: true, is_default_shipping: false });
    expect(await defaultsOf(ann.userId)).toEqual({ billing: work.id, shipping: null });
  });

  it('forgets a default when its address is deleted', async () => {
    const ann = await newCustomer();
    const home = await ann.added({ is_default_billing: true, is_default_shipping: true });
    const other = await ann.added({ street: '9 Work Road' });
    expect((await ann.call('DELETE', `/api/addresses/${home.id}/`)).statusCode).toBe(204);
    expect(await defaultsOf(ann.userId)).toEqual({ billing: null, shipping: null });
    expect((await ann.list()).results).toEqual([other]);
  });

  it('reads the defaults in the list’s one statement, and writes them in few', async () => {
    const ann = await newCustomer();
    await ann.store(3);
    const counter = countingDb(ctx.database);
    const service = createAddressesService(counter.db);
    const created = await service.createAddress(ann.userId, {
      ...address,
      state: null,
      country: 'UK',
      is_default_billing: true,
    });
    // The user's lock, the count and insert, the default.
    expect(statements(counter.sql)).toHaveLength(3);
    expect(created).toMatchObject({ is_default_billing: true, is_default_shipping: false });

    counter.reset();
    const page = await service.listAddresses(ann.userId, { page: 1, page_size: 20 });
    expect(page.results.filter((entry) => entry.is_default_billing).map((entry) => entry.id)).toEqual([
      created.id,
    ]);
    expect(statements(counter.sql)).toHaveLength(1);

    for (const [update, expected] of [
      [{ city: 'York' }, 1],
      [{ is_default_shipping: true }, 2],
      [{ is_default_billing: false, street: '4 Lane' }, 2],
    ] as const) {
      counter.reset();
      await service.updateAddress(ann.userId, created.id, { country: 'UK', ...update });
      expect(statements(counter.sql), JSON.stringify(update)).toHaveLength(expected);
    }
  });
});

describe('selectOwnAddresses', () => {
  it('answers the user’s own addresses among the ids as snapshots keyed by id', async () => {
    const ann = await newCustomer('ann');
    const bob = await newCustomer('bob');
    const mine = await ann.added({ state: '' });
    const theirs = await bob.added();
    const { id: _id, is_default_billing: _billing, is_default_shipping: _shipping, ...snapshot } = mine;
    const found = await ctx.database.db.transaction((tx) =>
      selectOwnAddresses(tx, ann.userId, [mine.id, theirs.id, mine.id, 2_147_483_647]),
    );
    expect([...found.entries()]).toEqual([[mine.id, { ...snapshot, state: null }]]);
    expect(await selectOwnAddresses(ctx.database.db, ann.userId, [])).toEqual(new Map());
  });
});
