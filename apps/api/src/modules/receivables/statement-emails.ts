import {
  companyAccountNumber,
  firstWorkingDay,
  formatGbp,
  previousMonth,
  type Statement,
  statementFor,
  ukToday,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { selectAccountsRecipients } from '../companies/administrators';
import { statementBalance, statementMonthName } from '../documents/statement';
import { enqueueEmail, type OutgoingEmail } from '../mail/service';
import { selectSetting } from '../settings/service';
import {
  claimEffect,
  selectLedger,
  selectStatementCandidates,
  STATEMENT_EFFECT,
  STATEMENT_RUN_EFFECT,
  statementRunFinished,
} from './queries';

const SHOP = 'PackRight Supplies';

/** The most companies one call looks at; the caller (the scheduler) calls again while `more` is true. */
export const STATEMENT_BATCH_SIZE = 50;

export interface StatementRunReport {
  /** The month whose statements were sent, or null when none are due today (before the first working day, or off). */
  month: string | null;
  /** Companies e-mailed by this call. */
  companies: number;
  /** Messages queued (one per recipient). */
  emails: number;
  /** Whether companies may be left for the next call. */
  more: boolean;
}

/** The message that carries the statement; the PDF is drawn when the outbox sends it. */
export function statementEmail(
  to: string,
  company: { id: number; tradingName: string },
  statement: Statement,
): OutgoingEmail {
  const account = companyAccountNumber(company.id);
  const month = statementMonthName(statement.month);
  return {
    to,
    subject: `Your ${SHOP} statement for ${month} (${account})`,
    text: [
      `Attached is the statement of account of ${company.tradingName} (${account}) for ${month}.`,
      [
        `Balance brought forward: ${statementBalance(statement.openingBalancePence)}`,
        `Closing balance: ${statementBalance(statement.closingBalancePence)}`,
        ...(statement.overduePence > 0
          ? [`Past due at the end of the month: ${formatGbp(statement.overduePence)}`]
          : []),
      ].join('\n'),
      'Your company’s administrators can download any month’s statement from My account, under Company.',
      SHOP,
      '',
    ].join('\n\n'),
    attachments: [{ kind: 'statement', company_id: company.id, month: statement.month }],
  };
}

/**
 * The monthly statement run: on or after the first working day of the UK month of `now`, when the
 * receivables setting `email_statements` is on, each approved company with ledger activity in the previous
 * month or a balance at its end is sent that month's statement: one message to each administrator and to its
 * accounts address, the PDF attached. Exactly once per company and month however many processes run it at
 * once: the scheduled_effects key ('statement', company, 'YYYY-MM') is claimed in the same transaction that
 * queues the messages, so a second claimer gets no row and queues nothing. Looks at `batchSize` companies per
 * call; `more` says to call again. Nothing here starts a timer: the scheduler calls it.
 */
export async function sendMonthlyStatements(
  db: Db,
  now: Date = new Date(),
  { batchSize = STATEMENT_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<StatementRunReport> {
  const idle = { month: null, companies: 0, emails: 0, more: false };
  const today = ukToday(now);
  if (today < firstWorkingDay(today.slice(0, 7))) return idle;
  const settings = await selectSetting(db, 'receivables');
  if (!settings.email_statements) return idle;
  const month = previousMonth(today);
  const report: StatementRunReport = { month, companies: 0, emails: 0, more: false };
  if (await statementRunFinished(db, month)) return report;

  const limit = Math.max(1, Math.min(batchSize, 1000));
  const candidates = await selectStatementCandidates(db, month, limit);
  for (const company of candidates) {
    const statement = statementFor(await selectLedger(db, company.id), month);
    const due = statement.lines.length > 0 || statement.closingBalancePence !== 0;
    const queued = await db.transaction(async (tx) => {
      // The key is claimed even when nothing is due (the SQL and the domain agree; this only ends the look).
      if (!(await claimEffect(tx, STATEMENT_EFFECT, company.id, month)) || !due) return 0;
      const to = await selectAccountsRecipients(tx, company.id);
      for (const address of to) {
        await enqueueEmail(
          tx,
          statementEmail(address, { id: company.id, tradingName: company.trading_name }, statement),
        );
      }
      return to.length;
    });
    if (queued > 0) {
      report.companies++;
      report.emails += queued;
    }
  }
  if (candidates.length < limit) {
    await db.transaction((tx) => claimEffect(tx, STATEMENT_RUN_EFFECT, 0, month));
  } else {
    report.more = true;
  }
  return report;
}
