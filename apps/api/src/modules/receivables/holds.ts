import {
  automaticHoldReason,
  holdAction,
  invoiceStates,
  type Ledger,
  type ReceivablesSettings,
  ukToday,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../administration/audit';
import { selectAdministratorEmails } from '../companies/administrators';
import { enqueueEmails } from '../mail/service';
import { selectSetting } from '../settings/service';
import { automaticHoldEmail } from './emails';
import * as queries from './queries';

/** Who the audit log names for a change the rules made on their own. */
export const AUTOMATIC_ACTOR: Actor = { id: null, email: 'automatic' };

/** The company as the hold rule needs it. */
export interface HoldSubject {
  id: number;
  tradingName: string;
  onHold: boolean;
  holdSetBy: string | null;
  holdReason: string | null;
}

/** The most companies one pass of applyHoldsOnce looks at (the next pass takes the rest). */
export const HOLD_PASS_LIMIT = 200;

/**
 * The automatic hold rule for one company on `today`, in the caller's transaction with the company
 * row locked: a company with an invoice more than `hold_after_days_overdue` days overdue goes on hold; once
 * none is, an automatic hold is lifted. A hold staff set is never touched. Each change is audited and its
 * administrators are e-mailed, once per kind and day (scheduled_effects). `known` spares the reads when the
 * caller has the company and its ledger as they now stand.
 */
export async function applyHoldRule(
  tx: Db,
  companyId: number,
  today: string,
  settings: Pick<ReceivablesSettings, 'hold_after_days_overdue'>,
  known?: { company: HoldSubject; ledger: Ledger },
): Promise<'set' | 'lift' | null> {
  const company = known?.company ?? (await queries.lockCompanySkipLocked(tx, companyId));
  if (!company) return null;
  const ledger = known?.ledger ?? (await queries.selectLedger(tx, companyId));
  const days = settings.hold_after_days_overdue;
  const action = holdAction(
    { onHold: company.onHold, holdSetBy: company.holdSetBy === 'automatic' ? 'automatic' : 'staff' },
    invoiceStates(ledger),
    today,
    days,
  );
  if (action === null) return null;
  const hold =
    action === 'set'
      ? { onHold: true as const, reason: automaticHoldReason(days) }
      : { onHold: false as const };
  await queries.setAutomaticHold(tx, companyId, hold);
  await audit(tx, AUTOMATIC_ACTOR, {
    action: action === 'set' ? 'company.hold' : 'company.release',
    entityType: 'company',
    entityId: companyId,
    before: { on_hold: company.onHold, hold_reason: company.holdReason, hold_set_by: company.holdSetBy },
    after: hold.onHold
      ? { on_hold: true, hold_reason: hold.reason, hold_set_by: 'automatic' }
      : { on_hold: false, hold_reason: null, hold_set_by: null },
  });
  // Once a day per kind: a hold set, lifted and set again on one day tells the administrators once.
  if (await queries.claimEffect(tx, action === 'set' ? 'hold' : 'hold_lifted', companyId, today)) {
    const recipients = await selectAdministratorEmails(tx, companyId);
    await enqueueEmails(
      tx,
      recipients.map((to) => automaticHoldEmail(to, company, hold)),
    );
  }
  return action;
}

/**
 * One scheduled pass of the hold rule as of `now` (the scheduler calls it; tests pass a simulated clock): the
 * companies that may need a change (see selectHoldCandidates), at most HOLD_PASS_LIMIT, each in its own
 * transaction with its row locked; a company another transaction holds is skipped (FOR UPDATE SKIP LOCKED)
 * and looked at again on the next pass. Answers how many holds it set and lifted.
 */
export async function applyHoldsOnce(
  db: Db,
  now: Date = new Date(),
  limit: number = HOLD_PASS_LIMIT,
): Promise<{ set: number; lifted: number }> {
  const settings = await selectSetting(db, 'receivables');
  const today = ukToday(now);
  const ids = await queries.selectHoldCandidates(db, today, settings.hold_after_days_overdue, 0, limit);
  const done = { set: 0, lifted: 0 };
  for (const id of ids) {
    const action = await db.transaction(async (tx) => {
      const company = await queries.lockCompanySkipLocked(tx, id);
      if (!company || company.status !== 'approved') return null;
      return applyHoldRule(tx, id, today, settings, { company, ledger: await queries.selectLedger(tx, id) });
    });
    if (action === 'set') done.set += 1;
    if (action === 'lift') done.lifted += 1;
  }
  return done;
}
