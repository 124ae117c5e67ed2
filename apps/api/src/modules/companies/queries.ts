import { and, asc, count, desc, eq, gt, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  balancePence,
  type BusinessType,
  type CompanyApply,
  type CompanyInvite,
  type CompanyRole,
} from '@shop/domain';
import { countOfPage } from '../../http/pagination';
import type { Db } from '../../db/client';
import { reusableStatement } from '../../db/reusable-statement';
import { rowsOf } from '../../db/rows-of';
import {
  addresses,
  companies,
  companyInvitations,
  companyMembers,
  users,
  type AddressSnapshot,
  type PaymentTermsSnapshot,
  type UserRole,
} from '../../db/schema';
import { snapshotOf } from '../addresses/service';
import { ledgerBalanceOf, ledgerOfJson, ledgerStatement, type LedgerRow } from '../receivables/ledger';

type Window = { limit: number; offset: number };

/**
 * What a company owes, in pence, as its ledger sums it (invoices less credit notes less payments
 * received; the credit check of an order sums the same). `companyId` is the outer query's company id.
 */
export const owedPenceOf = (companyId: SQL) =>
  sql<number>`(${ledgerBalanceOf(companyId)})::bigint`.mapWith(Number);

/** `companies.id`, qualified by hand for the subqueries above. */
const companyIdColumn = sql`${sql.identifier('companies')}.${sql.identifier('id')}`;

/**
 * The company's whole ledger as one json value (the ledger statement as a subquery of the outer one), for the
 * views' aged buckets and overdue figure: no statement of its own. `companyId` is the outer query's column.
 */
export const ledgerJsonOf = (companyId: SQL) =>
  sql<LedgerJson>`(select row_to_json(l) from (${ledgerStatement(companyId)}) l)`;

/** The ledger statement's row, as ledgerOfRow reads it. */
export type LedgerJson = LedgerRow;

/**
 * The caller's place in a company, read from the database on every request that acts for the company
 * (DESIGN §7, decision 006's rule for staff): a member removed a moment ago reads as none.
 */
export interface Membership {
  memberId: number;
  companyId: number;
  role: CompanyRole;
  orderLimitPence: number | null;
  status: 'pending' | 'approved' | 'declined';
  creditLimitPence: number;
  paymentTerms: PaymentTermsSnapshot | null;
  poRequired: boolean;
  onHold: boolean;
  holdReason: string | null;
}

