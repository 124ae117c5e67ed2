import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ACCOUNT_MESSAGES,
  type AuthenticationType,
  type EmailAuthentication,
  type EmailAuthenticationResponse,
  type Login,
  type ResetPassword,
  type Signup,
  type UpdatePassword,
} from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { BadRequest, Invalid } from '../../http/errors';
import { enqueueEmail } from '../mail/queries';
import type { RateLimit, RateLimiter } from '../rate-limits/service';
import { codeEmail, passwordChangedEmail } from './emails';
import { EmailAuthenticationFailed, TokenNotValid } from './errors';
import { hashPassword, needsRehash, verifyAgainstDecoy, verifyPassword } from './passwords';
import * as queries from './queries';
import {
  hashOpaqueToken,
  newOpaqueToken,
  newOtpCode,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  REFRESH_FAMILY_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  sameDigest,
  type TokenService,
  VERIFICATION_TOKEN_TTL_MS,
} from './tokens';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The account area's limits, kept in the database so they hold across instances. */
export const ACCOUNT_LIMITS = {
  /** A new code for one address: once a minute and ten times an hour (issue 4). */
  codePerMinute: { name: 'code-address-minute', limit: 1, windowMs: MINUTE },
  codePerHour: { name: 'code-address-hour', limit: 10, windowMs: HOUR },
  /** Codes one client may have sent, to any addresses. */
  codeSendsPerClient: { name: 'code-client', limit: 20, windowMs: HOUR },
  /** Code checks per client, on top of the five tries per code. */
  codeChecksPerClient: { name: 'code-check-client', limit: 30, windowMs: 15 * MINUTE },
  /** Logins per client and per account; an account's count restarts when it signs in. */
  loginsPerClient: { name: 'login-client', limit: 30, windowMs: 15 * MINUTE },
  loginsPerAccount: { name: 'login-account', limit: 10, windowMs: 15 * MINUTE },
  signupsPerClient: { name: 'signup-client', limit: 10, windowMs: HOUR },
  resetsPerClient: { name: 'reset-client', limit: 10, windowMs: HOUR },
  passwordChangesPerUser: { name: 'password-change-user', limit: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimit>;

/** Failed logins beyond the third answer more slowly, up to a second, before the limit refuses them. */
export function loginFailureDelayMs(attemptsInWindow: number): number {
  return Math.min(1000, Math.max(0, attemptsInWindow - 3) * 200);
}

/** A signed-in session: the access token for the body, the refresh token for the cookie. */
export interface Session {
  access: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface AccountsServiceOptions {
  tokens: TokenService;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}

export function createAccountsService(db: Db, { tokens, rateLimiter, log }: AccountsServiceOptions) {
  /** Stores a new refresh token of a family (a new one at sign-in) and signs an access token. */
  async function issueSession(
    tx: Db,
    userId: number,
    family: { id: string; expiresAt: Date } = {
      id: randomUUID(),
      expiresAt: new Date(Date.now() + REFRESH_FAMILY_TTL_MS),
    },
  ): Promise<Session & { tokenId: number }> {
    const refreshToken = newOpaqueToken();
    // Sliding expiry, never past the family's absolute end.
    const refreshExpiresAt = new Date(
      Math.min(Date.now() + REFRESH_TOKEN_TTL_MS, family.expiresAt.getTime()),
    );
    const tokenId = await queries.insertRefreshToken(tx, {
      userId,
      tokenHash: hashOpaqueToken(refreshToken),
      familyId: family.id,
      expiresAt: refreshExpiresAt,
      familyExpiresAt: family.expiresAt,
    });
    return { access: await tokens.signAccessToken(userId), refreshToken, refreshExpiresAt, tokenId };
  }

  function refuseCodeFor(purpose: AuthenticationType, exists: boolean): void {
    if (purpose === 'signup' && exists) {
      throw new EmailAuthenticationFailed({
        exists,
        authentication_type: purpose,
        message: ACCOUNT_MESSAGES.accountExists,
      });
    }
    if (purpose === 'forgot_password' && !exists) {
      throw new EmailAuthenticationFailed({
        exists,
        authentication_type: purpose,
        message: ACCOUNT_MESSAGES.noAccount,
      });
    }
  }

  async function sendCode(
    email: string,
    purpose: AuthenticationType,
    client: string,
  ): Promise<EmailAuthenticationResponse> {
    await rateLimiter.consume(ACCOUNT_LIMITS.codeSendsPerClient, client);
    const exists = await queries.userExists(db, email);
    refuseCodeFor(purpose, exists);
    await rateLimiter.consume(ACCOUNT_LIMITS.codePerMinute, email);
    await rateLimiter.consume(ACCOUNT_LIMITS.codePerHour, email);
    const code = newOtpCode();
    await db.transaction(async (tx) => {
      await queries.retireCodes(tx, email, purpose);
      await queries.insertCode(tx, {
        email,
        purpose,
        codeHash: tokens.hashCode(email, purpose, code),
        expiresAt: new Date(Date.now() + OTP_TTL_MS),
      });
      await enqueueEmail(tx, codeEmail(email, purpose, code));
    });
    return { exists, success: true, authentication_type: purpose, message: ACCOUNT_MESSAGES.otpSent };
  }

  async function checkCode(
    email: string,
    purpose: AuthenticationType,
    code: string,
    client: string,
  ): Promise<EmailAuthenticationResponse> {
    await rateLimiter.consume(ACCOUNT_LIMITS.codeChecksPerClient, client);
    const exists = await queries.userExists(db, email);
    // Decided inside the transaction, thrown after it: a wrong try must be counted, not rolled back.
    const outcome = await db.transaction(async (tx): Promise<{ token: string } | { message: string }> => {
      const row = await queries.lockActiveCode(tx, email, purpose);
      if (!row) return { message: ACCOUNT_MESSAGES.otpInvalid };
      if (row.attempts >= OTP_MAX_ATTEMPTS) return { message: ACCOUNT_MESSAGES.otpBurnt };
      if (row.expiresAt.getTime() <= Date.now()) return { message: ACCOUNT_MESSAGES.otpExpired };
      const attempts = row.attempts + 1;
      await queries.recordCodeAttempt(tx, row.id, attempts);
      if (!sameDigest(row.codeHash, tokens.hashCode(email, purpose, code))) {
        return {
          message: attempts >= OTP_MAX_ATTEMPTS ? ACCOUNT_MESSAGES.otpBurnt : ACCOUNT_MESSAGES.otpInvalid,
        };
      }
      await queries.consumeCode(tx, row.id);
      const token = newOpaqueToken();
      await queries.insertVerificationToken(tx, {
        tokenHash: hashOpaqueToken(token),
        email,
        purpose,
        expiresAt: new Date(Date.now() + VERIFICATION_TOKEN_TTL_MS),
      });
      return { token };
    });
    if ('message' in outcome) {
      throw new EmailAuthenticationFailed({ exists, authentication_type: purpose, message: outcome.message });
    }
    return {
      exists,
      success: true,
      authentication_type: purpose,
      message: ACCOUNT_MESSAGES.emailVerified,
      verification_token: outcome.token,
    };
  }

  return {
    /** Without a code: e-mails a new one. With a code: checks it and answers a verification token. */
    emailAuthentication(
      { email, authentication_type, code }: EmailAuthentication,
      client: string,
    ): Promise<EmailAuthenticationResponse> {
      return code === undefined
        ? sendCode(email, authentication_type, client)
        : checkCode(email, authentication_type, code, client);
    },

    /** Makes the account with a signup verification token for the address, used up in the same transaction. */
    async signup(input: Signup): Promise<Session> {
      const passwordHash = await hashPassword(input.password);
      const session = await db.transaction(async (tx) => {
        const verified = await queries.useVerificationToken(tx, {
          tokenHash: hashOpaqueToken(input.verification_token),
          email: input.email,
          purpose: 'signup',
        });
        if (!verified) throw new BadRequest(ACCOUNT_MESSAGES.verificationExpired);
        const userId = await queries.insertUser(tx, {
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          companyName: input.company_name,
          interestedInMarketingCommunications: input.interested_in_marketing_communications,
        });
        if (userId === null) throw new BadRequest(ACCOUNT_MESSAGES.accountExists);
        return issueSession(tx, userId);
      });
      log.info({ event: 'signup' }, 'account created');
      return session;
    },

    /**
     * Signs in. Every failure gets the same message; failures per account are slowed, and attempts per
     * client and per account are limited.
     */
    async login({ email, password }: Login, client: string): Promise<Session> {
      await rateLimiter.consume(ACCOUNT_LIMITS.loginsPerClient, client);
      const attempts = await rateLimiter.consume(ACCOUNT_LIMITS.loginsPerAccount, email);
      const user = await queries.selectUserByEmail(db, email);
      const valid =
        user?.isActive === true
          ? await verifyPassword(user.passwordHash, password)
          : await verifyAgainstDecoy(password);
      if (!user || !valid) {
        await sleep(loginFailureDelayMs(attempts));
        throw new BadRequest(ACCOUNT_MESSAGES.loginFailed);
      }
      await rateLimiter.reset(ACCOUNT_LIMITS.loginsPerAccount, email);
      if (needsRehash(user.passwordHash)) {
        await queries.updatePasswordHash(db, user.id, await hashPassword(password));
      }
      return issueSession(db, user.id);
    },

    /**
     * Rotates a refresh token: the old one is revoked and points at its successor. A revoked token that comes
     * back was stolen or replayed, so its whole family is revoked.
     */
    async refresh(refreshToken: string | undefined): Promise<Session> {
      if (!refreshToken) throw new TokenNotValid('No valid refresh token.');
      const outcome = await db.transaction(async (tx): Promise<Session | { reuse?: true } | null> => {
        const row = await queries.lockRefreshToken(tx, hashOpaqueToken(refreshToken));
        if (!row) return null;
        if (row.revokedAt) {
          await queries.revokeFamily(tx, row.familyId);
          return { reuse: true };
        }
        const user = await queries.selectUserById(tx, row.userId);
        const now = Date.now();
        if (row.expiresAt.getTime() <= now || row.familyExpiresAt.getTime() <= now || !user?.isActive) {
          await queries.revokeToken(tx, row.id);
          return null;
        }
        const next = await issueSession(tx, row.userId, { id: row.familyId, expiresAt: row.familyExpiresAt });
        await queries.markRotated(tx, row.id, next.tokenId);
        return next;
      });
      if (outcome && 'reuse' in outcome)
        log.warn({ event: 'refresh-token-reuse' }, 'refresh token reused: family revoked');
      if (!outcome || !('access' in outcome)) throw new TokenNotValid('No valid refresh token.');
      return outcome;
    },

    /** Ends the session the refresh token belongs to (its whole family). */
    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const family = await queries.selectLiveFamily(db, hashOpaqueToken(refreshToken));
      if (family) await queries.revokeFamily(db, family.familyId);
    },

    /** Sets a new password with a forgot-password verification token, and signs every session out. */
    async resetPassword(input: ResetPassword): Promise<{ message: string }> {
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        const verified = await queries.useVerificationToken(tx, {
          tokenHash: hashOpaqueToken(input.verification_token),
          email: input.email,
          purpose: 'forgot_password',
        });
        if (!verified) throw new BadRequest(ACCOUNT_MESSAGES.verificationExpired);
        const user = await queries.selectUserByEmail(tx, input.email);
        if (!user) throw new BadRequest(ACCOUNT_MESSAGES.noAccount);
        await queries.updatePasswordHash(tx, user.id, passwordHash);
        await queries.revokeUserTokens(tx, user.id);
        await enqueueEmail(tx, passwordChangedEmail(input.email, 'reset'));
      });
      // The owner proved control of the address: failed logins before the reset no longer count.
      await rateLimiter.reset(ACCOUNT_LIMITS.loginsPerAccount, input.email);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },

    /** Changes the signed-in user's password; other sessions end, the one making the change stays. */
    async updatePassword(
      userId: number,
      input: UpdatePassword,
      currentRefreshToken: string | undefined,
    ): Promise<{ message: string }> {
      await rateLimiter.consume(ACCOUNT_LIMITS.passwordChangesPerUser, String(userId));
      const user = await queries.selectUserById(db, userId);
      if (!user?.isActive) throw new TokenNotValid('User not found');
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        throw new Invalid({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
      }
      const passwordHash = await hashPassword(input.new_password);
      const current = currentRefreshToken
        ? await queries.selectLiveFamily(db, hashOpaqueToken(currentRefreshToken))
        : undefined;
      const keepFamily = current?.userId === userId ? current.familyId : undefined;
      await db.transaction(async (tx) => {
        await queries.updatePasswordHash(tx, userId, passwordHash);
        await queries.revokeUserTokens(tx, userId, keepFamily);
        await enqueueEmail(tx, passwordChangedEmail(user.email, 'changed'));
      });
      return { message: ACCOUNT_MESSAGES.passwordUpdated };
    },

    /** The user an access token names (token/verify/ and the authenticate hook). */
    verifyAccessToken(token: string): Promise<{ userId: number }> {
      return tokens.verifyAccessToken(token);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
