import {
  DELIVERY_EXTRAS,
  EXTRA_LABELS,
  HOLIDAY_REGION_LABELS,
  HOLIDAY_REGIONS,
  type HolidayRegion,
} from '@shop/domain';
import { memo } from 'react';
import { AdminInput, AdminSelect } from '../../components/admin-field';
import type { ErrorsOf } from './delivery-cell';
import type { Draft, DraftDispatch } from './delivery-draft';

/** An amount in pounds, as typed. */
function MoneyInput({
  id,
  label,
  value,
  errors,
  onText,
}: {
  id: string;
  label: string;
  value: string;
  errors: string[] | undefined;
  onText: (text: string) => void;
}) {
  return (
    <AdminInput
      id={id}
      label={label}
      type="text"
      inputMode="decimal"
      required
      value={value}
      onChange={(event) => onText(event.target.value)}
      errors={errors}
    />
  );
}

/** The cut-off, the warehouse's holiday calendar, the next-day pallet rate and the pallet extras. */
export const DeliveryPrices = memo(function DeliveryPrices({
  cutoff,
  warehouseRegion,
  nextDay,
  extras,
  errorsOf,
  dispatch,
}: {
  cutoff: string;
  warehouseRegion: HolidayRegion;
  nextDay: string;
  extras: Draft['extras'];
  errorsOf: ErrorsOf;
  dispatch: DraftDispatch;
}) {
  return (
    <>
      <h3>Cut-off and prices</h3>
      <div className="admin-grid">
        <AdminInput
          id="delivery-cutoff"
          label="Cut-off time (UK)"
          type="time"
          step={60}
          required
          value={cutoff}
          onChange={(event) => dispatch({ type: 'set', update: { cutoff: event.target.value } })}
          errors={errorsOf('cutoff')}
          hint="Orders before it on a working day leave that day."
        />
        <AdminSelect
          id="delivery-warehouse-region"
          label="Warehouse’s bank holidays"
          value={warehouseRegion}
          onChange={(event) =>
            dispatch({ type: 'set', update: { warehouse_region: event.target.value as HolidayRegion } })
          }
          errors={errorsOf('warehouse_region')}
          hint="No dispatch on these days."
        >
          {HOLIDAY_REGIONS.map((region) => (
            <option key={region} value={region}>
              {HOLIDAY_REGION_LABELS[region]}
            </option>
          ))}
        </AdminSelect>
        <MoneyInput
          id="delivery-next-day-rate"
          label="Next-day pallet, mainland (£ per pallet)"
          value={nextDay}
          errors={errorsOf('pallet_next_day_rate_pence')}
          onText={(text) => dispatch({ type: 'set', update: { next_day: text } })}
        />
        {DELIVERY_EXTRAS.map((extra) => (
          <MoneyInput
            key={extra}
            id={`delivery-extra-${extra.replace(/_/g, '-')}`}
            label={`${EXTRA_LABELS[extra]} (£ per delivery)`}
            value={extras[extra]}
            errors={errorsOf(`extras.${extra}`)}
            onText={(text) => dispatch({ type: 'extra', extra, text })}
          />
        ))}
      </div>
    </>
  );
});
