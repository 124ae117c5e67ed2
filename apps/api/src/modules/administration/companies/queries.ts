import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { BusinessType, CompanyStatus, PaymentTerms } from '@shop/domain';
import type { Db } from '../../../db/client';
import { companies, companyMembers, users, type UserRole } from '../../../db/schema';
import { bankDetailsSet } from '../../documents/numbering';
import {
  companyColumns,
  ledgerJsonOf,
  owedPenceOf,
  type CompanyRow,
  type LedgerJson,
} from '../../companies/service';

type Window = { limit: number; offset: number };

export type CompanyOrdering = 'created_at' | 'legal_name';

export interface CompanyFilter {
  status?: CompanyStatus | undefined;
  search?: string | undefined;
}

/** The text the trigram index companies_search_trgm covers: the same expression, so the planner uses it. */
const searchText = sql`(${companies.legalName} || ' ' || ${companies.tradingName} || ' ' || ${companies.companyNumber})`;

/** `%text%` with LIKE's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function companyWhere(filter: CompanyFilter): SQL | undefined {
  return and(
    filter.search ? ilike(searchText, containing(filter.search)) : undefined,
    filter.status ? eq(companies.status, filter.status) : undefined,
  );
}

const companyIdColumn = sql`${sql.identifier('companies')}.${sql.identifier('id')}`;

/** A row of the list: the company, its applicant's address and how many members it has. */
const rowColumns = {
  id: companies.id,
  status: companies.status,
  legalName: companies.legalName,
  tradingName: companies.tradingName,
  businessType: companies.businessType,
  applicantEmail: users.email,
  members:
    sql<number>`(select count(*) from ${companyMembers} m where m.company_id = ${companyIdColumn})`.mapWith(
      Number,
    ),
  creditLimitPence: companies.creditLimitPence,
  requestedCreditLimitPence: companies.requestedCreditLimitPence,
  onHold: companies.onHold,
  createdAt: companies.createdAt,
};

export type CompanyListRow = {
  id: number;
  status: CompanyStatus;
  legalName: string;
  tradingName: string;
  businessType: BusinessType;
  applicantEmail: string | null;
  members: number;
  creditLimitPence: number;
  requestedCreditLimitPence: number;
  onHold: boolean;
  createdAt: Date;
};

/**
 * One page of companies in one statement (companies_status_idx / companies_created_idx walked in order, the
 * search through companies_search_trgm). Each ordering ends on the id, so pages never overlap.
 */
export async function selectCompanyPage(
  db: Db,
  filter: CompanyFilter,
  ordering: { field: CompanyOrdering; descending: boolean },
  window: Window,
): Promise<CompanyListRow[]> {
  const direction = ordering.descending ? desc : asc;
  const column = { created_at: companies.createdAt, legal_name: companies.legalName }[ordering.field];
  return db
    .select(rowColumns)
    .from(companies)
    .leftJoin(users, eq(users.id, companies.applicantId))
    .where(companyWhere(filter))
    .orderBy(direction(column), direction(companies.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many companies match, stopping at `cap + 1` (the list's count when a page is full). */
export async function countCompaniesUpTo(db: Db, filter: CompanyFilter, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(companies)
    .where(companyWhere(filter))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ value: sql<number>`count(*)`.mapWith(Number) }).from(capped);
  return row?.value ?? 0;
}

export type CompanyDetailRow = CompanyRow & {
  applicantEmail: string | null;
  members: number;
  owedPence: number;
  ledger: LedgerJson | string;
  /** Whether the shop's bank details are set (the warning beside credit). */
  bankDetailsSet: boolean;
};

/** One company with its applicant, member count, what it owes and its ledger: one statement. */
export async function selectCompanyDetail(db: Db, companyId: number): Promise<CompanyDetailRow | undefined> {
  const [row] = await db
    .select({
      ...companyColumns,
      applicantEmail: users.email,
      members: rowColumns.members,
      owedPence: owedPenceOf(companyIdColumn),
      ledger: ledgerJsonOf(companyIdColumn),
      bankDetailsSet: bankDetailsSet(),
    })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.applicantId))
    .where(eq(companies.id, companyId));
  return row as CompanyDetailRow | undefined;
}

/**
 * The applicant's e-mail address and role as they are now, for the decision's e-mail and, on approval, its
 * check (a staff or owner account holds no trade account); undefined when the account is gone.
 */
export async function selectApplicant(
  db: Db,
  userId: number | null,
): Promise<{ email: string; role: UserRole } | undefined> {
  if (userId === null) return undefined;
  const [row] = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function decide(
  tx: Db,
  companyId: number,
  staffId: number,
  decision:
    | { status: 'approved'; creditLimitPence: number; terms: PaymentTerms | null }
    | { status: 'declined'; reason: string },
): Promise<void> {
  await tx
    .update(companies)
    .set({
      status: decision.status,
      ...(decision.status === 'approved'
        ? {
            creditLimitPence: decision.creditLimitPence,
            paymentTerms: decision.terms,
            declineReason: null,
          }
        : { declineReason: decision.reason }),
      decidedBy: staffId,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(companies.id, companyId));
}

export async function updateCredit(
  tx: Db,
  companyId: number,
  creditLimitPence: number,
  terms: PaymentTerms | null,
): Promise<void> {
  await tx
    .update(companies)
    .set({ creditLimitPence, paymentTerms: terms, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId));
}

export async function updateHold(tx: Db, companyId: number, onHold: boolean, reason: string): Promise<void> {
  await tx
    .update(companies)
    .set(
      onHold
        ? { onHold: true, holdReason: reason || null, holdSetBy: 'staff', updatedAt: sql`now()` }
        : { onHold: false, holdReason: null, holdSetBy: null, updatedAt: sql`now()` },
    )
    .where(eq(companies.id, companyId));
}
