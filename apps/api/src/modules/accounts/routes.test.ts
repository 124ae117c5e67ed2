import { createHash, randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@shop/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailVerificationCodes,
  outboundEmails,
  rateLimits,
  refreshTokens,
  users,
  verificationTokens,
} from '../../db/schema';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { ACCOUNT_LIMITS, CODE_BUDGET_WINDOW_MS, CODES_PER_ADDRESS_PER_DAY } from './service';
import { accountClient, refreshCookieOf } from '../../../test/support/accounts';
import { ACCESS_TOKEN_TYP, AUDIENCE, hashOpaqueToken, ISSUER, keyIdOf } from './tokens';

const JWT_SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

let ctx: TestContext;
let api: ReturnType<typeof accountClient>;
/** The user and session of a live sign-in, for tokens made by hand. */
let live: { sub: string; sid: string };
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ JWT_SECRET }) });
  api = accountClient(ctx);
  const { access } = await api.signUp(api.newEmail('hand-made'));
  live = claimsOf(access) as { sub: string; sid: string };
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function userCount(email: string) {
  const [row] = await db().select({ n: count() }).from(users).where(eq(users.email, email));
  return row!.n;
}

async function passwordHashOf(email: string) {
  const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
  return row?.hash;
}

/** A different 6-digit code from the one that was sent. */
function wrongCode(code: string) {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** The claims of a JWT, unverified. */
function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

function signToken(
  claims: Record<string, unknown>,
  options: { secret?: string; expiresIn?: string; sub?: string } = {},
) {
  const secret = options.secret ?? JWT_SECRET;
  return new SignJWT({ sid: live.sid, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYP, kid: keyIdOf(secret) })
    .setSubject(options.sub ?? live.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti('test')
    .setExpirationTime(options.expiresIn ?? '15m')
    .sign(new TextEncoder().encode(secret));
}

describe('POST /api/account/email-authentication/ (asking for a code)', () => {
  it('e-mails a 6-digit code, stores only its hash and never answers it', async () => {
    const email = api.newEmail('code');
    const res = await api.requestCode(email, 'signup');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      exists: false,
      success: true,
      authentication_type: 'signup',
      message: ACCOUNT_MESSAGES.otpSent,
    });
    const code = await api.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(res.body).not.toContain(code);
    const mail = await api.lastEmail(email);
    expect(mail).toMatchObject({ status: 'pending', subject: expect.stringContaining('verification code') });
    expect(mail!.htmlBody).toContain(code);
    const [stored] = await db()
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.email, email));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);
    const ttl = stored!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it('lower-cases the address and e-mails a reset code to a known account', async () => {
    const email = api.newEmail('forgot');
    await api.signUp(email);
    await api.allowNewCode(email);
    const res = await api.requestCode(email.toUpperCase(), 'forgot_password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ exists: true, success: true, authentication_type: 'forgot_password' });
    expect((await api.lastEmail(email))!.subject).toContain('password reset code');
  });

  it('refuses a signup code for a known address and a reset code for an unknown one, sending nothing', async () => {
    const known = api.newEmail('known');
    await api.signUp(known);
    await api.allowNewCode(known);
    const [before] = await db().select({ n: count() }).from(outboundEmails);
    const signup = await api.requestCode(known, 'signup');
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toEqual({
      exists: true,
      success: false,
      authentication_type: 'signup',
      message: 'An account already exists with this email.',
      detail: 'An account already exists with this email.',
    });
    const forgot = await api.requestCode(api.newEmail('unknown'), 'forgot_password');
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json()).toMatchObject({
      exists: false,
      success: false,
      message: 'No account found with this email address.',
    });
    const [after] = await db().select({ n: count() }).from(outboundEmails);
    expect(after!.n).toBe(before!.n);
  });

  it('sends a new code to an address at most once a minute per client, with Retry-After', async () => {
    const email = api.newEmail('minute');
    const ip = api.nextIp();
    expect((await api.requestCode(email, 'signup', ip)).statusCode).toBe(200);
    const again = await api.requestCode(email, 'signup', ip);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ detail: expect.stringContaining('throttled') });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    // Another client's request is its own: a stranger asking cannot use up the owner's minute.
    expect((await api.requestCode(email, 'signup')).statusCode).toBe(200);
  });

  it(`sends at most ${ACCOUNT_LIMITS.codePerHour.limit} codes to an address an hour from one client`, async () => {
    const email = api.newEmail('hour');
    const ip = api.nextIp();
    for (let i = 0; i < ACCOUNT_LIMITS.codePerHour.limit; i++) {
      await api.allowNewCode(email);
      expect((await api.requestCode(email, 'signup', ip)).statusCode).toBe(200);
    }
    await api.allowNewCode(email);
    expect((await api.requestCode(email, 'signup', ip)).statusCode).toBe(429);
  });

  it(`sends at most ${CODES_PER_ADDRESS_PER_DAY} codes to an address a day, whoever asks`, async () => {
    const email = api.newEmail('day');
    for (let i = 0; i < CODES_PER_ADDRESS_PER_DAY; i++) {
      expect((await api.requestCode(email, 'signup')).statusCode).toBe(200);
    }
    const refused = await api.requestCode(email, 'signup');
    expect(refused.statusCode).toBe(429);
    // Free again a day and a code's life after the first of them.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(24 * 3600);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(CODE_BUDGET_WINDOW_MS / 1000);
    const [sent] = await db()
      .select({ n: count() })
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.email, email));
    expect(sent!.n).toBe(CODES_PER_ADDRESS_PER_DAY);
  });

  it('counts concurrent requests for one address one after the other', async () => {
    const email = api.newEmail('day-race');
    const answers = await Promise.all(
      Array.from({ length: CODES_PER_ADDRESS_PER_DAY + 4 }, () => api.requestCode(email, 'signup')),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(CODES_PER_ADDRESS_PER_DAY);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(4);
  });

  it(`limits one client to ${ACCOUNT_LIMITS.codeSendsPerClient.limit} codes an hour, whatever X-Forwarded-For says`, async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < ACCOUNT_LIMITS.codeSendsPerClient.limit; i++) {
      const res = await api.post(
        'email-authentication/',
        { email: api.newEmail('spray'), authentication_type: 'signup' },
        { ip, headers: { 'x-forwarded-for': `192.0.2.${i}` } },
      );
      expect(res.statusCode).toBe(200);
    }
    const res = await api.post(
      'email-authentication/',
      { email: api.newEmail('spray'), authentication_type: 'signup' },
      { ip, headers: { 'x-forwarded-for': '192.0.2.250' } },
    );
    expect(res.statusCode).toBe(429);
  });

  it.each([
    [{ email: '', authentication_type: 'signup' }, { email: ['Email is required'] }],
    [{ email: 'nope', authentication_type: 'signup' }, { email: ['Invalid email format'] }],
    [
      { email: 'a@b.co', authentication_type: 'signup', code: '1234' },
      { code: ['OTP must be a 6-digit number'] },
    ],
    [{ email: 'a@b.co', authentication_type: 'signup', code: '' }, { code: ['OTP is required'] }],
  ])('answers field errors for %j', async (payload, errors) => {
    const res = await api.post('email-authentication/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });

  it('refuses an unknown authentication type and unknown fields', async () => {
    const type = await api.post('email-authentication/', { email: 'a@b.co', authentication_type: 'admin' });
    expect(type.statusCode).toBe(400);
    expect(type.json()).toHaveProperty('authentication_type');
    const extra = await api.post('email-authentication/', {
      email: 'a@b.co',
      authentication_type: 'signup',
      is_staff: true,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toHaveProperty('non_field_errors');
  });
});

describe('POST /api/account/email-authentication/ (checking a code)', () => {
  async function check(email: string, code: string, purpose: 'signup' | 'forgot_password' = 'signup') {
    return api.post('email-authentication/', { email, authentication_type: purpose, code });
  }

  it('trades the e-mailed code for a single-use verification token, stored hashed', async () => {
    const email = api.newEmail('verify');
    await api.requestCode(email, 'signup');
    const res = await check(email, await api.lastCode(email));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ verification_token: string }>();
    expect(body).toEqual({
      exists: false,
      success: true,
      authentication_type: 'signup',
      message: ACCOUNT_MESSAGES.emailVerified,
      verification_token: expect.stringMatching(/^[\w-]{43}$/),
    });
    const [stored] = await db().select().from(verificationTokens).where(eq(verificationTokens.email, email));
    expect(stored).toMatchObject({
      purpose: 'signup',
      usedAt: null,
      tokenHash: hashOpaqueToken(body.verification_token),
    });
    const ttl = stored!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
  });

  it('accepts a code once', async () => {
    const email = api.newEmail('once');
    await api.requestCode(email, 'signup');
    const code = await api.lastCode(email);
    expect((await check(email, code)).statusCode).toBe(200);
    const again = await check(email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, message: ACCOUNT_MESSAGES.otpInvalid });
  });

  it('never verifies a code the client chose (the spec’s old client sends its own)', async () => {
    const email = api.newEmail('chosen');
    // The old client sends its code with the request: that is a check of a code nobody sent.
    const first = await check(email, '123456');
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({
      success: false,
      authentication_type: 'signup',
      message: 'Invalid OTP. Please try again.',
      detail: 'Invalid OTP. Please try again.',
    });
    expect(first.body).not.toContain('verification_token');
    // With a real code sent, any other code still fails.
    await api.requestCode(email, 'signup');
    const real = await api.lastCode(email);
    expect((await check(email, wrongCode(real))).statusCode).toBe(400);
  });

  it('never accepts a signup code for a password reset', async () => {
    const email = api.newEmail('purpose');
    await api.requestCode(email, 'signup');
    const signupCode = await api.lastCode(email);
    const res = await check(email, signupCode, 'forgot_password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, authentication_type: 'forgot_password' });
    // The code is untouched for the purpose it was made for.
    expect((await check(email, signupCode, 'signup')).statusCode).toBe(200);
  });

  it('accepts a code once even when it is checked many times at once', async () => {
    const email = api.newEmail('race');
    await api.requestCode(email, 'signup');
    const code = await api.lastCode(email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => check(email, code)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('burns a code after 5 wrong tries: the right code fails after them', async () => {
    const email = api.newEmail('burn');
    await api.requestCode(email, 'signup');
    const code = await api.lastCode(email);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await check(email, wrongCode(code));
      expect(res.statusCode).toBe(400);
      answers.push(res.json<{ message: string }>().message);
    }
    expect(answers).toEqual([...Array(4).fill(ACCOUNT_MESSAGES.otpInvalid), ACCOUNT_MESSAGES.otpBurnt]);
    const right = await check(email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ success: false, message: ACCOUNT_MESSAGES.otpBurnt });
    expect(right.body).not.toContain('verification_token');
  });

  it('accepts the right code on the fifth try', async () => {
    const email = api.newEmail('fifth');
    await api.requestCode(email, 'signup');
    const code = await api.lastCode(email);
    for (let i = 0; i < 4; i++) expect((await check(email, wrongCode(code))).statusCode).toBe(400);
    expect((await check(email, code)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = api.newEmail('expired');
    await api.requestCode(email, 'signup');
    const code = await api.lastCode(email);
    await db()
      .update(emailVerificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationCodes.email, email));
    const res = await check(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: ACCOUNT_MESSAGES.otpExpired });
  });

  it('keeps the code the owner holds alive when someone asks for another', async () => {
    const email = api.newEmail('held');
    const owner = api.nextIp();
    await api.requestCode(email, 'signup', owner);
    const held = await api.lastCode(email);
    // A stranger asks for new codes for the same address.
    for (let i = 0; i < 3; i++) expect((await api.requestCode(email, 'signup')).statusCode).toBe(200);
    const res = await api.post(
      'email-authentication/',
      { email, authentication_type: 'signup', code: held },
      { ip: owner },
    );
    expect(res.statusCode).toBe(200);
    // One verified code uses up the address's others for that purpose.
    expect((await check(email, await api.lastCode(email))).statusCode).toBe(400);
  });

  it('keeps the owner’s own tries when strangers have used up theirs', async () => {
    const email = api.newEmail('strangers');
    const owner = api.nextIp();
    await api.requestCode(email, 'signup', owner);
    const code = await api.lastCode(email);
    const strangers: string[] = [];
    for (let i = 0; i < 8; i++)
      strangers.push((await check(email, wrongCode(code))).json<{ message: string }>().message);
    expect(strangers.slice(0, 4)).toEqual(Array(4).fill(ACCOUNT_MESSAGES.otpInvalid));
    expect(strangers.slice(4)).toEqual(Array(4).fill(ACCOUNT_MESSAGES.otpBurnt));
    // Even the right code is refused to strangers now; the owner still has their five tries.
    expect((await check(email, code)).statusCode).toBe(400);
    const ownWrong = await api.post(
      'email-authentication/',
      { email, authentication_type: 'signup', code: wrongCode(code) },
      { ip: owner },
    );
    expect(ownWrong.json()).toMatchObject({ message: ACCOUNT_MESSAGES.otpInvalid });
    const ownRight = await api.post(
      'email-authentication/',
      { email, authentication_type: 'signup', code },
      { ip: owner },
    );
    expect(ownRight.statusCode).toBe(200);
  });

  it('answers a failed check the same whether the address has an account or not', async () => {
    const known = api.newEmail('known');
    await api.signUp(known);
    const unknown = api.newEmail('unknown');
    for (const purpose of ['signup', 'forgot_password'] as const) {
      const [a, b] = [await check(known, '123456', purpose), await check(unknown, '123456', purpose)];
      expect(a.statusCode).toBe(400);
      expect(b.statusCode).toBe(400);
      expect(a.json()).toEqual(b.json());
      expect(a.json()).not.toHaveProperty('exists');
    }
  });

  it('lets at most 100 guesses a day at one address’s codes, from any number of clients', async () => {
    const email = api.newEmail('guessing');
    // An attacker asks for every code the address may have today, from clients of their own…
    const requesters = Array.from({ length: CODES_PER_ADDRESS_PER_DAY }, () => api.nextIp());
    for (const ip of requesters) expect((await api.requestCode(email, 'signup', ip)).statusCode).toBe(200);
    expect((await api.requestCode(email, 'signup')).statusCode).toBe(429);
    // …then guesses from those clients and from many others. Each guess is a code nobody sent.
    const guess = (n: number) => String(1_000_000 - 1 - n).padStart(6, '0');
    const sent = new Set(
      (await db().select().from(outboundEmails).where(eq(outboundEmails.toAddress, email))).map(
        (mail) => /\b(\d{6})\b/.exec(mail.textBody)![1],
      ),
    );
    let n = 0;
    const nextGuess = () => {
      while (sent.has(guess(n))) n++;
      return guess(n++);
    };
    const answers: string[] = [];
    for (const ip of [...requesters, ...requesters]) {
      for (let i = 0; i < 4; i++) {
        const res = await api.post(
          'email-authentication/',
          { email, authentication_type: 'signup', code: nextGuess() },
          { ip },
        );
        answers.push(res.json<{ message: string }>().message);
      }
    }
    for (let i = 0; i < 40; i++)
      answers.push((await check(email, nextGuess())).json<{ message: string }>().message);
    // Every code was compared with at most 10 guesses, so at most 100 comparisons were ever made.
    const codes = await db()
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.email, email));
    const comparisons = codes.reduce((sum, row) => sum + row.attempts + row.foreignAttempts, 0);
    expect(comparisons).toBeLessThanOrEqual(100);
    expect(codes.every((row) => row.attempts <= 5 && row.foreignAttempts <= 5)).toBe(true);
    // And now every client is told the codes are used up.
    expect(answers.slice(-5)).toEqual(Array(5).fill(ACCOUNT_MESSAGES.otpBurnt));
  });
});

describe('POST /api/account/signup/', () => {
  const details = {
    first_name: 'Sam',
    last_name: 'Patel',
    company_name: 'Patel Packaging Ltd',
    password: 'a long password',
    interested_in_marketing_communications: true,
  };

  it('makes the account (argon2id) and signs in with the refresh token only in an HttpOnly cookie', async () => {
    const email = api.newEmail('signup');
    const verification_token = await api.verificationToken(email, 'signup');
    const res = await api.post('signup/', { ...details, email, verification_token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ token: { access: expect.any(String) } });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^refresh_token=[\w-]{43}; Max-Age=\d+; Path=\/api\/account\/; HttpOnly; SameSite=Strict$/,
    );
    const refresh = refreshCookieOf(res)!;
    expect(res.body).not.toContain(refresh);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      firstName: 'Sam',
      lastName: 'Patel',
      companyName: 'Patel Packaging Ltd',
      interestedInMarketingCommunications: true,
      role: 'customer',
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [token] = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, user!.id));
    expect(token!.tokenHash).toBe(hashOpaqueToken(refresh));
    // 14 days sliding, 30 days for the family.
    expect(token!.expiresAt.getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3600_000);
    expect(token!.familyExpiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600_000);
    const verify = await api.post('token/verify/', {
      token: res.json<{ token: { access: string } }>().token.access,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({});
  });

  it('refuses a NUL in a name with a 400 and makes nothing, keeping the token for a corrected try', async () => {
    const email = api.newEmail('nul');
    const verification_token = await api.verificationToken(email, 'signup');
    const res = await api.post('signup/', {
      email,
      first_name: 'Ann\u0000',
      last_name: 'Lee',
      password: 'correct horse battery',
      interested_in_marketing_communications: false,
      verification_token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Null characters are not allowed.' });
    expect(await userCount(email)).toBe(0);
    const [token] = await db()
      .select({ usedAt: verificationTokens.usedAt })
      .from(verificationTokens)
      .where(eq(verificationTokens.tokenHash, hashOpaqueToken(verification_token)));
    expect(token!.usedAt).toBeNull();
  });

  it('refuses a signup without a verification token and makes nothing', async () => {
    const email = api.newEmail('notoken');
    const res = await api.post('signup/', { ...details, email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ verification_token: ['Email verification required'] });
    expect(await userCount(email)).toBe(0);
  });

  it('refuses an invented, a reused and another address’s verification token', async () => {
    const email = api.newEmail('reuse');
    const invented = await api.post('signup/', { ...details, email, verification_token: 'x'.repeat(43) });
    expect(invented.statusCode).toBe(400);
    expect(invented.json()).toEqual({ detail: ACCOUNT_MESSAGES.verificationExpired });

    const verification_token = await api.verificationToken(email, 'signup');
    const other = api.newEmail('other');
    const wrongAddress = await api.post('signup/', { ...details, email: other, verification_token });
    expect(wrongAddress.statusCode).toBe(400);
    expect(await userCount(other)).toBe(0);

    expect((await api.post('signup/', { ...details, email, verification_token })).statusCode).toBe(201);
    const hash = await passwordHashOf(email);
    const reused = await api.post('signup/', {
      ...details,
      email,
      password: 'another password',
      verification_token,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: ACCOUNT_MESSAGES.verificationExpired });
    expect(await userCount(email)).toBe(1);
    expect(await passwordHashOf(email)).toBe(hash);
  });

  it('makes one account when the same token is used by several signups at once', async () => {
    const email = api.newEmail('race');
    const verification_token = await api.verificationToken(email, 'signup');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api.post('signup/', { ...details, email, verification_token })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400, 400, 400]);
    expect(await userCount(email)).toBe(1);
  });

  it('refuses an expired verification token', async () => {
    const email = api.newEmail('stale');
    const verification_token = await api.verificationToken(email, 'signup');
    await db()
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.email, email));
    expect((await api.post('signup/', { ...details, email, verification_token })).statusCode).toBe(400);
    expect(await userCount(email)).toBe(0);
  });

  it('refuses a second account for an address whose token was made before the first', async () => {
    const email = api.newEmail('twice');
    const early = await api.verificationToken(email, 'signup');
    await api.signUp(email);
    const res = await api.post('signup/', { ...details, email, verification_token: early });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'An account already exists with this email.' });
    expect(await userCount(email)).toBe(1);
    // Nothing was used up: the token row is still unused.
    const [row] = await db()
      .select({ usedAt: verificationTokens.usedAt })
      .from(verificationTokens)
      .where(eq(verificationTokens.tokenHash, hashOpaqueToken(early)));
    expect(row!.usedAt).toBeNull();
  });

  it('answers the spec’s field messages and keeps the token for a corrected try', async () => {
    const email = api.newEmail('fields');
    const verification_token = await api.verificationToken(email, 'signup');
    const res = await api.post('signup/', {
      email,
      first_name: '',
      last_name: ' ',
      password: 'short',
      interested_in_marketing_communications: false,
      verification_token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      password: ['Password must be at least 8 characters'],
    });
    const ok = await api.post('signup/', { ...details, company_name: '', email, verification_token });
    expect(ok.statusCode).toBe(201);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user!.companyName).toBeNull();
  });
});

