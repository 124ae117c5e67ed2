// GET|PUT /api/administration/settings/receivables/: bounded, audited, staff only.
import { DEFAULT_RECEIVABLES_SETTINGS } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../test/support/administration';
import { auditLog, shopSettings } from '../../../db/schema';
import { selectSetting } from '../../settings/queries';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'receivables-settings');
});
afterAll(() => ctx.close());

const settings = {
  reminder_days_before: 5,
  overdue_reminder_every_days: 10,
  hold_after_days_overdue: 30,
  email_statements: false,
};

const stored = async () =>
  (await ctx.database.db.select().from(shopSettings).where(eq(shopSettings.key, 'receivables')))[0]?.value;

describe('GET|PUT /api/administration/settings/receivables/', () => {
  it('answers staff only, and changes nothing for others', async () => {
    await expectStaffOnly(ctx, 'GET', 'settings/receivables/');
    await expectStaffOnly(ctx, 'PUT', 'settings/receivables/', settings);
    expect(await selectSetting(ctx.database.db, 'receivables')).toEqual(DEFAULT_RECEIVABLES_SETTINGS);
  });

  it('answers the defaults, stores a change that the reminders then read, and audits what changed', async () => {
    const before = await staff.admin('GET', 'settings/receivables/');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual(DEFAULT_RECEIVABLES_SETTINGS);

    const res = await staff.admin('PUT', 'settings/receivables/', settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(settings);
    expect(await stored()).toEqual(settings);
    expect(await selectSetting(ctx.database.db, 'receivables')).toEqual(settings);
    expect((await staff.admin('GET', 'settings/receivables/')).json()).toEqual(settings);

    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.entityId, 'receivables')));
    expect(entries.map(({ action, before, after, actorId }) => ({ action, before, after, actorId }))).toEqual(
      [
        {
          action: 'settings.update',
          actorId: staff.userId,
          before: {
            reminder_days_before: 3,
            overdue_reminder_every_days: 7,
            hold_after_days_overdue: 14,
            email_statements: true,
          },
          after: settings,
        },
      ],
    );
    // Saving the same values again writes no audit row.
    await staff.admin('PUT', 'settings/receivables/', settings);
    const again = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.entityId, 'receivables')));
    expect(again).toHaveLength(1);
  });

  it.each([
    [{ reminder_days_before: 0 }, 'reminder_days_before', 'Enter a number from 1 to 30.'],
    [{ reminder_days_before: 31 }, 'reminder_days_before', 'Enter a number from 1 to 30.'],
    [{ reminder_days_before: 2.5 }, 'reminder_days_before', 'Enter a whole number of days.'],
    [{ reminder_days_before: '3' }, 'reminder_days_before', 'Enter a number from 1 to 30.'],
    [{ overdue_reminder_every_days: 61 }, 'overdue_reminder_every_days', 'Enter a number from 1 to 60.'],
    [{ overdue_reminder_every_days: null }, 'overdue_reminder_every_days', 'Enter a number from 1 to 60.'],
    [{ hold_after_days_overdue: 366 }, 'hold_after_days_overdue', 'Enter a number from 1 to 365.'],
    [{ hold_after_days_overdue: -1 }, 'hold_after_days_overdue', 'Enter a number from 1 to 365.'],
    [{ email_statements: 'yes' }, 'email_statements', 'Choose yes or no.'],
  ])('refuses %j with the field’s message, and keeps what was stored', async (change, field, message) => {
    const before = await stored();
    const res = await staff.admin('PUT', 'settings/receivables/', { ...settings, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
    expect(await stored()).toEqual(before);
  });

  it('refuses a missing field and an unknown one', async () => {
    const { hold_after_days_overdue: _hold, ...missing } = settings;
    const res = await staff.admin('PUT', 'settings/receivables/', missing);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ hold_after_days_overdue: ['Enter a number from 1 to 365.'] });
    const unknown = await staff.admin('PUT', 'settings/receivables/', {
      ...settings,
      remind_on_sundays: true,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toHaveProperty('non_field_errors');
  });
});