const membershipStatement = reusableStatement((db) =>
  db
    .select({
      memberId: companyMembers.id,
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      orderLimitPence: companyMembers.orderLimitPence,
      status: companies.status,
      creditLimitPence: companies.creditLimitPence,
      paymentTerms: companies.paymentTerms,
      poRequired: companies.poRequired,
      onHold: companies.onHold,
      holdReason: companies.holdReason,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .innerJoin(users, eq(users.id, companyMembers.userId))
    // Staff and owners hold no trade membership: one left from before the rule counts as none.
    .where(and(eq(companyMembers.userId, sql.placeholder('userId')), eq(users.role, 'customer')))
    .prepare('company_membership'),
);

/**
 * The user's membership with its company's terms, or undefined when they belong to none or are not a customer
 * account (staff and owners hold no trade membership). One statement.
 */
export async function membershipOf(db: Db, userId: number): Promise<Membership | undefined> {
  const [row] = await membershipStatement(db).execute({ userId });
  return row as Membership | undefined;
}

/** A company's own columns, as the views read them. */
export const companyColumns = {
  id: companies.id,
  status: companies.status,
  legalName: companies.legalName,
  tradingName: companies.tradingName,
  businessType: companies.businessType,
  companyNumber: companies.companyNumber,
  vatNumber: companies.vatNumber,
  registeredAddress: companies.registeredAddress,
  invoiceAddress: companies.invoiceAddress,
  accountsEmail: companies.accountsEmail,
  requestedCreditLimitPence: companies.requestedCreditLimitPence,
  tradeReferences: companies.tradeReferences,
  creditLimitPence: companies.creditLimitPence,
  paymentTerms: companies.paymentTerms,
  poRequired: companies.poRequired,
  onHold: companies.onHold,
  holdReason: companies.holdReason,
  holdSetBy: companies.holdSetBy,
  declineReason: companies.declineReason,
  applicantId: companies.applicantId,
  decidedAt: companies.decidedAt,
  createdAt: companies.createdAt,
};

export type CompanyRow = {
  id: number;
  status: 'pending' | 'approved' | 'declined';
  legalName: string;
  tradingName: string;
  businessType: BusinessType;
  /** '' when the business has none. */
  companyNumber: string;
  vatNumber: string;
  registeredAddress: AddressSnapshot;
  invoiceAddress: AddressSnapshot;
  accountsEmail: string;
  requestedCreditLimitPence: number;
  tradeReferences: { name: string; email: string }[];
  creditLimitPence: number;
  paymentTerms: { kind: 'days'; days: number } | { kind: 'end_of_following_month' } | null;
  poRequired: boolean;
  onHold: boolean;
  holdReason: string | null;
  holdSetBy: string | null;
  declineReason: string | null;
  applicantId: number | null;
  decidedAt: Date | null;
  createdAt: Date;
};

export type OwnCompanyRow = CompanyRow & {
  role: CompanyRole;
  orderLimitPence: number | null;
  /** Null unless the member is an administrator or the company is approved (for its available credit). */
  owedPence: number | null;
  /** The company's ledger (as json), for administrators and members of an approved company; null otherwise. */
  ledger: LedgerJson | string | null;
};

// A named statement: every page of My account and the checkout ask for it, and its ledger subquery costs more
// to plan (about 3 ms) than to run (under 2 ms at 50 entries a company; docs/benchmarks.md "receivables").
const ownCompanyStatement = reusableStatement((db) =>
  db
    .select({
      ...companyColumns,
      role: companyMembers.role,
      orderLimitPence: companyMembers.orderLimitPence,
      ledger: sql<LedgerJson | null>`case when ${companyMembers.role} = 'administrator' or ${companies.status} = 'approved' then ${ledgerJsonOf(companyIdColumn)} end`,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.userId, sql.placeholder('userId')), eq(users.role, 'customer')))
    .prepare('own_company'),
);

/**
 * The caller's company as GET account/company/ answers it, with their role and own limit, and for an
 * administrator (and any member of an approved company, for its available credit) its ledger, whose balance is
 * what the company owes and whose invoices give the aged buckets and the overdue figure: one named statement.
 */
export async function selectOwnCompany(db: Db, userId: number): Promise<OwnCompanyRow | undefined> {
  const [row] = await ownCompanyStatement(db).execute({ userId });
  if (!row) return undefined;
  // What is owed is the ledger's balance (the sum ledgerBalanceOf makes in SQL for the credit check).
  const owedPence = row.ledger === null ? null : balancePence(ledgerOfJson(row.ledger));
  return { ...row, owedPence } as OwnCompanyRow;
}

/**
 * Holds the user's row until the transaction ends, so one user's application and acceptances run one after
 * the other (`no key update` leaves carts and orders that reference the user free), and answers their role as
 * it is then (a role change waits for the lock too). Undefined when the user is gone.
 */
export async function lockUser(tx: Db, userId: number): Promise<{ role: UserRole } | undefined> {
  const [row] = await tx
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row;
}

/**
 * Locks the company the user belongs to, so every change to a company's members, invitations, addresses and
 * settings runs one after another (the caps and the last-administrator rule count what the other wrote).
 * Answers its id, or undefined when the user belongs to none. The caller reads the membership again after it.
 */
export async function lockCompanyOfUser(tx: Db, userId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(
      eq(
        companies.id,
        tx
          .select({ id: companyMembers.companyId })
          .from(companyMembers)
          .where(eq(companyMembers.userId, userId)),
      ),
    )
    .for('no key update');
  return row?.id;
}

/** Locks a company by id (staff's decisions) and answers it as it was. */
export async function lockCompany(tx: Db, companyId: number): Promise<CompanyRow | undefined> {
  const [row] = await tx
    .select(companyColumns)
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  return row as CompanyRow | undefined;
}

/** The membership a declined applicant still holds, ended as they apply again or join another company. */
export async function deleteMembership(tx: Db, memberId: number): Promise<void> {
  await tx.delete(companyMembers).where(eq(companyMembers.id, memberId));
}

/** Stores an application as a pending company; answers its id. */
export async function insertCompany(tx: Db, applicantId: number, application: CompanyApply): Promise<number> {
  const [row] = await tx
    .insert(companies)
    .values({
      legalName: application.legal_name,
      tradingName: application.trading_name,
      businessType: application.business_type,
      companyNumber: application.company_number ?? '',
      vatNumber: application.vat_number ?? '',
      registeredAddress: application.registered_address,
      invoiceAddress: application.invoice_address,
      accountsEmail: application.accounts_email,
      requestedCreditLimitPence: application.requested_credit_limit,
      tradeReferences: application.trade_references,
      applicantId,
    })
    .returning({ id: companies.id });
  return row!.id;
}

export async function insertMember(
  tx: Db,
  member: { companyId: number; userId: number; role: CompanyRole; orderLimitPence: number | null },
): Promise<number> {
  const [row] = await tx.insert(companyMembers).values(member).returning({ id: companyMembers.id });
  return row!.id;
}

export async function updateCompanySettings(tx: Db, companyId: number, poRequired: boolean): Promise<void> {
  await tx
    .update(companies)
    .set({ poRequired, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId));
}

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

export const memberColumns = {
  id: companyMembers.id,
  userId: companyMembers.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: companyMembers.role,
  orderLimitPence: companyMembers.orderLimitPence,
  createdAt: companyMembers.createdAt,
};

export type MemberRow = {
  id: number;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: CompanyRole;
  orderLimitPence: number | null;
  createdAt: Date;
};

/** A page of a company's members, first joined first, with the number of all of them on each row. */
export async function selectMemberPage(
  db: Db,
  companyId: number,
  window: Window,
): Promise<{ count: number; rows: MemberRow[] }> {
  const rows = await db
    .select({ ...memberColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.id))
    .limit(window.limit)
    .offset(window.offset);
  const total = await countOfPage(rows, window, async () => {
    const [row] = await db
      .select({ value: count() })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, companyId));
    return row?.value ?? 0;
  });
  return { count: total, rows };
}

