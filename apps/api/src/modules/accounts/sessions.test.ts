import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { users } from '../../db/schema';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { accountClient } from '../../../test/support/accounts';

// An access token must not outlive the session it belongs to.
const JWT_SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

let ctx: TestContext;
let api: ReturnType<typeof accountClient>;
/** A second API process on the same database, as when the shop runs several. */
let other: App;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ JWT_SECRET }) });
  api = accountClient(ctx);
  other = await buildApp({ config: testConfig({ JWT_SECRET }), database: ctx.database });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

/** An authenticated request's status, on this process or the other. */
async function statusWith(access: string, app: App = ctx.app) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/ecommerce/carts/current/',
    headers: { authorization: `Bearer ${access}` },
  });
  if (res.statusCode === 401) expect(res.json()).toMatchObject({ code: 'token_not_valid' });
  return res.statusCode;
}

const verify = (token: string, app: App = ctx.app) =>
  app
    .inject({ method: 'POST', url: '/api/account/token/verify/', payload: { token } })
    .then((r) => r.statusCode);

describe('access tokens end with their session', () => {
  it('works on every process while the session is live', async () => {
    const session = await api.signUp(api.newEmail('live'));
    expect(await statusWith(session.access)).toBe(200);
    expect(await statusWith(session.access, other)).toBe(200);
  });

  it('refuses the other sessions’ access tokens after a password change, on every process; this one keeps working', async () => {
    const email = api.newEmail('change');
    const phone = await api.signUp(email, 'old password 1');
    const laptop = await api.logIn(email, 'old password 1');
    const res = await api.post(
      'update-password/',
      {
        current_password: 'old password 1',
        new_password: 'new password 2',
        confirm_new_password: 'new password 2',
      },
      { headers: { authorization: `Bearer ${laptop.access}` } },
    );
    expect(res.statusCode).toBe(200);
    expect(await statusWith(phone.access)).toBe(401);
    expect(await statusWith(phone.access, other)).toBe(401);
    expect(await verify(phone.access, other)).toBe(401);
    expect(await statusWith(laptop.access)).toBe(200);
    expect(await statusWith(laptop.access, other)).toBe(200);
    // The session that made the change also refreshes as before.
    expect((await api.post('token/refresh/', undefined, { cookie: laptop.refresh })).statusCode).toBe(200);
  });

  it('refuses every access token after a password reset', async () => {
    const email = api.newEmail('reset');
    const phone = await api.signUp(email, 'old password 1');
    const laptop = await api.logIn(email, 'old password 1');
    const res = await api.resetPassword(email, 'new password 2');
    expect(res.statusCode).toBe(200);
    for (const access of [phone.access, laptop.access]) {
      expect(await statusWith(access)).toBe(401);
      expect(await statusWith(access, other)).toBe(401);
    }
    const fresh = await api.logIn(email, 'new password 2');
    expect(await statusWith(fresh.access, other)).toBe(200);
  });

  it('refuses every access token of a deactivated user', async () => {
    const email = api.newEmail('deactivated');
    const session = await api.signUp(email);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.email, email));
    expect(await statusWith(session.access)).toBe(401);
    expect(await statusWith(session.access, other)).toBe(401);
    expect(await verify(session.access)).toBe(401);
  });

  it('refuses the access token of a session that logged out', async () => {
    const session = await api.signUp(api.newEmail('logout'));
    await api.post('logout/', undefined, { cookie: session.refresh });
    expect(await statusWith(session.access)).toBe(401);
  });

  it('keeps working across a refresh: the rotated session is the same session', async () => {
    const session = await api.signUp(api.newEmail('rotate'));
    const refreshed = await api.post('token/refresh/', undefined, { cookie: session.refresh });
    expect(refreshed.statusCode).toBe(200);
    expect(await statusWith(session.access)).toBe(200);
    expect(await statusWith(refreshed.json<{ access: string }>().access)).toBe(200);
  });
});

describe('the refresh cookie when Secure (finding 9)', () => {
  let secure: TestContext;
  let secureApi: ReturnType<typeof accountClient>;
  beforeAll(async () => {
    secure = await createTestApp({ config: testConfig({ JWT_SECRET, COOKIE_SECURE: 'true' }) });
    secureApi = accountClient(secure);
  });
  afterAll(() => secure.close());

  const refresh = (cookie: string) =>
    secure.app.inject({ method: 'POST', url: '/api/account/token/refresh/', headers: { cookie } });

  it('is named with the __Secure- prefix, which only a Secure, secure-origin answer can set', async () => {
    const email = secureApi.newEmail('prefix');
    await secureApi.signUp(email);
    const res = await secureApi.post('login/', { email, password: 'correct horse battery' });
    expect(String(res.headers['set-cookie'])).toMatch(/^__Secure-refresh_token=[\w-]{43}; .*; Secure$/);
  });

  it('refuses a refresh that carries two cookies of that name, and rotates neither', async () => {
    const victim = await secureApi.signUp(secureApi.newEmail('victim'));
    const planter = await secureApi.signUp(secureApi.newEmail('planter'));
    const both = await refresh(
      `__Secure-refresh_token=${planter.refresh}; __Secure-refresh_token=${victim.refresh}`,
    );
    expect(both.statusCode).toBe(401);
    expect(both.json()).toMatchObject({ code: 'token_not_valid' });
    // Neither token was used, so each still works alone (a used one would now count as reuse).
    expect((await refresh(`__Secure-refresh_token=${victim.refresh}`)).statusCode).toBe(200);
    expect((await refresh(`__Secure-refresh_token=${planter.refresh}`)).statusCode).toBe(200);
  });

  it('ignores a cookie without the prefix', async () => {
    const session = await secureApi.signUp(secureApi.newEmail('unprefixed'));
    expect((await refresh(`refresh_token=${session.refresh}`)).statusCode).toBe(401);
  });
});
