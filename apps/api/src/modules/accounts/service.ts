import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ACCOUNT_MESSAGES,
  codeTriesLeft,
  COMPANY_MEMBER_MESSAGES,
  type AuthenticationType,
  type EmailAuthentication,
  type EmailAuthenticationResponse,
  type Login,
  type Profile,
  type ProfileUpdate,
  type ResetPassword,
  type Signup,
  type UpdatePassword,
} from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRole } from '../../db/schema';
import { BadRequest, Invalid, NotFound, TooManyRequests } from '../../http/errors';
import { isLastAdministratorWithOthers, leaveCompaniesOnErasure } from '../companies/service';
import { forgetHeldOrdersOf } from '../company-orders/service';
import { redactQueriesOf } from '../contact/service';
import { enqueueEmail, redactOutbox } from '../mail/service';
import { removeClient } from '../rate-limits/service';
import type { RateLimit, RateLimiter } from '../rate-limits/service';
import { deleteAlertsOfAccount } from '../stock-alerts/service';
import { codeEmail, passwordChangedEmail, profileChangedEmail, profileChangeLines } from './emails';
import { EmailAuthenticationFailed, TokenNotValid } from './errors';
import { hashPassword, needsRehash, verifyAgainstDecoy, verifyPassword } from './passwords';
import type { ProfileRow, StoredCode } from './queries';
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
  type AccessClaims,
  InvalidAccessToken,
  type TokenService,
  VERIFICATION_TOKEN_TTL_MS,
} from './tokens';

// The accounts module's calls for other modules.
export { revokeUserTokens, selectUserByEmail, selectUserById } from './queries';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The account area's limits, kept in the database so they hold across instances. Limits that refuse are per
 * client, or per (address, client): a stranger's failures never lock the owner out of their own client.
 */