/** Every member of a company (at most MAX_COMPANY_MEMBERS), first joined first: the back office's detail. */
export async function selectMembers(db: Db, companyId: number, limit: number): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.id))
    .limit(limit);
}

/** One member of a company, or undefined when the id is not one of its members. */
export async function selectMember(
  db: Db,
  companyId: number,
  memberId: number,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.id, memberId), eq(companyMembers.companyId, companyId)));
  return row;
}

/** How many administrators a company has. */
export async function countAdministrators(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'administrator')));
  return row?.value ?? 0;
}

export async function updateMember(
  tx: Db,
  memberId: number,
  changes: { role?: CompanyRole | undefined; orderLimitPence?: number | null | undefined },
): Promise<void> {
  await tx
    .update(companyMembers)
    .set({ role: changes.role, orderLimitPence: changes.orderLimitPence })
    .where(eq(companyMembers.id, memberId));
}

/** The e-mail addresses of a company's administrators (a hold is told to them). */
export async function selectAdministratorEmails(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'administrator')))
    .orderBy(asc(companyMembers.id));
  return rows.map((row) => row.email);
}

// ---------------------------------------------------------------------------------------------
// Invitations
// ---------------------------------------------------------------------------------------------

export const invitationColumns = {
  id: companyInvitations.id,
  email: companyInvitations.email,
  role: companyInvitations.role,
  orderLimitPence: companyInvitations.orderLimitPence,
  expiresAt: companyInvitations.expiresAt,
  createdAt: companyInvitations.createdAt,
};

export type InvitationRow = {
  id: number;
  email: string;
  role: CompanyRole;
  orderLimitPence: number | null;
  expiresAt: Date;
  createdAt: Date;
};

/**
 * Whether the company has room for one more person: its members and its unexpired invitations together
 * stay under `cap` (MAX_COMPANY_MEMBERS). One statement; the caller holds the company's lock.
 */
export async function seatsTaken(db: Db, companyId: number): Promise<number> {
  const result = await db.execute(sql`
    select (select count(*) from ${companyMembers} where ${companyMembers.companyId} = ${companyId})
         + (select count(*) from ${companyInvitations}
             where ${companyInvitations.companyId} = ${companyId} and ${companyInvitations.expiresAt} > now())
           as taken`);
  return Number(rowsOf<{ taken: number | string }>(result)[0]?.taken ?? 0);
}

/** Whether someone with this e-mail address is already a member of this company. */
export async function isMemberByEmail(db: Db, companyId: number, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(users.email, email)));
  return rows.length > 0;
}

