// Test support for the account area: a client that signs up, logs in and reads codes from the outbox.
import { randomUUID } from 'node:crypto';
import type { AuthenticationType } from '@shop/domain';
import { and, desc, eq, isNotNull, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  emailVerificationCodes,
  outboundEmails,
  rateLimits,
  refreshTokens,
  users,
} from '../../src/db/schema';
import type { TestContext } from '../helper';
import { REFRESH_COOKIE, SECURE_REFRESH_COOKIE } from '../../src/modules/accounts/cookies';
import { hashPassword } from '../../src/modules/accounts/passwords';
import { ACCOUNT_LIMITS, CODE_BUDGET_WINDOW_MS } from '../../src/modules/accounts/service';
import {
  hashOpaqueToken,
  newOpaqueToken,
  REFRESH_FAMILY_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
} from '../../src/modules/accounts/tokens';

/** Each password hashed once per process: argon2 is made to be slow, and most tests only need a real hash. */
const hashes = new Map<string, Promise<string>>();

/**
 * A new customer account, signed in, made directly in the database as the Epic Stack's and Cal.com's fixtures
 * make theirs: the e-mailed code and argon2 are a third of a sign-up's time, and only the account area's own
 * tests are about signing up (they use `accountClient(ctx).signUp`, through the API). The session is the one
 * sign-up issues: a refresh token of a new family and an access token for it.
 */
export async function createAccount(
  ctx: TestContext,
  email: string,
  {
    password = 'correct horse battery',
    firstName = 'Ann',
    lastName = 'Lee',
  }: { password?: string; firstName?: string; lastName?: string } = {},
) {
  const db = ctx.database.db;
  // A context over HTTP to a server process (two-processes.test.ts) cannot sign that server's tokens here.
  if (!ctx.app.services) {
    const session = await accountClient(ctx).signUp(email, password);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { userId: user!.id, ...session };
  }
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hash,
      firstName,
      lastName,
      companyName: null,
      interestedInMarketingCommunications: false,
    })
    .returning({ id: users.id, role: users.role });
  const refresh = newOpaqueToken();
  const familyId = randomUUID();
  await db.insert(refreshTokens).values({
    userId: user!.id,
    tokenHash: hashOpaqueToken(refresh),
    familyId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    familyExpiresAt: new Date(Date.now() + REFRESH_FAMILY_TTL_MS),
  });
  const access = await ctx.app.services.tokens.signAccessToken(user!.id, familyId, user!.role);
  return { userId: user!.id, access, refresh };
}

/** The refresh token a response sets, or undefined. */
export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find(
    (c) => c.startsWith(`${REFRESH_COOKIE}=`) || c.startsWith(`${SECURE_REFRESH_COOKIE}=`),
  );
  return cookie === undefined ? undefined : decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!);
}

export function accountClient(ctx: TestContext) {
  let clients = 0;
  let addresses = 0;
  const db = ctx.database.db;

  const client = {
    /** A new client address per call unless one is given, so one test's limits do not touch another's. */
    nextIp: () => {
      const n = clients++;
      return `10.${20 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
    },

    /** A fresh address for one test. */
    newEmail: (name = 'user') => `${name}.${Date.now().toString(36)}.${++addresses}@example.com`,

    post(
      path: string,
      payload?: object,
      options: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
    ) {
      return ctx.app.inject({
        method: 'POST',
        url: `/api/account/${path}`,
        ...(payload === undefined ? {} : { payload }),
        remoteAddress: options.ip ?? client.nextIp(),
        headers: {
          ...options.headers,
          ...(options.cookie === undefined ? {} : { cookie: `${REFRESH_COOKIE}=${options.cookie}` }),
        },
      });
    },

    /** The newest e-mail to an address. */
    async lastEmail(email: string) {
      const [mail] = await db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.toAddress, email))
        .orderBy(desc(outboundEmails.id))
        .limit(1);
      return mail;
    },

    /** The code in the newest e-mail to an address (read from the outbox, as a person reads the mail). */
    async lastCode(email: string): Promise<string> {
      const mail = await client.lastEmail(email);
      const code = /\b(\d{6})\b/.exec(mail?.textBody ?? '')?.[1];
      if (!code) throw new Error(`no code e-mailed to ${email}`);
      return code;
    },

    /**
     * Lifts the once-a-minute limit on new codes for an address from every client, and its daily budget
     * (the hourly limit stays).
     */
    async allowNewCode(email: string) {
      await db
        .delete(rateLimits)
        .where(like(rateLimits.key, `${ACCOUNT_LIMITS.codePerMinute.name}:${email}|%`));
      await db
        .update(emailVerificationCodes)
        .set({ createdAt: new Date(Date.now() - CODE_BUDGET_WINDOW_MS) })
        .where(and(eq(emailVerificationCodes.email, email), isNotNull(emailVerificationCodes.consumedAt)));
    },

    /** Asks for a code, from a new client unless `ip` names one. */
    async requestCode(email: string, purpose: AuthenticationType, ip?: string) {
      return client.post(
        'email-authentication/',
        { email, authentication_type: purpose },
        ip === undefined ? {} : { ip },
      );
    },

    /** Asks for a code, reads it from the outbox and trades it for a verification token. */
    async verificationToken(email: string, purpose: AuthenticationType): Promise<string> {
      await client.allowNewCode(email);
      const sent = await client.requestCode(email, purpose);
      if (sent.statusCode !== 200) throw new Error(`code not sent: ${sent.body}`);
      const code = await client.lastCode(email);
      const checked = await client.post('email-authentication/', {
        email,
        authentication_type: purpose,
        code,
      });
      if (checked.statusCode !== 200) throw new Error(`code not accepted: ${checked.body}`);
      return checked.json<{ verification_token: string }>().verification_token;
    },

    /** Resets an account's password with a code read from the outbox; answers the reset's response. */
    async resetPassword(email: string, newPassword: string) {
      const verification_token = await client.verificationToken(email, 'forgot_password');
      return client.post('reset-password/', {
        email,
        new_password: newPassword,
        confirm_new_password: newPassword,
        verification_token,
      });
    },

    /** Makes an account; answers its session. */
    async signUp(email: string, password = 'correct horse battery') {
      const verification_token = await client.verificationToken(email, 'signup');
      const res = await client.post('signup/', {
        email,
        first_name: 'Ann',
        last_name: 'Lee',
        password,
        interested_in_marketing_communications: false,
        verification_token,
      });
      if (res.statusCode !== 201) throw new Error(`signup failed: ${res.body}`);
      return {
        access: res.json<{ token: { access: string } }>().token.access,
        refresh: refreshCookieOf(res)!,
      };
    },

    async logIn(email: string, password: string) {
      const res = await client.post('login/', { email, password });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      return {
        access: res.json<{ token: { access: string } }>().token.access,
        refresh: refreshCookieOf(res)!,
      };
    },
  };
  return client;
}