export const ACCOUNT_LIMITS = {
  /** A new code for one address from one client: once a minute and five times an hour. */
  codePerMinute: { name: 'code-address-client-minute', limit: 1, windowMs: MINUTE },
  codePerHour: { name: 'code-address-client-hour', limit: 5, windowMs: HOUR },
  /** Codes one client may have sent, to any addresses. */
  codeSendsPerClient: { name: 'code-client', limit: 20, windowMs: HOUR },
  /** Code checks per client, on top of the tries per code. */
  codeChecksPerClient: { name: 'code-check-client', limit: 30, windowMs: 15 * MINUTE },
  /** Logins per client, and per (account, client); an account's pair count restarts when it signs in. */
  loginsPerClient: { name: 'login-client', limit: 30, windowMs: 15 * MINUTE },
  loginsPerAccountClient: { name: 'login-account-client', limit: 10, windowMs: 15 * MINUTE },
  /** Failures per account from every client: never refused, only slowed (loginFailureDelayMs). */
  loginFailuresPerAccount: { name: 'login-account', limit: Number.MAX_SAFE_INTEGER, windowMs: 15 * MINUTE },
  signupsPerClient: { name: 'signup-client', limit: 10, windowMs: HOUR },
  resetsPerClient: { name: 'reset-client', limit: 10, windowMs: HOUR },
  passwordChangesPerUser: { name: 'password-change-user', limit: 10, windowMs: 15 * MINUTE },
  /** Each change of the details e-mails the owner: a stolen token cannot flood their inbox. */
  profileChangesPerUser: { name: 'profile-change-user', limit: 20, windowMs: 15 * MINUTE },
  /** Deleting the account asks for the password: guessing it with a stolen access token is as slow as above. */
  accountDeletionsPerUser: { name: 'account-delete-user', limit: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimit>;

/**
 * Codes one address may be sent, whatever the purpose and whoever asks, in any CODE_BUDGET_WINDOW_MS. With
 * OTP_OWN_TRIES + OTP_FOREIGN_TRIES wrong tries per code, at most 10 × 10 = 100 guesses can ever be made at an
 * address's codes in a day, each right with chance 1 in 10^6: at most 1 in 10,000 (docs/security.md).
 */
export const CODES_PER_ADDRESS_PER_DAY = 10;
/** A day plus a code's life, so the codes alive in any 24 hours all count against one budget. */
export const CODE_BUDGET_WINDOW_MS = 24 * HOUR + OTP_TTL_MS;
/** Wrong tries at one code from the client that asked for it, and from all other clients together. */
export const OTP_OWN_TRIES = OTP_MAX_ATTEMPTS;
export const OTP_FOREIGN_TRIES = OTP_MAX_ATTEMPTS;
const CODE_TRIES = { own: OTP_OWN_TRIES, foreign: OTP_FOREIGN_TRIES };

/** Failed logins on an account beyond the third answer more slowly, up to a second. */
export function loginFailureDelayMs(failuresInWindow: number): number {
  return Math.min(1000, Math.max(0, failuresInWindow - 3) * 200);
}

/** The address a deleted account's row keeps: unique, and in a top-level domain that never receives mail. */
export function deletedAccountEmail(userId: number): string {
  return `deleted-${userId}@deleted.invalid`;
}

/** What contact-form queries of a deleted account are filed under (nothing links them to the account). */
export const DELETED_CONTACT_EMAIL = 'deleted@deleted.invalid';
const DELETED_CONTACT = { fullName: 'Deleted', email: DELETED_CONTACT_EMAIL };

/**
 * Erases a customer's account in one transaction (UK GDPR Art. 17; docs/operations.md, "Deleting an account"):
 * the user's row is anonymised and deactivated, and their addresses, cart, exclusive prices, sessions, codes,
 * newsletter subscription, stock alerts (theirs and any asked for with their address), e-mails in the outbox and
 * rate-limit counts go; their payments lose their address
 * copies; contact-form queries, and the shop's copies of them in the outbox, lose the address and name (in the
 * sender's line and wherever the sender typed them); other mail in the outbox loses the address and the
 * account's name; held orders that never became orders go, and one that did loses its address copies; the
 * audit log's entries about the account, its queries and its subscription lose any address they copied.
 * Its trade-account membership and the invitations to its address go (refused while it is the only
 * administrator of a company others belong to).
 * Orders stay, with their address copies: VAT records must be kept for six years. Staff and owners are
 * refused (an owner takes the role away first). `within` runs in the same transaction (the command line
 * writes its audit entry there). Answers the address the account had.
 */
export async function eraseAccount(
  db: Db,
  userId: number,
  within?: (tx: Db) => Promise<void>,
): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const account = await queries.lockAccountForErasure(tx, userId);
    if (!account) throw new NotFound();
    if (account.role !== 'customer') throw new BadRequest(ACCOUNT_MESSAGES.staffCannotDelete);
    // A company's only administrator hands the role on first, or its other members could not manage it.
    if (await isLastAdministratorWithOthers(tx, userId)) {
      throw new BadRequest(COMPANY_MEMBER_MESSAGES.lastAdministratorLeaving);
    }
    await leaveCompaniesOnErasure(tx, userId, account.email);
    await forgetHeldOrdersOf(tx, userId);
    await queries.anonymiseUser(tx, userId, deletedAccountEmail(userId));
    await queries.deleteAccountRecords(tx, userId);
    await deleteAlertsOfAccount(tx, userId, account.email);
    // These two find their rows through the queries and the subscription, so they run while those still
    // hold the address.
    const fullName = `${account.firstName} ${account.lastName}`.trim();
    await queries.forgetAddressInAudit(tx, userId, account.email);
    await redactQueriesOf(tx, account.email, DELETED_CONTACT, [fullName]);
    await queries.eraseEmailAddress(tx, account.email, DELETED_CONTACT);
    // Mail to others that named the person (an approver's request naming its buyer, an invitation naming its
    // inviter), once the mail to the address itself is gone.
    await redactOutbox(tx, [
      { text: account.email, replacement: DELETED_CONTACT.email },
      { text: fullName, replacement: DELETED_CONTACT.fullName },
    ]);
    // Failed logins and code requests counted against the address: the address is free for a new account.
    await removeClient(tx, account.email);
    await within?.(tx);
    return { email: account.email };
  });
}