/**
 * Invites an address: an expired invitation of the same address is replaced, an unexpired one is kept and
 * nothing is written (answers null). Answers the new invitation.
 */
export async function insertInvitation(
  tx: Db,
  companyId: number,
  invitedBy: number,
  invite: CompanyInvite,
  days: number,
): Promise<InvitationRow | null> {
  await tx
    .delete(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.email, invite.email),
        lte(companyInvitations.expiresAt, sql`now()`),
      ),
    );
  const [row] = await tx
    .insert(companyInvitations)
    .values({
      companyId,
      email: invite.email,
      role: invite.role,
      orderLimitPence: invite.order_limit,
      invitedBy,
      expiresAt: sql`now() + make_interval(days => ${days})`,
    })
    .onConflictDoNothing()
    .returning(invitationColumns);
  return row ?? null;
}

/** Deletes one of a company's invitations; answers whether there was one. */
export async function deleteCompanyInvitation(
  tx: Db,
  companyId: number,
  invitationId: number,
): Promise<boolean> {
  const rows = await tx
    .delete(companyInvitations)
    .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, companyId)))
    .returning({ id: companyInvitations.id });
  return rows.length > 0;
}

/** The inviting administrator, by name. */
const inviter = sql<string>`coalesce((select trim(u.first_name || ' ' || u.last_name) from ${users} u where u.id = ${companyInvitations.invitedBy}), '')`;

export type MyInvitationRow = {
  id: number;
  companyId: number;
  company: string;
  role: CompanyRole;
  orderLimitPence: number | null;
  invitedBy: string;
  expiresAt: Date;
};

const myInvitationColumns = {
  id: companyInvitations.id,
  companyId: companyInvitations.companyId,
  company: companies.tradingName,
  role: companyInvitations.role,
  orderLimitPence: companyInvitations.orderLimitPence,
  invitedBy: inviter,
  expiresAt: companyInvitations.expiresAt,
};

/** The unexpired invitations to an address from approved companies, newest first (at most `limit`). */
export async function selectInvitationsTo(db: Db, email: string, limit: number): Promise<MyInvitationRow[]> {
  return db
    .select(myInvitationColumns)
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(
      and(
        eq(companyInvitations.email, email),
        gt(companyInvitations.expiresAt, sql`now()`),
        eq(companies.status, 'approved'),
      ),
    )
    .orderBy(desc(companyInvitations.id))
    .limit(limit);
}

/**
 * One invitation to an address, locked (with its company) until the transaction ends, with whether it has
 * expired; undefined when it is not to this address or its company is not approved.
 */
export async function lockInvitationTo(
  tx: Db,
  invitationId: number,
  email: string,
): Promise<(MyInvitationRow & { expired: boolean; invitedById: number | null }) | undefined> {
  const [row] = await tx
    .select({
      ...myInvitationColumns,
      expired: sql<boolean>`${companyInvitations.expiresAt} <= now()`,
      invitedById: companyInvitations.invitedBy,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(
      and(
        eq(companyInvitations.id, invitationId),
        eq(companyInvitations.email, email),
        eq(companies.status, 'approved'),
      ),
    )
    .for('no key update');
  return row;
}

/** One invitation with its company's name and its inviter's, for the e-mail that carries it. */
export async function selectInvitation(db: Db, invitationId: number): Promise<MyInvitationRow | undefined> {
  const [row] = await db
    .select(myInvitationColumns)
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.id, invitationId));
  return row;
}

export async function deleteInvitation(tx: Db, invitationId: number): Promise<void> {
  await tx.delete(companyInvitations).where(eq(companyInvitations.id, invitationId));
}

/** Deletes the invitations to an address (an erased account's). */
export async function deleteInvitationsTo(tx: Db, email: string): Promise<void> {
  await tx.delete(companyInvitations).where(eq(companyInvitations.email, email));
}

// ---------------------------------------------------------------------------------------------
// Shared addresses
// ---------------------------------------------------------------------------------------------

const addressColumns = {
  id: addresses.id,
  firstName: addresses.firstName,
  lastName: addresses.lastName,
  street: addresses.street,
  city: addresses.city,
  state: addresses.state,
  postalCode: addresses.postalCode,
  country: addresses.country,
  telephoneNumber: addresses.telephoneNumber,
};

