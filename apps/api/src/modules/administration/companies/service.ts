import {
  type AdminCompanyDetail,
  type AdminCompanyRow,
  availableCreditPence,
  BANK_DETAILS_MISSING,
  COMPANY_MESSAGES,
  companyAccountNumber,
  type CompanyApprove,
  type CompanyStatus,
  MAX_COMPANY_MEMBERS,
  penceToDecimal,
  ukToday,
} from '@shop/domain';
import type { Db } from '../../../db/client';
import { Conflict, NotFound } from '../../../http/errors';
import { pageWindow, type PageQuery } from '../../../http/pagination';
import { enqueueEmail } from '../../mail/service';
import { lockCompany, selectAdministratorEmails, selectMembers } from '../../companies/service';
import { approvedEmail, declinedEmail, holdEmail } from '../../companies/emails';
import { memberViewOf, paymentTermsView } from '../../companies/service';
import { ledgerOfJson } from '../../receivables/ledger';
import { positionViewOf } from '../../receivables/service';
import { audit, changedFields } from '../audit';
import type { Staff } from '../customers/service';
import { cappedPageCount, orderingOf } from '../listing';
import * as queries from './queries';

export interface CompanyListQuery extends PageQuery {
  ordering: string;
  status?: CompanyStatus | undefined;
  search?: string | undefined;
}

function rowOf(row: queries.CompanyListRow): AdminCompanyRow {
  return {
    id: row.id,
    account_number: companyAccountNumber(row.id),
    status: row.status,
    legal_name: row.legalName,
    trading_name: row.tradingName,
    business_type: row.businessType,
    applicant_email: row.applicantEmail,
    members: row.members,
    credit_limit: penceToDecimal(row.creditLimitPence),
    requested_credit_limit: penceToDecimal(row.requestedCreditLimitPence),
    on_hold: row.onHold,
    created_at: row.createdAt.toISOString(),
  };
}

/** The credit terms as the audit log keeps them. */
const creditOf = (company: { creditLimitPence: number; paymentTerms: unknown }) => ({
  credit_limit_pence: company.creditLimitPence,
  payment_terms: company.paymentTerms,
});

/**
 * Trade accounts in the back office: the applications and companies, staff's decision with a
 * credit limit and terms, later changes of them, and holds. Every write runs in one transaction with the
 * company's row locked, its audit row and the e-mail it causes.
 */
