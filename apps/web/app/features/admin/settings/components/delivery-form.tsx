import {
  DeliverySettingsSchema,
  HOLIDAY_REGION_LABELS,
  HOLIDAY_REGIONS,
  type DeliverySettingsView,
  ukWeekdayLongDate,
} from '@shop/domain';
import { type FormEvent, memo, useCallback, useReducer } from 'react';
import { FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { saveDeliverySettings } from '../api/settings';
import { deliveryBody, draftOf, draftReducer } from './delivery-draft';
import { DeliveryPrices } from './delivery-prices';
import { ClosingDays, PostcodeZones } from './delivery-rows';
import { DeliveryZoneGrid } from './delivery-zone-grid';

/** The bank holidays the shop ships with, folded by region, read-only. */
const BankHolidays = memo(function BankHolidays({
  holidays,
}: {
  holidays: DeliverySettingsView['bank_holidays'];
}) {
  return (
    <>
      <h3>Bank holidays</h3>
      <p className="admin-field__hint">
        Shipped with the shop as GOV.UK publishes them; dispatch keeps the warehouse’s, delivery the
        destination’s. Add other days above.
      </p>
      {HOLIDAY_REGIONS.map((region) => (
        <details key={region} className="delivery-settings__holidays">
          <summary>
            {HOLIDAY_REGION_LABELS[region]} ({holidays[region].length} days)
          </summary>
          <ul>
            {holidays[region].map((day) => (
              <li key={day}>
                <time dateTime={day}>{ukWeekdayLongDate(day)}</time>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </>
  );
});

/**
 * The delivery promise's settings: the cut-off and the warehouse's holiday calendar, the next-day pallet rate
 * and the pallet extras, each zone's services, the postcode zone table and added closing days, beside the
 * bank holidays the shop ships with. Saved as one document; the next cart, quote and order use it. The draft
 * lives in one reducer; each part is memoised, so a keystroke draws again only the row it changed.
 */
export function DeliveryForm({ settings }: { settings: DeliverySettingsView }) {
  const [draft, dispatch] = useReducer(draftReducer, settings, draftOf);
  const form = useFormSubmit();
  const { errorsOf, clearErrors } = form;

  // Rows' errors are addressed by position, which a removal changes.
  const removeRow = useCallback(
    (index: number) => {
      dispatch({ type: 'remove-row', index });
      clearErrors();
    },
    [clearErrors],
  );
  const removeDay = useCallback(
    (index: number) => {
      dispatch({ type: 'remove-day', index });
      clearErrors();
    },
    [clearErrors],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.run(async () => {
      const { body, unread } = deliveryBody(draft);
      const saved = await saveDeliverySettings(parseOrThrow(DeliverySettingsSchema.safeParse(body), unread));
      dispatch({ type: 'reset', settings: saved });
      return 'The delivery settings are saved: carts, delivery quotes and new orders use them.';
    });
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="delivery-title"
      className="delivery-settings"
    >
      <h2 id="delivery-title">Delivery zones, services and dates</h2>
      <p>
        Where the shop delivers, with which service, at what price and when. The mainland’s parcel and economy
        pallet rates and the free-delivery threshold are the mainland delivery rates above.
      </p>
      <DeliveryPrices
        cutoff={draft.cutoff}
        warehouseRegion={draft.warehouse_region}
        nextDay={draft.next_day}
        extras={draft.extras}
        errorsOf={errorsOf}
        dispatch={dispatch}
      />
      <DeliveryZoneGrid zones={draft.zones} errorsOf={errorsOf} dispatch={dispatch} />
      <PostcodeZones rows={draft.zone_table} errorsOf={errorsOf} dispatch={dispatch} onRemove={removeRow} />
      <ClosingDays days={draft.added_days} errorsOf={errorsOf} dispatch={dispatch} onRemove={removeDay} />
      <BankHolidays holidays={settings.bank_holidays} />

      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Save delivery settings
      </button>
    </form>
  );
}
