import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  min,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AuthenticationType } from '@shop/domain';
import type { Db } from '../../db/client';
import {
  addresses,
  auditLog,
  carts,
  contactQueries,
  emailVerificationCodes,
  exclusivePrices,
  newsletterSubscriptions,
  outboundEmails,
  payments,
  quoteAttachments,
  quotes,
  savedLists,
  refreshTokens,
  type UserRole,
  users,
  verificationTokens,
} from '../../db/schema';

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

export interface UserCredentials {
  id: number;
  email: string;
  passwordHash: string;
  isActive: boolean;
  role: UserRole;
}

const credentials = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  role: users.role,
};

export async function selectUserByEmail(db: Db, email: string): Promise<UserCredentials | undefined> {
  const [row] = await db.select(credentials).from(users).where(eq(users.email, email));
  return row;
}

export async function selectUserById(db: Db, id: number): Promise<UserCredentials | undefined> {
  const [row] = await db.select(credentials).from(users).where(eq(users.id, id));
  return row;
}

export async function userExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  interestedInMarketingCommunications: boolean;
}

/** Inserts the user; null when the address is taken. */
export async function insertUser(db: Db, user: NewUser): Promise<number | null> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row?.id ?? null;
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------------------------------------
// The buyer's own details (My account)
// ---------------------------------------------------------------------------------------------

export interface ProfileRow {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  interestedInMarketingCommunications: boolean;
}

const profileColumns = {
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  interestedInMarketingCommunications: users.interestedInMarketingCommunications,
};