/** The buyer's details in the API's words. */
function profileOf(row: ProfileRow): Profile {
  return {
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    interested_in_marketing_communications: row.interestedInMarketingCommunications,
  };
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
  const sessionIsLive = queries.prepareSessionCheck(db);

  /** Stores a new refresh token of a family (a new one at sign-in) and signs an access token. */
  async function issueSession(
    tx: Db,
    userId: number,
    family: { id: string; expiresAt: Date } = {
      id: randomUUID(),
      expiresAt: new Date(Date.now() + REFRESH_FAMILY_TTL_MS),
    },
  ): Promise<Session & { tokenId: number; sessionId: string }> {
    const refreshToken = newOpaqueToken();
    // Sliding expiry, never past the family's absolute end.
    const refreshExpiresAt = new Date(
      Math.min(Date.now() + REFRESH_TOKEN_TTL_MS, family.expiresAt.getTime()),
    );
    const { id: tokenId, role } = await queries.insertRefreshToken(tx, {
      userId,
      tokenHash: hashOpaqueToken(refreshToken),
      familyId: family.id,
      expiresAt: refreshExpiresAt,
      familyExpiresAt: family.expiresAt,
    });
    const access = await tokens.signAccessToken(userId, family.id, role);
    return { access, refreshToken, refreshExpiresAt, tokenId, sessionId: family.id };
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
    await rateLimiter.consume(ACCOUNT_LIMITS.codePerMinute, `${email}|${client}`);
    await rateLimiter.consume(ACCOUNT_LIMITS.codePerHour, `${email}|${client}`);
    const code = newOtpCode();
    await db.transaction(async (tx) => {
      await queries.lockAddressCodes(tx, email);
      const now = Date.now();
      const { sent, first } = await queries.countCodesSince(tx, email, new Date(now - CODE_BUDGET_WINDOW_MS));
      if (sent >= CODES_PER_ADDRESS_PER_DAY) {
        const freeAt = (first?.getTime() ?? now) + CODE_BUDGET_WINDOW_MS;
        throw new TooManyRequests(Math.max(1, Math.ceil((freeAt - now) / 1000)));
      }
      // Earlier codes stay valid: asking again must not take away a code the owner already holds.
      await queries.insertCode(tx, {
        email,
        purpose,
        codeHash: tokens.hashCode(email, purpose, code),
        expiresAt: new Date(now + OTP_TTL_MS),
        requestedBy: tokens.hashClient(client),
      });
      await enqueueEmail(tx, codeEmail(email, purpose, code));
    });
    return { exists, success: true, authentication_type: purpose, message: ACCOUNT_MESSAGES.otpSent };
  }

  /**
   * Whether this client may still try this code, after `extra` more wrong tries of its own: its requester and
   * everyone else have tries of their own.
   */
  function triesLeft(row: StoredCode, clientHash: string, extra = 0): boolean {
    return codeTriesLeft(row, row.requestedBy === clientHash, CODE_TRIES, extra);
  }

  /**
   * Checks a typed code against every unused, unexpired code of the address that this client may still try.
   * A failure answers the same whether an account exists or not: it names no account and reads none.
   */
  async function checkCode(
    email: string,
    purpose: AuthenticationType,
    code: string,
    client: string,
  ): Promise<EmailAuthenticationResponse> {
    await rateLimiter.consume(ACCOUNT_LIMITS.codeChecksPerClient, client);
    const clientHash = tokens.hashClient(client);
    const typed = tokens.hashCode(email, purpose, code);
    // Decided inside the transaction, thrown after it: a wrong try must be counted, not rolled back.
    const outcome = await db.transaction(async (tx): Promise<{ token: string } | { message: string }> => {
      const now = Date.now();
      const rows = await queries.lockUnusedCodes(tx, email, purpose, new Date(now - CODE_BUDGET_WINDOW_MS));
      const live = rows.filter((row) => row.expiresAt.getTime() > now);
      const tryable = live.filter((row) => triesLeft(row, clientHash));
      if (tryable.length === 0) {
        if (live.length > 0) return { message: ACCOUNT_MESSAGES.otpBurnt };
        return { message: rows.length > 0 ? ACCOUNT_MESSAGES.otpExpired : ACCOUNT_MESSAGES.otpInvalid };
      }
      // Every candidate is compared, so the time taken does not say which one matched.
      const matched = tryable.filter((row) => sameDigest(row.codeHash, typed));
      if (matched.length === 0) {
        await queries.recordWrongTry(
          tx,
          tryable.map((row) => row.id),
          clientHash,
        );
        const stillTryable = tryable.some((row) => triesLeft(row, clientHash, 1));
        return { message: stillTryable ? ACCOUNT_MESSAGES.otpInvalid : ACCOUNT_MESSAGES.otpBurnt };
      }
      await queries.consumeCodes(tx, email, purpose);
      const token = newOpaqueToken();
      await queries.insertVerificationToken(tx, {
        tokenHash: hashOpaqueToken(token),
        email,
        purpose,
        expiresAt: new Date(now + VERIFICATION_TOKEN_TTL_MS),
      });
      return { token };
    });
    if ('message' in outcome) {
      throw new EmailAuthenticationFailed({ authentication_type: purpose, message: outcome.message });
    }
    return {
      exists: await queries.userExists(db, email),
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
     * Signs in. Every failure gets the same message. Refusals count per client and per (account, client), so
     * failures from elsewhere never refuse the owner; per account, failures only make failures slower.
     */
    async login({ email, password }: Login, client: string): Promise<Session> {
      await rateLimiter.consume(ACCOUNT_LIMITS.loginsPerClient, client);
      await rateLimiter.consume(ACCOUNT_LIMITS.loginsPerAccountClient, `${email}|${client}`);
      const user = await queries.selectUserByEmail(db, email);
      const valid =
        user?.isActive === true
          ? await verifyPassword(user.passwordHash, password)
          : await verifyAgainstDecoy(password);
      if (!user || !valid) {
        const failures = await rateLimiter.consume(ACCOUNT_LIMITS.loginFailuresPerAccount, email);
        await sleep(loginFailureDelayMs(failures));
        throw new BadRequest(ACCOUNT_MESSAGES.loginFailed);
      }
      await rateLimiter.reset(ACCOUNT_LIMITS.loginsPerAccountClient, `${email}|${client}`);
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
      // The owner proved control of the address: failed logins before the reset no longer slow them down.
      await rateLimiter.reset(ACCOUNT_LIMITS.loginFailuresPerAccount, input.email);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },

    /**
     * Changes the signed-in user's password; every other session ends (their access tokens with them), the
     * session making the change stays.
     */
    async updatePassword(signedIn: AccessClaims, input: UpdatePassword): Promise<{ message: string }> {
      const { userId } = signedIn;
      await rateLimiter.consume(ACCOUNT_LIMITS.passwordChangesPerUser, String(userId));
      const user = await queries.selectUserById(db, userId);
      if (!user?.isActive) throw new TokenNotValid('User not found');
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        throw new Invalid({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
      }
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await queries.updatePasswordHash(tx, userId, passwordHash);
        await queries.revokeUserTokens(tx, userId, signedIn.sessionId);
        await enqueueEmail(tx, passwordChangedEmail(user.email, 'changed'));
      });
      return { message: ACCOUNT_MESSAGES.passwordUpdated };
    },

    /** The signed-in buyer's details. */
    async profile(userId: number): Promise<Profile> {
      const row = await queries.selectProfile(db, userId);
      if (!row) throw new NotFound();
      return profileOf(row);
    },

    /**
     * Changes the buyer's details (the fields given) and, when anything changed, e-mails them what did, in
     * the same transaction. The e-mail address is the sign-in and is not changed here.
     */
    async updateProfile(userId: number, update: ProfileUpdate): Promise<Profile> {
      await rateLimiter.consume(ACCOUNT_LIMITS.profileChangesPerUser, String(userId));
      return db.transaction(async (tx) => {
        const before = await queries.lockProfile(tx, userId);
        if (!before) throw new NotFound();
        const wanted = {
          firstName: update.first_name ?? before.firstName,
          lastName: update.last_name ?? before.lastName,
          companyName: update.company_name === undefined ? before.companyName : update.company_name,
          interestedInMarketingCommunications:
            update.interested_in_marketing_communications ?? before.interestedInMarketingCommunications,
        };
        const changes = profileChangeLines(before, wanted);
        if (changes.length === 0) return profileOf(before);
        const after = await queries.updateProfile(tx, userId, wanted);
        await enqueueEmail(tx, profileChangedEmail(before.email, changes));
        return profileOf(after);
      });
    },

    /** Ends every session of the user, this one included: their access tokens stop working at once. */
    async logoutEverywhere(userId: number): Promise<{ message: string }> {
      await queries.revokeUserTokens(db, userId);
      log.info({ event: 'logout-everywhere' }, 'every session of an account ended');
      return { message: ACCOUNT_MESSAGES.loggedOutEverywhere };
    },

    /**
     * Deletes the signed-in buyer's account once they have typed its password (eraseAccount). Staff and
     * owners are refused before the password is checked.
     */
    async deleteAccount(userId: number, password: string): Promise<void> {
      await rateLimiter.consume(ACCOUNT_LIMITS.accountDeletionsPerUser, String(userId));
      const user = await queries.selectUserById(db, userId);
      if (!user?.isActive) throw new TokenNotValid('User not found');
      if (user.role !== 'customer') throw new BadRequest(ACCOUNT_MESSAGES.staffCannotDelete);
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new Invalid({ password: [ACCOUNT_MESSAGES.passwordIncorrect] });
      }
      await eraseAccount(db, userId);
      // The id alone: after a backup is restored, the log says which accounts to erase again.
      log.info({ event: 'account-deleted', userId }, 'account deleted by its owner');
    },

    /**
     * The user and session an access token names, while that session is live: a token of a session that a
     * password change, reset, logout or deactivation ended is refused at once, on every process.
     */
    async authenticate(token: string): Promise<AccessClaims & { role: UserRole; email: string }> {
      const claims = await tokens.verifyAccessToken(token);
      const live = await sessionIsLive(claims.userId, claims.sessionId);
      if (!live) throw new InvalidAccessToken('session ended');
      return { ...claims, ...live };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