describe('POST /api/account/login/', () => {
  it('signs in with the refresh token in the cookie and the access token in the body', async () => {
    const email = api.newEmail('login');
    await api.signUp(email, 'my password 1');
    const res = await api.post('login/', { email: ` ${email.toUpperCase()} `, password: 'my password 1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: { access: expect.any(String) } });
    const refresh = refreshCookieOf(res)!;
    expect(refresh).toMatch(/^[\w-]{43}$/);
    expect(res.body).not.toContain(refresh);
  });

  it('answers one generic message for a wrong password and an unknown address', async () => {
    const email = api.newEmail('generic');
    await api.signUp(email, 'my password 1');
    const wrong = await api.post('login/', { email, password: 'not my password' });
    const unknown = await api.post('login/', { email: api.newEmail('nobody'), password: 'my password 1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Login failed. Please check your credentials.' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it.each([
    [{}, { email: ['Email is required'], password: ['Password is required'] }],
    [
      { email: 'x', password: '12345' },
      { email: ['Invalid email format'], password: ['Password must be at least 6 characters'] },
    ],
  ])('answers the spec’s field messages for %j', async (payload, errors) => {
    const res = await api.post('login/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });

  it(`refuses one client after ${ACCOUNT_LIMITS.loginsPerAccountClient.limit} tries at an account`, async () => {
    const email = api.newEmail('brute');
    await api.signUp(email, 'the right one');
    const ip = api.nextIp();
    for (let i = 0; i < ACCOUNT_LIMITS.loginsPerAccountClient.limit; i++) {
      expect((await api.post('login/', { email, password: `guess ${i}!` }, { ip })).statusCode).toBe(400);
    }
    const refused = await api.post('login/', { email, password: 'the right one' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the owner in from their own client after many failures from other clients, only slowing those', async () => {
    const email = api.newEmail('lockout');
    await api.signUp(email, 'the right one');
    const started = Date.now();
    for (let i = 0; i < 12; i++) {
      expect((await api.post('login/', { email, password: `guess ${i}!` })).statusCode).toBe(400);
    }
    // Failures beyond the third on the account were slowed down (0.2 s more each, up to 1 s).
    expect(Date.now() - started).toBeGreaterThan(5000);
    const owner = await api.post('login/', { email, password: 'the right one' });
    expect(owner.statusCode).toBe(200);
  });

  it('throttles one client trying many accounts even when X-Forwarded-For changes on every request', async () => {
    const ip = '10.98.0.1';
    for (let i = 0; i < ACCOUNT_LIMITS.loginsPerClient.limit; i++) {
      const res = await api.post(
        'login/',
        { email: api.newEmail('stuffing'), password: 'password1' },
        { ip, headers: { 'x-forwarded-for': `198.51.100.${i}` } },
      );
      expect(res.statusCode).toBe(400);
    }
    const res = await api.post(
      'login/',
      { email: api.newEmail('stuffing'), password: 'password1' },
      { ip, headers: { 'x-forwarded-for': '198.51.100.250' } },
    );
    expect(res.statusCode).toBe(429);
    // Another client is not affected.
    expect((await api.post('login/', { email: api.newEmail('x'), password: 'password1' })).statusCode).toBe(
      400,
    );
  });

  it('forgets a client’s failures at an account once it signs in there', async () => {
    const email = api.newEmail('forgive');
    await api.signUp(email, 'the right one');
    const ip = api.nextIp();
    for (let i = 0; i < 3; i++) await api.post('login/', { email, password: 'wrong password' }, { ip });
    expect((await api.post('login/', { email, password: 'the right one' }, { ip })).statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `${ACCOUNT_LIMITS.loginsPerAccountClient.name}:${email}|${ip}`));
    expect(row).toBeUndefined();
  });

  it('refuses a deactivated account with the same generic message', async () => {
    const email = api.newEmail('inactive');
    await api.signUp(email, 'the right one');
    await db().update(users).set({ isActive: false }).where(eq(users.email, email));
    const res = await api.post('login/', { email, password: 'the right one' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: ACCOUNT_MESSAGES.loginFailed });
  });
});

describe('refresh tokens', () => {
  async function familyOf(refresh: string) {
    const [row] = await db()
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refresh)));
    return db()
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, row!.familyId))
      .orderBy(refreshTokens.id);
  }

  it('rotates the cookie on refresh and answers only a new access token', async () => {
    const session = await api.signUp(api.newEmail('rotate'));
    const res = await api.post('token/refresh/', undefined, { cookie: session.refresh });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access: expect.any(String) });
    const next = refreshCookieOf(res)!;
    expect(next).toMatch(/^[\w-]{43}$/);
    expect(next).not.toBe(session.refresh);
    expect(res.body).not.toContain(next);
    const family = await familyOf(next);
    expect(family).toHaveLength(2);
    expect(family[0]).toMatchObject({ revokedAt: expect.any(Date), replacedBy: family[1]!.id });
    expect(family[1]).toMatchObject({ revokedAt: null, familyExpiresAt: family[0]!.familyExpiresAt });
    expect(
      (await api.post('token/verify/', { token: res.json<{ access: string }>().access })).statusCode,
    ).toBe(200);
  });

  it('ignores a refresh token sent in the body (the spec’s old client)', async () => {
    const session = await api.signUp(api.newEmail('body'));
    const res = await api.post('token/refresh/', { refresh: session.refresh });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('revokes the whole family when a refresh token is used twice', async () => {
    const session = await api.signUp(api.newEmail('reuse'));
    const first = await api.post('token/refresh/', undefined, { cookie: session.refresh });
    const current = refreshCookieOf(first)!;
    const replay = await api.post('token/refresh/', undefined, { cookie: session.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: expect.any(String), code: 'token_not_valid' });
    expect(String(replay.headers['set-cookie'])).toContain('Max-Age=0');
    // The legitimate holder's newer token is revoked too.
    const after = await api.post('token/refresh/', undefined, { cookie: current });
    expect(after.statusCode).toBe(401);
    expect((await familyOf(current)).every((token) => token.revokedAt !== null)).toBe(true);
  });

  it('rotates a token once when it is presented twice at once, and treats the second as reuse', async () => {
    const session = await api.signUp(api.newEmail('race'));
    const answers = await Promise.all([
      api.post('token/refresh/', undefined, { cookie: session.refresh }),
      api.post('token/refresh/', undefined, { cookie: session.refresh }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
    expect((await familyOf(session.refresh)).every((token) => token.revokedAt !== null)).toBe(true);
  });

  it.each([
    ['no cookie', undefined],
    ['an unknown cookie', 'x'.repeat(43)],
  ])('answers 401 token_not_valid with %s', async (_name, cookie) => {
    const res = await api.post('token/refresh/', undefined, cookie === undefined ? {} : { cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'token_not_valid' });
  });

  it('refuses an expired token and a family past its absolute lifetime', async () => {
    const expired = await api.signUp(api.newEmail('expired'));
    await db()
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(expired.refresh)));
    expect((await api.post('token/refresh/', undefined, { cookie: expired.refresh })).statusCode).toBe(401);

    const old = await api.signUp(api.newEmail('old'));
    await db()
      .update(refreshTokens)
      .set({ familyExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(old.refresh)));
    expect((await api.post('token/refresh/', undefined, { cookie: old.refresh })).statusCode).toBe(401);
  });

  it('never slides a token past its family’s absolute end', async () => {
    const session = await api.signUp(api.newEmail('cap'));
    const end = new Date(Date.now() + 3600_000);
    await db()
      .update(refreshTokens)
      .set({ familyExpiresAt: end })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(session.refresh)));
    const res = await api.post('token/refresh/', undefined, { cookie: session.refresh });
    const [next] = await familyOf(refreshCookieOf(res)!).then((family) => family.slice(-1));
    expect(next!.expiresAt.getTime()).toBe(end.getTime());
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=(35\d\d|3600);/);
  });

  it('logout revokes the family and clears the cookie', async () => {
    const session = await api.signUp(api.newEmail('logout'));
    const res = await api.post('logout/', undefined, { cookie: session.refresh });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.loggedOut });
    expect(String(res.headers['set-cookie'])).toBe(
      'refresh_token=; Max-Age=0; Path=/api/account/; HttpOnly; SameSite=Strict',
    );
    expect((await api.post('token/refresh/', undefined, { cookie: session.refresh })).statusCode).toBe(401);
    // Without a cookie it still answers (and clears).
    expect((await api.post('logout/')).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  const changePassword = (headers: Record<string, string>) =>
    api.post(
      'update-password/',
      { current_password: 'whatever', new_password: 'new password', confirm_new_password: 'new password' },
      { headers },
    );

  it('token/verify/ accepts a valid access token and refuses anything else', async () => {
    const session = await api.signUp(api.newEmail('verify'));
    expect((await api.post('token/verify/', { token: session.access })).statusCode).toBe(200);
    for (const token of ['garbage', session.refresh, `${session.access}x`]) {
      const res = await api.post('token/verify/', { token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: expect.any(String), code: 'token_not_valid' });
    }
    expect((await api.post('token/verify/', {})).statusCode).toBe(400);
  });

  it('signs HS256 tokens with issuer, audience, type, subject and a 15-minute expiry', async () => {
    const session = await api.signUp(api.newEmail('claims'));
    const [header, payload] = session.access
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt', kid: keyIdOf(JWT_SECRET) });
    expect(payload).toMatchObject({
      iss: ISSUER,
      aud: AUDIENCE,
      token_type: 'access',
      sub: expect.any(String),
      sid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });

  it.each([
    ['expired', () => signToken({ token_type: 'access' }, { expiresIn: '-1m' })],
    ['signed with another secret', () => signToken({ token_type: 'access' }, { secret: 'x'.repeat(40) })],
    [
      'forged with our key id but another secret',
      async () => {
        const token = await signToken({ token_type: 'access' }, { secret: 'y'.repeat(40) });
        const [, payload, signature] = token.split('.');
        const header = Buffer.from(
          JSON.stringify({ alg: 'HS256', typ: ACCESS_TOKEN_TYP, kid: keyIdOf(JWT_SECRET) }),
        ).toString('base64url');
        return `${header}.${payload}.${signature}`;
      },
    ],
    [
      "alg 'none'",
      async () => {
        const valid = await signToken({ token_type: 'access' });
        const payload = valid.split('.')[1];
        const header = Buffer.from(
          JSON.stringify({ alg: 'none', typ: ACCESS_TOKEN_TYP, kid: keyIdOf(JWT_SECRET) }),
        ).toString('base64url');
        return `${header}.${payload}.`;
      },
    ],
    ['a refresh-type JWT', () => signToken({ token_type: 'refresh' })],
    ['without a session', () => signToken({ token_type: 'access', sid: undefined })],
    ['of a session that never was', () => signToken({ token_type: 'access', sid: randomUUID() })],
    [
      'of another user’s session',
      () => signToken({ token_type: 'access', sid: live.sid }, { sub: '999999' }),
    ],
    [
      'a token for another audience',
      () =>
        new SignJWT({ token_type: 'access', sid: live.sid })
          .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYP, kid: keyIdOf(JWT_SECRET) })
          .setSubject(live.sub)
          .setIssuer(ISSUER)
          .setAudience('someone-else')
          .setIssuedAt()
          .setJti('x')
          .setExpirationTime('15m')
          .sign(new TextEncoder().encode(JWT_SECRET)),
    ],
    [
      'a plain JWT without our type',
      () =>
        new SignJWT({ token_type: 'access', sid: live.sid })
          .setProtectedHeader({ alg: 'HS256', kid: keyIdOf(JWT_SECRET) })
          .setSubject(live.sub)
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setJti('x')
          .setExpirationTime('15m')
          .sign(new TextEncoder().encode(JWT_SECRET)),
    ],
  ])('answers 401 token_not_valid for a token %s', async (_name, make) => {
    const token = await make();
    const res = await changePassword({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'token_not_valid' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    expect((await api.post('token/verify/', { token })).statusCode).toBe(401);
  });

  it('a well-made token of ours passes (the cases above fail for their one fault)', async () => {
    const token = await signToken({ token_type: 'access' });
    expect((await api.post('token/verify/', { token })).statusCode).toBe(200);
  });

  it('answers 401 token_not_valid for the refresh token used as an access token', async () => {
    const session = await api.signUp(api.newEmail('swap'));
    const res = await changePassword({ authorization: `Bearer ${session.refresh}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it.each(['Bearer', 'Bearer ', 'Bearer a b', 'Token abc', 'Basic dXNlcjpwYXNz', 'abc'])(
    'answers 401 bad_authorization_header for %j',
    async (authorization) => {
      const res = await changePassword({ authorization });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: expect.any(String), code: 'bad_authorization_header' });
    },
  );

  it('answers 401 without an Authorization header, before looking at the body', async () => {
    const res = await api.post('update-password/', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
  });
});

describe('POST /api/account/reset-password/', () => {
  it('sets the new password, signs every session out and e-mails the owner', async () => {
    const email = api.newEmail('reset');
    const session = await api.signUp(email, 'old password 1');
    const res = await api.resetPassword(email, 'new password 2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successfully!' });
    expect((await api.post('login/', { email, password: 'old password 1' })).statusCode).toBe(400);
    await api.logIn(email, 'new password 2');
    expect((await api.post('token/refresh/', undefined, { cookie: session.refresh })).statusCode).toBe(401);
    expect((await api.lastEmail(email))!.subject).toContain('password was reset');
  });

  it('refuses a missing, reused, signup or other address’s token and changes nothing', async () => {
    const email = api.newEmail('reset-bad');
    // A signup token for the address, made before the account existed and never used.
    const signupToken = await api.verificationToken(email, 'signup');
    await api.signUp(email, 'old password 1');
    const hash = await passwordHashOf(email);
    const body = { email, new_password: 'new password 2', confirm_new_password: 'new password 2' };

    const missing = await api.post('reset-password/', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ verification_token: ['Email verification required'] });

    const wrongPurpose = await api.post('reset-password/', { ...body, verification_token: signupToken });
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json()).toEqual({ detail: ACCOUNT_MESSAGES.verificationExpired });

    const other = api.newEmail('reset-other');
    await api.signUp(other);
    const otherToken = await api.verificationToken(other, 'forgot_password');
    expect((await api.post('reset-password/', { ...body, verification_token: otherToken })).statusCode).toBe(
      400,
    );
    expect(await passwordHashOf(email)).toBe(hash);

    const token = await api.verificationToken(email, 'forgot_password');
    expect((await api.post('reset-password/', { ...body, verification_token: token })).statusCode).toBe(200);
    const changed = await passwordHashOf(email);
    const reused = await api.post('reset-password/', {
      ...body,
      new_password: 'third password',
      confirm_new_password: 'third password',
      verification_token: token,
    });
    expect(reused.statusCode).toBe(400);
    expect(await passwordHashOf(email)).toBe(changed);
  });

  it('answers the spec’s field messages', async () => {
    const res = await api.post('reset-password/', {
      email: 'a@b.co',
      new_password: 'short',
      confirm_new_password: 'other',
      verification_token: 't',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      new_password: ['Password must be at least 8 characters'],
      confirm_new_password: ['Passwords do not match'],
    });
  });

  it('forgets the failures that slow an account once its owner proved the address', async () => {
    const email = api.newEmail('locked');
    await api.signUp(email, 'old password 1');
    // As if someone had tried the account's password many times.
    const key = `${ACCOUNT_LIMITS.loginFailuresPerAccount.name}:${email}`;
    await db()
      .insert(rateLimits)
      .values({ key, count: 99, resetAt: new Date(Date.now() + 600_000) });
    await api.resetPassword(email, 'new password 2');
    expect(await db().select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
    await api.logIn(email, 'new password 2');
  });
});

describe('POST /api/account/update-password/', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const email = api.newEmail('change');
    const other = await api.signUp(email, 'old password 1');
    const session = await api.logIn(email, 'old password 1');
    const res = await api.post(
      'update-password/',
      { current_password: 'old password 1', new_password: 'newpw1', confirm_new_password: 'newpw1' },
      { headers: { authorization: `Bearer ${session.access}` }, cookie: session.refresh },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password updated successfully' });
    await api.logIn(email, 'newpw1');
    expect((await api.post('token/refresh/', undefined, { cookie: other.refresh })).statusCode).toBe(401);
    expect((await api.post('token/refresh/', undefined, { cookie: session.refresh })).statusCode).toBe(200);
    expect((await api.lastEmail(email))!.subject).toContain('password was changed');
  });

  it('refuses a wrong current password on its field and changes nothing', async () => {
    const email = api.newEmail('change-wrong');
    const session = await api.signUp(email, 'old password 1');
    const hash = await passwordHashOf(email);
    const res = await api.post(
      'update-password/',
      { current_password: 'not it at all', new_password: 'newpw1', confirm_new_password: 'newpw1' },
      { headers: { authorization: `Bearer ${session.access}` } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ current_password: ['Current password is incorrect.'] });
    expect(await passwordHashOf(email)).toBe(hash);
  });

  it('answers the spec’s field messages', async () => {
    const session = await api.signUp(api.newEmail('change-fields'));
    const res = await api.post(
      'update-password/',
      { current_password: '', new_password: '12345', confirm_new_password: '' },
      { headers: { authorization: `Bearer ${session.access}` } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      current_password: ['Current password is required'],
      new_password: ['Password must be at least 6 characters'],
      confirm_new_password: ['Confirm password is required'],
    });
  });
});

describe('stored secrets', () => {
  it('keeps no code, password or token in clear in the account tables', async () => {
    const email = api.newEmail('clear');
    const session = await api.signUp(email, 'clear password 1');
    const rows = await db().execute(sql`
      select ${users.passwordHash} as secret from ${users} where ${users.email} = ${email}
      union all select ${refreshTokens.tokenHash} from ${refreshTokens}
      union all select ${verificationTokens.tokenHash} from ${verificationTokens}
      union all select ${emailVerificationCodes.codeHash} from ${emailVerificationCodes}
    `);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('clear password 1');
    expect(dump).not.toContain(session.refresh);
    expect(dump).toContain(createHash('sha256').update(session.refresh).digest('hex'));
  });

  it('keeps a code in clear only in the outbox, for the e-mail', async () => {
    const email = api.newEmail('outbox');
    await api.requestCode(email, 'signup');
    const code = await api.lastCode(email);
    const [codes] = await db()
      .select({ n: count() })
      .from(emailVerificationCodes)
      .where(and(eq(emailVerificationCodes.email, email), eq(emailVerificationCodes.codeHash, code)));
    expect(codes!.n).toBe(0);
    const [mail] = await db()
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, email))
      .orderBy(desc(outboundEmails.id));
    expect(mail!.textBody).toContain(code);
  });

  it('codes and tokens come from a CSPRNG: a hundred codes are well spread', async () => {
    const { newOtpCode } = await import('./tokens');
    const codes = new Set(Array.from({ length: 100 }, () => newOtpCode()));
    expect(codes.size).toBeGreaterThan(95);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
  });
});
