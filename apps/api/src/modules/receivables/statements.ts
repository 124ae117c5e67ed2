import {
  companyMay,
  invoiceLabel,
  paymentTermsLabel,
  RECEIVABLES_MESSAGES,
  statementFor,
  ukToday,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { Invalid, NotFound } from '../../http/errors';
import { membershipOf } from '../companies/membership';
import type { RenderedDocument } from '../documents/rendered-document';
import { renderStatement, statementFileName, type StatementDocument } from '../documents/statement';
import { selectLedger, selectStatementHeading } from './queries';

/** The first month a statement may be asked for (the month schema's lower bound). */
export const FIRST_STATEMENT_MONTH = '2000-01';

/**
 * 400 unless `month` ('YYYY-MM', already well formed) is from 2000 to the current UK month. A month before
 * the company existed is allowed: its statement is empty.
 */
export function checkStatementMonth(month: string, now: Date = new Date()): void {
  if (month < FIRST_STATEMENT_MONTH || month > ukToday(now).slice(0, 7)) {
    throw new Invalid({ month: [RECEIVABLES_MESSAGES.monthRange] });
  }
}

/** The current UK month, 'YYYY-MM': a statement asked for without a month is this month to date. */
const currentMonth = (now: Date) => ukToday(now).slice(0, 7);

/** The statement's figures and headings for the company and month, or null for an unknown company. */
export async function statementDocument(
  db: Db,
  companyId: number,
  month: string,
  now: Date = new Date(),
): Promise<StatementDocument | null> {
  const [company, ledger] = await Promise.all([
    selectStatementHeading(db, companyId),
    selectLedger(db, companyId),
  ]);
  if (!company) return null;
  const statement = statementFor(ledger, month, ukToday(now));
  return {
    kind: 'statement',
    seller: company.seller,
    company: {
      id: company.id,
      legalName: company.legal_name,
      tradingName: company.trading_name,
      invoiceAddress: company.invoice_address,
      paymentTerms: company.payment_terms ? paymentTermsLabel(company.payment_terms) : null,
    },
    producedAt: now,
    statement,
    openInvoices: statement.openInvoices.map((invoice) => ({
      name: invoiceLabel(invoice),
      purchaseOrderNumber: invoice.purchaseOrderNumber ?? null,
      dueOn: invoice.dueOn,
      openPence: invoice.openPence,
    })),
  };
}

/** The statement PDF of a company and month (404 for an unknown company). Drawn afresh each time. */
export async function renderedStatement(
  db: Db,
  companyId: number,
  month: string,
  now: Date = new Date(),
): Promise<RenderedDocument> {
  const document = await statementDocument(db, companyId, month, now);
  if (!document) throw new NotFound();
  return { filename: statementFileName(companyId, month), content: await renderStatement(document) };
}

/**
 * The statements service: a company administrator's own company (anyone else, a buyer or approver of it
 * included, gets 404, as for a company they do not manage), or any company for staff.
 */
export function createStatementsService(db: Db) {
  return {
    async forMember(
      userId: number,
      month: string | undefined,
      now: Date = new Date(),
    ): Promise<RenderedDocument> {
      month ??= currentMonth(now);
      checkStatementMonth(month, now);
      // Read on every request: a member removed or demoted a moment ago reads as none.
      const membership = await membershipOf(db, userId);
      if (!membership || !companyMay(membership.role, 'manage')) throw new NotFound();
      return renderedStatement(db, membership.companyId, month, now);
    },
    async forStaff(
      companyId: number,
      month: string | undefined,
      now: Date = new Date(),
    ): Promise<RenderedDocument> {
      month ??= currentMonth(now);
      checkStatementMonth(month, now);
      return renderedStatement(db, companyId, month, now);
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