type AddressRow = { id: number } & Parameters<typeof snapshotOf>[0];
export const companyAddressOf = (row: AddressRow) => ({ id: row.id, ...snapshotOf(row) });

/** A company's shared addresses, newest first (at most `limit`). */
export async function selectCompanyAddresses(db: Db, companyId: number, limit: number) {
  const rows = await db
    .select(addressColumns)
    .from(addresses)
    .where(eq(addresses.companyId, companyId))
    .orderBy(desc(addresses.id))
    .limit(limit);
  return rows.map(companyAddressOf);
}

/**
 * Stores a shared address unless the company already keeps `cap`: the count and the insert are one statement.
 * Answers the new id, or null when the cap refused it.
 */
export async function insertCompanyAddressUnderCap(
  tx: Db,
  companyId: number,
  address: Omit<AddressSnapshot, 'state'> & { state: string | null },
  cap: number,
): Promise<number | null> {
  const result = await tx.execute(sql`
    insert into ${addresses} (company_id, first_name, last_name, street, city, state, postal_code, country, telephone_number)
    select ${companyId}::integer, ${address.first_name}, ${address.last_name}, ${address.street}, ${address.city},
           ${address.state}::text, ${address.postal_code}, ${address.country}, ${address.telephone_number}
    where (select count(*) from ${addresses} where ${addresses.companyId} = ${companyId}) < ${cap}
    returning id`);
  return rowsOf<{ id: number }>(result)[0]?.id ?? null;
}

/** Changes one of the company's addresses; answers it as it now is, or undefined when it is not the company's. */
export async function updateCompanyAddress(
  tx: Db,
  companyId: number,
  addressId: number,
  changes: Partial<Omit<AddressSnapshot, 'country'>>,
) {
  const set = {
    firstName: changes.first_name,
    lastName: changes.last_name,
    street: changes.street,
    city: changes.city,
    state: changes.state,
    postalCode: changes.postal_code,
    telephoneNumber: changes.telephone_number,
  };
  const where = and(eq(addresses.id, addressId), eq(addresses.companyId, companyId));
  const [row] = Object.values(set).some((value) => value !== undefined)
    ? await tx.update(addresses).set(set).where(where).returning(addressColumns)
    : await tx.select(addressColumns).from(addresses).where(where);
  return row && companyAddressOf(row);
}

export async function deleteCompanyAddress(tx: Db, companyId: number, addressId: number): Promise<boolean> {
  const rows = await tx
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.companyId, companyId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

/** Members other than `memberId` (an erasure's question: does anyone stay behind?). */
export async function countOtherMembers(db: Db, companyId: number, memberId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), ne(companyMembers.id, memberId)));
  return row?.value ?? 0;
}

/**
 * An account being erased or made staff, as its company sees it: whether it is the only administrator of a
 * company that others still belong to (then it waits until another member is made one). False for a
 * non-member. The company's row is locked first, as every member change locks it, and the count is a statement
 * of its own after the lock: an administrator demoted or removed meanwhile is counted as such, so the company
 * is never left without one. The caller holds the account's row (user, then company, as an acceptance takes them).
 */
export async function isLastAdministratorWithOthers(tx: Db, userId: number): Promise<boolean> {
  if ((await lockCompanyOfUser(tx, userId)) === undefined) return false;
  const result = await tx.execute(sql`
    select m.role = 'administrator'
       and (select count(*) from ${companyMembers} a where a.company_id = m.company_id and a.role = 'administrator') = 1
       and (select count(*) from ${companyMembers} o where o.company_id = m.company_id) > 1 as refused
    from ${companyMembers} m where m.user_id = ${userId}`);
  return rowsOf<{ refused: boolean }>(result)[0]?.refused === true;
}

/**
 * Ends an erased account's place in trade accounts in one statement: its membership (its orders stay in the
 * company's history), the invitations to its address, and those it sent (withdrawn, as a removal withdraws
 * them: else they would wait under a deleted sender, count against the company's places and be refused).
 */
export async function leaveCompaniesOnErasure(tx: Db, userId: number, email: string): Promise<void> {
  await tx.execute(sql`
    with membership as (delete from ${companyMembers} where ${companyMembers.userId} = ${userId})
    delete from ${companyInvitations}
    where ${companyInvitations.email} = ${email} or ${companyInvitations.invitedBy} = ${userId}`);
}
