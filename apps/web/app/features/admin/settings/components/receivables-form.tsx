import {
  RECEIVABLES_SETTING_LIMITS,
  ReceivablesSettingsSchema,
  type ReceivablesSettingsView,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { saveReceivablesSettings } from '../api/settings';

/** A number field's text as the API wants it: a number, or the text itself for the schema to refuse. */
const numberOf = (text: string): unknown => (text.trim() === '' ? undefined : Number(text));

const textsOf = (settings: ReceivablesSettingsView) => ({
  reminder_days_before: String(settings.reminder_days_before),
  overdue_reminder_every_days: String(settings.overdue_reminder_every_days),
  hold_after_days_overdue: String(settings.hold_after_days_overdue),
});

type DaysField = keyof ReturnType<typeof textsOf>;

/**
 * Receivables: when payment reminders go, when an overdue invoice puts its company on hold, and
 * whether each company is e-mailed last month's statement. The schedule in every server process uses a change
 * from its next pass (within 10 minutes).
 */
export function ReceivablesForm({ settings }: { settings: ReceivablesSettingsView }) {
  const [days, setDays] = useState(textsOf(settings));
  const [emailStatements, setEmailStatements] = useState(settings.email_statements);
  const form = useFormSubmit();

  const daysField = (name: DaysField, id: string, label: string, hint: string) => {
    const { min, max } = RECEIVABLES_SETTING_LIMITS[name];
    return (
      <AdminInput
        id={id}
        label={label}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required
        value={days[name]}
        onChange={(event) => setDays({ ...days, [name]: event.target.value })}
        errors={form.errorsOf(name)}
        hint={`${hint} From ${min} to ${max}.`}
      />
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.run(async () => {
      const saved = await saveReceivablesSettings(
        parseOrThrow(
          ReceivablesSettingsSchema.safeParse({
            reminder_days_before: numberOf(days.reminder_days_before),
            overdue_reminder_every_days: numberOf(days.overdue_reminder_every_days),
            hold_after_days_overdue: numberOf(days.hold_after_days_overdue),
            email_statements: emailStatements,
          }),
        ),
      );
      setDays(textsOf(saved));
      setEmailStatements(saved.email_statements);
      return 'The receivables settings are saved; reminders, holds and statements follow them from the next run.';
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="receivables-title">
      <h2 id="receivables-title">Reminders, holds and statements</h2>
      <p>
        For trade customers paying on account. Reminders go to the company’s administrators and its accounts
        address, once each.
      </p>
      <div className="admin-grid">
        {daysField(
          'reminder_days_before',
          'receivables-days-before',
          'Days before the due date for the first reminder',
          'A reminder also goes on the due date.',
        )}
        {daysField(
          'overdue_reminder_every_days',
          'receivables-overdue-every',
          'Days between overdue reminders',
          'Counted from the due date.',
        )}
        {daysField(
          'hold_after_days_overdue',
          'receivables-hold-after',
          'Days overdue before an automatic hold',
          'The company cannot order on account until it pays; the hold lifts when it does.',
        )}
      </div>
      <div className="admin-field">
        <label className="admin-field__label">
          <input
            type="checkbox"
            name="receivables-email-statements"
            checked={emailStatements}
            onChange={(event) => setEmailStatements(event.target.checked)}
          />{' '}
          E-mail monthly statements
        </label>
        <p className="admin-field__hint">
          Each company’s administrators get last month’s statement on the first working day of the month.
        </p>
        {form.errorsOf('email_statements')?.map((message) => (
          <p key={message} className="field-error">
            {message}
          </p>
        ))}
      </div>
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Save receivables settings
      </button>
    </form>
  );
}
