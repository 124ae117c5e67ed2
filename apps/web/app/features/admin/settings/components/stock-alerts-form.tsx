import { STOCK_ALERT_SETTING_LIMITS, StockAlertSettingsSchema, type StockAlertSettings } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { saveStockAlertSettings } from '../api/settings';

const { min, max } = STOCK_ALERT_SETTING_LIMITS.spent_retention_days;

/**
 * How long a back-in-stock alert is kept once its e-mail has gone: the schedule deletes older ones (with the
 * address they hold) from its next pass. Waiting alerts are kept until they are sent or the buyer removes them.
 */
export function StockAlertsForm({ settings }: { settings: StockAlertSettings }) {
  const [days, setDays] = useState(String(settings.spent_retention_days));
  const form = useFormSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.run(async () => {
      const typed = days.trim() === '' ? undefined : Number(days);
      const saved = await saveStockAlertSettings(
        parseOrThrow(StockAlertSettingsSchema.safeParse({ spent_retention_days: typed })),
      );
      setDays(String(saved.spent_retention_days));
      return `Sent stock alerts are now kept ${saved.spent_retention_days} days.`;
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="stock-alerts-title">
      <h2 id="stock-alerts-title">Back-in-stock alerts</h2>
      <AdminInput
        id="stock-alerts-retention"
        label="Days a sent alert is kept"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required
        value={days}
        onChange={(event) => setDays(event.target.value)}
        errors={form.errorsOf('spent_retention_days')}
        hint={`After its e-mail has gone, an alert and its address are deleted. From ${min} to ${max}.`}
      />
      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Save alert settings
      </button>
    </form>
  );
}