export function createCompaniesAdminService(db: Db, options: { publicUrl: string }) {
  const accountUrl = `${options.publicUrl}/account/company`;

  /** No bank details while a company waits for its credit, or has it: its documents would say "ask". */
  function warningsOf(row: queries.CompanyDetailRow): string[] {
    const credit = row.status === 'pending' || (row.status === 'approved' && row.creditLimitPence > 0);
    return credit && !row.bankDetailsSet ? [BANK_DETAILS_MISSING] : [];
  }

  async function detail(companyId: number): Promise<AdminCompanyDetail> {
    const [row, members] = await Promise.all([
      queries.selectCompanyDetail(db, companyId),
      selectMembers(db, companyId, MAX_COMPANY_MEMBERS),
    ]);
    if (!row) throw new NotFound();
    const position = positionViewOf(ledgerOfJson(row.ledger), ukToday());
    return {
      ...rowOf(row),
      company_number: row.companyNumber || null,
      vat_number: row.vatNumber || null,
      registered_address: row.registeredAddress,
      invoice_address: row.invoiceAddress,
      accounts_email: row.accountsEmail,
      trade_references: row.tradeReferences,
      decline_reason: row.declineReason,
      payment_terms: paymentTermsView(row.paymentTerms),
      pay_on_account: row.status === 'approved' && row.creditLimitPence > 0 && row.paymentTerms !== null,
      po_required: row.poRequired,
      hold_reason: row.holdReason,
      hold_set_by: row.holdSetBy as 'staff' | 'automatic' | null,
      balance: penceToDecimal(row.owedPence),
      overdue: position.overdue,
      aged: position.aged,
      available_credit: penceToDecimal(availableCreditPence(row.creditLimitPence, row.owedPence)),
      decided_at: row.decidedAt?.toISOString() ?? null,
      member_list: members.map(memberViewOf),
      warnings: warningsOf(row),
    };
  }

  async function locked(tx: Db, companyId: number) {
    const company = await lockCompany(tx, companyId);
    if (!company) throw new NotFound();
    return company;
  }

  return {
    /** A page of companies; the count costs a statement only when the page is full. */
    async listCompanies(query: CompanyListQuery) {
      const window = pageWindow(query);
      const filter = { status: query.status, search: query.search || undefined };
      const rows = await queries.selectCompanyPage(
        db,
        filter,
        orderingOf<queries.CompanyOrdering>(query.ordering),
        window,
      );
      const { count } = await cappedPageCount(rows.length, window, (cap) =>
        queries.countCompaniesUpTo(db, filter, cap),
      );
      return { count, results: rows.map(rowOf) };
    },

    getCompany: detail,

    /**
     * Approves a pending application with a credit limit and terms (0: card payment only); 409 otherwise, and
     * 409 when the applicant's account is now staff's or an owner's.
     */
    async approve(staff: Staff, companyId: number, body: CompanyApprove): Promise<AdminCompanyDetail> {
      await db.transaction(async (tx) => {
        const company = await locked(tx, companyId);
        if (company.status !== 'pending') throw new Conflict(COMPANY_MESSAGES.alreadyDecided);
        // Staff and owners hold no trade account: not one a colleague (or they themselves) applied for.
        const applicant = await queries.selectApplicant(tx, company.applicantId);
        if (applicant && applicant.role !== 'customer') throw new Conflict(COMPANY_MESSAGES.staffApplicant);
        await queries.decide(tx, companyId, staff.id, {
          status: 'approved',
          creditLimitPence: body.credit_limit_pence,
          terms: body.terms,
        });
        await audit(tx, staff, {
          action: 'company.approve',
          entityType: 'company',
          entityId: companyId,
          before: { status: company.status },
          after: {
            status: 'approved',
            credit_limit_pence: body.credit_limit_pence,
            payment_terms: body.terms,
          },
        });
        await enqueueEmail(
          tx,
          approvedEmail(
            applicant?.email ?? company.accountsEmail,
            company,
            body.credit_limit_pence,
            body.terms,
            accountUrl,
          ),
        );
      });
      return detail(companyId);
    },

    /** Declines a pending application with the reason the applicant reads; 409 otherwise. */
    async decline(staff: Staff, companyId: number, reason: string): Promise<AdminCompanyDetail> {
      await db.transaction(async (tx) => {
        const company = await locked(tx, companyId);
        if (company.status !== 'pending') throw new Conflict(COMPANY_MESSAGES.alreadyDecided);
        await queries.decide(tx, companyId, staff.id, { status: 'declined', reason });
        await audit(tx, staff, {
          action: 'company.decline',
          entityType: 'company',
          entityId: companyId,
          before: { status: company.status },
          after: { status: 'declined', reason },
        });
        const applicant = await queries.selectApplicant(tx, company.applicantId);
        await enqueueEmail(tx, declinedEmail(applicant?.email ?? company.accountsEmail, company, reason));
      });
      return detail(companyId);
    },

    /**
     * A new credit limit and terms for an approved company (409 otherwise). Lowering the limit below what is
     * owed is allowed: the available credit goes negative and every on-account order is refused until paid.
     */
    async updateCredit(staff: Staff, companyId: number, body: CompanyApprove): Promise<AdminCompanyDetail> {
      await db.transaction(async (tx) => {
        const company = await locked(tx, companyId);
        if (company.status !== 'approved') throw new Conflict(COMPANY_MESSAGES.notApproved);
        const change = changedFields(creditOf(company), {
          credit_limit_pence: body.credit_limit_pence,
          payment_terms: body.terms,
        });
        if (!change) return;
        await queries.updateCredit(tx, companyId, body.credit_limit_pence, body.terms);
        await audit(tx, staff, {
          action: 'company.credit',
          entityType: 'company',
          entityId: companyId,
          ...change,
        });
      });
      return detail(companyId);
    },

    /** Puts a company on hold (it cannot pay on account; its administrators are told why) or lifts it. */
    async setHold(
      staff: Staff,
      companyId: number,
      body: { on_hold: boolean; reason: string },
    ): Promise<AdminCompanyDetail> {
      await db.transaction(async (tx) => {
        const company = await locked(tx, companyId);
        const reason = body.on_hold ? body.reason : '';
        if (company.onHold === body.on_hold && (company.holdReason ?? '') === reason) return;
        await queries.updateHold(tx, companyId, body.on_hold, reason);
        await audit(tx, staff, {
          action: body.on_hold ? 'company.hold' : 'company.release',
          entityType: 'company',
          entityId: companyId,
          before: {
            on_hold: company.onHold,
            hold_reason: company.holdReason,
            hold_set_by: company.holdSetBy,
          },
          after: {
            on_hold: body.on_hold,
            hold_reason: reason || null,
            hold_set_by: body.on_hold ? 'staff' : null,
          },
        });
        for (const to of await selectAdministratorEmails(tx, companyId)) {
          await enqueueEmail(tx, holdEmail(to, company, body.on_hold, reason));
        }
      });
      return detail(companyId);
    },
  };
}

export type CompaniesAdminService = ReturnType<typeof createCompaniesAdminService>;