export async function selectProfile(db: Db, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** The user's details, locked until the transaction ends, so two changes are described one after the other. */
export async function lockProfile(tx: Db, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await tx
    .select(profileColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .for('no key update');
  return row;
}

export async function updateProfile(
  tx: Db,
  userId: number,
  changes: Partial<Omit<ProfileRow, 'email'>>,
): Promise<ProfileRow> {
  const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning(profileColumns);
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Deleting an account (docs/operations.md, "Deleting an account (UK GDPR)")
// ---------------------------------------------------------------------------------------------

/** The account to erase, locked until the transaction ends; undefined when there is none or it is gone. */
export async function lockAccountForErasure(
  tx: Db,
  userId: number,
): Promise<{ id: number; email: string; role: UserRole; firstName: string; lastName: string } | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/**
 * Replaces the user's personal details: a placeholder address that can never receive mail, no names, a
 * password hash no password matches, no consent and no defaults; the row stays for the orders that name it.
 */
export async function anonymiseUser(tx: Db, userId: number, placeholderEmail: string): Promise<void> {
  await tx
    .update(users)
    .set({
      email: placeholderEmail,
      firstName: 'Deleted',
      lastName: '',
      companyName: null,
      // Not an argon2 hash: verifying any password against it fails (passwords.ts).
      passwordHash: '!deleted',
      isActive: false,
      interestedInMarketingCommunications: false,
      defaultBillingAddressId: null,
      defaultShippingAddressId: null,
      deletedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/**
 * Deletes what only the account needed: addresses, the cart (its lines go with it), prices and sessions; and
 * blanks the address copies of its payments. A payment with no order (a checkout left before paying) is no
 * VAT record; one with an order only repeats the order's own copy, which is kept.
 */
export async function deleteAccountRecords(tx: Db, userId: number): Promise<void> {
  await tx.delete(addresses).where(eq(addresses.userId, userId));
  await tx.delete(carts).where(eq(carts.userId, userId));
  // The user's own saved lists (a list shared with their company stays the company's), their quotes
  // that never became an order (with their lines, versions and files), and the notes and files of those
  // that did (the order keeps what was sold).
  await tx.execute(sql`
    with own_lists as (
      delete from ${savedLists} where ${savedLists.ownerId} = ${userId} and ${savedLists.companyId} is null
    ),
    unordered as (
      delete from ${quotes} where ${quotes.userId} = ${userId} and ${quotes.status} <> 'ordered'
    ),
    files as (
      delete from ${quoteAttachments} where ${quoteAttachments.quoteId} in (
        select ${quotes.id} from ${quotes} where ${quotes.userId} = ${userId} and ${quotes.status} = 'ordered')
    )
    update ${quotes} set note = '' where ${quotes.userId} = ${userId} and ${quotes.status} = 'ordered'`);
  await tx.delete(exclusivePrices).where(eq(exclusivePrices.userId, userId));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  await tx
    .update(payments)
    .set({ billingAddress: null, shippingAddress: null })
    .where(
      and(
        eq(payments.userId, userId),
        or(isNotNull(payments.billingAddress), isNotNull(payments.shippingAddress)),
      ),
    );
}

/** The keys under which older audit entries copied an address into before/after. */
const ADDRESS_KEYS = sql.raw(`array['email', 'to']`);

/** A before/after object without the address keys (null and other JSON left as they are). */
const withoutAddress = (column: typeof auditLog.before | typeof auditLog.after): SQL =>
  sql`case when jsonb_typeof(${column}) = 'object' then ${column} - ${ADDRESS_KEYS} else ${column} end`;

/**
 * Takes an erased account's address out of the audit log's entries about its user row, its contact queries and its
 * newsletter subscription: entries refer to those by id. Entries written now never copy the address (a reply
 * records its subject, an unsubscription its date); older ones did (`to`, `email`), and `create-owner` still
 * names the owner it makes. Run it before the queries lose the address and the subscription goes, in the
 * erasure's transaction. Each entity is found through audit_log_entity_idx.
 */
export async function forgetAddressInAudit(tx: Db, userId: number, email: string): Promise<void> {
  const ofContactQueries = tx
    .select({ id: sql`${contactQueries.id}::text` })
    .from(contactQueries)
    .where(eq(contactQueries.email, email));
  const ofSubscriptions = tx
    .select({ id: sql`${newsletterSubscriptions.id}::text` })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  await tx
    .update(auditLog)
    .set({ before: withoutAddress(auditLog.before), after: withoutAddress(auditLog.after) })
    .where(
      and(
        or(
          and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(userId))),
          and(eq(auditLog.entityType, 'contact_query'), inArray(auditLog.entityId, ofContactQueries)),
          and(
            eq(auditLog.entityType, 'newsletter_subscription'),
            inArray(auditLog.entityId, ofSubscriptions),
          ),
        ),
        or(sql`${auditLog.before} ?| ${ADDRESS_KEYS}`, sql`${auditLog.after} ?| ${ADDRESS_KEYS}`),
      ),
    );
}

/**
 * Erases what is kept by e-mail address: codes and verification tokens, the newsletter subscription and the
 * outbox's messages to it (sent or not); contact-form queries keep their text under the placeholder's name and
 * address.
 */
export async function eraseEmailAddress(
  tx: Db,
  email: string,
  placeholder: { fullName: string; email: string },
): Promise<void> {
  await tx.delete(verificationTokens).where(eq(verificationTokens.email, email));
  await tx.delete(emailVerificationCodes).where(eq(emailVerificationCodes.email, email));
  await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  await tx
    .update(contactQueries)
    .set({ email: placeholder.email, fullName: placeholder.fullName })
    .where(eq(contactQueries.email, email));
  await tx.delete(outboundEmails).where(eq(outboundEmails.toAddress, email));
}

// ---------------------------------------------------------------------------------------------
// E-mailed codes and the verification tokens they buy
// ---------------------------------------------------------------------------------------------

/**
 * Holds the address's code lock until the transaction ends, so concurrent requests for one address are
 * counted one after the other.
 */
export async function lockAddressCodes(db: Db, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${email}`}, 0))`);
}

/** How many codes the address was sent since `since` (any purpose), and when the first of them was. */
export async function countCodesSince(
  db: Db,
  email: string,
  since: Date,
): Promise<{ sent: number; first: Date | null }> {
  const [row] = await db
    .select({ sent: count(), first: min(emailVerificationCodes.createdAt) })
    .from(emailVerificationCodes)
    .where(and(eq(emailVerificationCodes.email, email), gt(emailVerificationCodes.createdAt, since)));
  return { sent: row?.sent ?? 0, first: row?.first ?? null };
}

export async function insertCode(
  db: Db,
  code: {
    email: string;
    purpose: AuthenticationType;
    codeHash: string;
    expiresAt: Date;
    requestedBy: string;
  },
): Promise<void> {
  await db.insert(emailVerificationCodes).values(code);
}

export interface StoredCode {
  id: number;
  codeHash: string;
  expiresAt: Date;
  requestedBy: string;
  attempts: number;
  foreignAttempts: number;
}

/**
 * The address's unused codes for this purpose made since `since`, newest first, locked until the
 * transaction ends (one check at a time).
 */
export async function lockUnusedCodes(
  db: Db,
  email: string,
  purpose: AuthenticationType,
  since: Date,
): Promise<StoredCode[]> {
  return db
    .select({
      id: emailVerificationCodes.id,
      codeHash: emailVerificationCodes.codeHash,
      expiresAt: emailVerificationCodes.expiresAt,
      requestedBy: emailVerificationCodes.requestedBy,
      attempts: emailVerificationCodes.attempts,
      foreignAttempts: emailVerificationCodes.foreignAttempts,
    })
    .from(emailVerificationCodes)
    .where(
      and(
        eq(emailVerificationCodes.email, email),
        eq(emailVerificationCodes.purpose, purpose),
        isNull(emailVerificationCodes.consumedAt),
        gt(emailVerificationCodes.createdAt, since),
      ),
    )
    .orderBy(desc(emailVerificationCodes.createdAt), desc(emailVerificationCodes.id))
    .for('update');
}

/**
 * Counts one wrong try on each of these codes: against the requester's own tries when `client` asked for
 * the code, else against the tries every other client shares.
 */
export async function recordWrongTry(db: Db, ids: number[], client: string): Promise<void> {
  if (ids.length === 0) return;
  const own = sql`${emailVerificationCodes.requestedBy} = ${client}`;
  await db
    .update(emailVerificationCodes)
    .set({
      attempts: sql`${emailVerificationCodes.attempts} + case when ${own} then 1 else 0 end`,
      foreignAttempts: sql`${emailVerificationCodes.foreignAttempts} + case when ${own} then 0 else 1 end`,
    })
    .where(inArray(emailVerificationCodes.id, ids));
}

/** Uses up every unused code of the address for this purpose (one of them was just checked). */
export async function consumeCodes(db: Db, email: string, purpose: AuthenticationType): Promise<void> {
  await db
    .update(emailVerificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(emailVerificationCodes.email, email),
        eq(emailVerificationCodes.purpose, purpose),
        isNull(emailVerificationCodes.consumedAt),
      ),
    );
}

export async function insertVerificationToken(
  db: Db,
  token: { tokenHash: string; email: string; purpose: AuthenticationType; expiresAt: Date },
): Promise<void> {
  await db.insert(verificationTokens).values(token);
}

/** Marks a live token for this address and purpose used; false when there is none. */
export async function useVerificationToken(
  db: Db,
  token: { tokenHash: string; email: string; purpose: AuthenticationType },
): Promise<boolean> {
  const rows = await db
    .update(verificationTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationTokens.tokenHash, token.tokenHash),
        eq(verificationTokens.email, token.email),
        eq(verificationTokens.purpose, token.purpose),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: verificationTokens.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Refresh tokens
// ---------------------------------------------------------------------------------------------

export interface NewRefreshToken {
  userId: number;
  tokenHash: string;
  familyId: string;
  expiresAt: Date;
  familyExpiresAt: Date;
}

/** Stores a refresh token; answers its id and the user's role now (for the access token's `role` hint). */
export async function insertRefreshToken(
  db: Db,
  token: NewRefreshToken,
): Promise<{ id: number; role: UserRole }> {
  const [row] = await db
    .insert(refreshTokens)
    .values(token)
    .returning({
      id: refreshTokens.id,
      role: sql<UserRole>`(select ${users.role} from ${users} where ${users.id} = ${refreshTokens.userId})`,
    });
  return row!;
}

/** The token with this hash, locked until the transaction ends, so it rotates once. */
export async function lockRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      familyExpiresAt: refreshTokens.familyExpiresAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** The family of a live (not revoked) token. */
export async function selectLiveFamily(
  db: Db,
  tokenHash: string,
): Promise<{ userId: number; familyId: string } | undefined> {
  const [row] = await db
    .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt)));
  return row;
}

/**
 * Whether the session (refresh-token family) of an access token is still live for an active user: a password
 * change, a reset, a logout and a deactivation end it. Asked on every authenticated request, so it is one
 * prepared statement on the family index.
 */
export function prepareSessionCheck(db: Db) {
  const statement = db
    .select({ role: users.role, email: users.email })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(
        eq(refreshTokens.familyId, sql.placeholder('sessionId')),
        eq(refreshTokens.userId, sql.placeholder('userId')),
        isNull(refreshTokens.revokedAt),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('accounts_live_session');
  /** The user's role and e-mail now (a role change applies to the next request), or null when the session ended. */
  return async (userId: number, sessionId: string): Promise<{ role: UserRole; email: string } | null> =>
    (await statement.execute({ userId, sessionId }))[0] ?? null;
}

export async function markRotated(db: Db, id: number, replacedBy: number): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: new Date(), replacedBy }).where(eq(refreshTokens.id, id));
}

export async function revokeToken(db: Db, id: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)));
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every live token of the user, except those of `keepFamily` (the session making the change). */
export async function revokeUserTokens(db: Db, userId: number, keepFamily?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamily === undefined ? undefined : ne(refreshTokens.familyId, keepFamily),
      ),
    );
}
