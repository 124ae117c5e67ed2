import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { loggableError } from '../../http/errors';
import { startRepeatingPass } from '../../lib/repeating-pass';
import { purgeSpentAlerts } from '../stock-alerts/purge';
import { applyHoldsOnce } from './holds';
import { sendRemindersOnce } from './reminders';
import { sendMonthlyStatements } from './statement-emails';

/**
 * The receivables schedule: every server process runs it, and every job in it is safe to run from
 * several processes at once (each effect is a scheduled_effects key inserted in the transaction that makes
 * it). A pass runs the jobs in order, each on the same `now`; one failing is logged and the next still runs.
 */

export interface ReceivablesJobContext {
  db: Db;
  now: Date;
  log: FastifyBaseLogger;
  /** True once the schedule is stopping: a long job stops between its items. */
  shouldStop: () => boolean;
}

export interface ReceivablesJob {
  name: string;
  run(context: ReceivablesJobContext): Promise<unknown>;
}

/** The reminders before, on and after an invoice's due day (reminders.ts). */
export const remindersJob: ReceivablesJob = {
  name: 'reminders',
  async run({ db, now, log, shouldStop }) {
    const report = await sendRemindersOnce(db, now, undefined, { shouldStop });
    if (report.sent.length > 0 || report.skipped > 0) {
      log.info(
        { checked: report.checked, sent: report.sent.length, skipped: report.skipped },
        'receivables: payment reminders sent',
      );
    }
    return report;
  },
};

/** The automatic holds: set on companies with an invoice too long overdue, lifted once paid (holds.ts). */
export const holdsJob: ReceivablesJob = {
  name: 'holds',
  async run({ db, now, log }) {
    const report = await applyHoldsOnce(db, now);
    if (report.set > 0 || report.lifted > 0) log.info(report, 'receivables: automatic holds changed');
    return report;
  },
};

/** Last month's statements, e-mailed from the first working day of the month (statement-emails.ts). */
export const statementsJob: ReceivablesJob = {
  name: 'statements',
  async run({ db, now, log, shouldStop }) {
    let report = await sendMonthlyStatements(db, now);
    let emails = report.emails;
    // A batch at a time until the month's run is done, or the schedule stops.
    while (report.more && !shouldStop()) {
      report = await sendMonthlyStatements(db, now);
      emails += report.emails;
    }
    if (emails > 0) log.info({ month: report.month, emails }, 'receivables: monthly statements e-mailed');
    return report;
  },
};

/**
 * The back-in-stock alerts spent longer ago than the settings keep them (stock-alerts/purge.ts): not
 * receivables, but the shop's one periodic pass runs it beside them, on the same clock.
 */
export const spentAlertsJob: ReceivablesJob = {
  name: 'spent-stock-alerts',
  async run({ db, now, log }) {
    const deleted = await purgeSpentAlerts(db, now);
    if (deleted > 0) log.info({ deleted }, 'stock alerts: spent alerts past their retention deleted');
    return deleted;
  },
};

/**
 * The jobs of a pass, in order: reminders first (an invoice's reminder goes even on the day its company is put
 * on hold), then the holds, then the monthly statements, then the purge of spent stock alerts.
 */
export const RECEIVABLES_JOBS: readonly ReceivablesJob[] = [
  remindersJob,
  holdsJob,
  statementsJob,
  spentAlertsJob,
];

export const RECEIVABLES_SCHEDULE_DEFAULTS = {
  /** RECEIVABLES_INTERVAL_SECONDS: 10 minutes. */
  intervalMs: 10 * 60_000,
  /** The first pass, after the start (never later than the interval). */
  firstRunMs: 30_000,
};

/** One pass: each job in turn on the same `now`; a job's failure is logged, never thrown. */
export async function runReceivablesPass(
  context: ReceivablesJobContext,
  jobs: readonly ReceivablesJob[] = RECEIVABLES_JOBS,
): Promise<void> {
  for (const job of jobs) {
    if (context.shouldStop()) return;
    try {
      await job.run(context);
    } catch (err) {
      context.log.error({ err: loggableError(err), job: job.name }, 'receivables: a scheduled job failed');
    }
  }
}

/**
 * Runs a pass every `intervalMs`, the first `firstRunMs` after the start; passes never overlap, and the timer
 * does not keep the process alive. `stop()` ends the schedule and waits for a pass under way.
 */
export function startReceivablesSchedule(options: {
  db: Db;
  log: FastifyBaseLogger;
  now?: () => Date;
  intervalMs?: number;
  firstRunMs?: number;
  jobs?: readonly ReceivablesJob[];
}): { stop(): Promise<void> } {
  const {
    db,
    log,
    now = () => new Date(),
    intervalMs = RECEIVABLES_SCHEDULE_DEFAULTS.intervalMs,
    jobs = RECEIVABLES_JOBS,
  } = options;
  const firstRunMs = options.firstRunMs ?? Math.min(RECEIVABLES_SCHEDULE_DEFAULTS.firstRunMs, intervalMs);
  return startRepeatingPass({
    pass: (shouldStop) => runReceivablesPass({ db, now: now(), log, shouldStop }, jobs),
    intervalMs,
    firstRunMs,
    log,
    failure: 'receivables pass failed',
  });
}
