import {
  DELIVERY_LIMITS,
  DELIVERY_ZONES,
  HOLIDAY_REGIONS,
  ZONE_LABELS,
  type DeliveryZone,
} from '@shop/domain';
import { memo, type ReactNode } from 'react';
import { Cell, type ErrorsOf } from './delivery-cell';
import {
  type Calendar,
  type DayDraft,
  type DraftDispatch,
  newKey,
  type ZoneRowDraft,
} from './delivery-draft';
import { ScrollRegion } from '~/components/ui/scroll-region';

const CALENDAR_LABELS: Record<Calendar, string> = {
  warehouse: 'Warehouse: no dispatch',
  'england-and-wales': 'Deliveries in England and Wales',
  scotland: 'Deliveries in Scotland',
  'northern-ireland': 'Deliveries in Northern Ireland',
};

/** Removes a row by its position; the form forgets its field errors, which rows' positions address. */
export type RemoveRow = (index: number) => void;

/**
 * An editable list of rows under its heading: the hint, the list's own errors, a table that scrolls in its
 * box on a phone (a last column for each row's Remove button), and the button that adds a row.
 */
function EditableRows({
  titleId,
  title,
  hint,
  errors,
  headers,
  empty,
  addLabel,
  canAdd,
  onAdd,
  children,
}: {
  titleId: string;
  title: string;
  hint: string;
  errors: string[] | undefined;
  headers: string[];
  empty: string;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  children: ReactNode[];
}) {
  return (
    <>
      <h3 id={titleId}>{title}</h3>
      <p className="admin-field__hint">{hint}</p>
      {errors ? <p className="field-error">{errors.join(' ')}</p> : null}
      <div className="admin-table delivery-settings__table">
        <ScrollRegion className="admin-table__scroll" labelledBy={titleId}>
          <table>
            <thead>
              <tr>
                {headers.map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {children.length === 0 ? (
                <tr>
                  <td colSpan={headers.length + 1} className="admin-table__empty">
                    {empty}
                  </td>
                </tr>
              ) : (
                children
              )}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
      <p className="admin-page__actions">
        <button
          type="button"
          className="admin-button admin-button--secondary"
          disabled={!canAdd}
          onClick={onAdd}
        >
          {addLabel}
        </button>
      </p>
    </>
  );
}

/** A postcode area, or some of its districts, and the zone it is in. */
const PostcodeRow = memo(function PostcodeRow({
  index,
  row,
  errorsOf,
  dispatch,
  onRemove,
}: {
  index: number;
  row: ZoneRowDraft;
  errorsOf: ErrorsOf;
  dispatch: DraftDispatch;
  onRemove: RemoveRow;
}) {
  const at = `zone_table.${index}`;
  const id = `delivery-row-${index}`;
  const name = `Row ${index + 1}`;
  const set = (update: Partial<ZoneRowDraft>) => dispatch({ type: 'row', index, update });
  return (
    <tr>
      <td>
        <Cell id={`${id}-area`} errors={errorsOf(`${at}.area`) ?? errorsOf(at)}>
          {(aria) => (
            <input
              {...aria}
              className="form__control delivery-settings__area"
              type="text"
              autoCapitalize="characters"
              maxLength={2}
              aria-label={`${name}: postcode area`}
              value={row.area}
              onChange={(event) => set({ area: event.target.value })}
            />
          )}
        </Cell>
      </td>
      {(['from', 'to'] as const).map((end) => (
        <td key={end}>
          <Cell id={`${id}-${end}`} errors={errorsOf(`${at}.${end}`)}>
            {(aria) => (
              <input
                {...aria}
                className="form__control delivery-settings__days"
                type="number"
                inputMode="numeric"
                min={0}
                max={99}
                step={1}
                aria-label={`${name}: ${end} district`}
                value={row[end]}
                onChange={(event) => set({ [end]: event.target.value })}
              />
            )}
          </Cell>
        </td>
      ))}
      <td>
        <Cell id={`${id}-zone`} errors={errorsOf(`${at}.zone`)}>
          {(aria) => (
            <select
              {...aria}
              className="form__control"
              aria-label={`${name}: zone`}
              value={row.zone}
              onChange={(event) => set({ zone: event.target.value as DeliveryZone })}
            >
              {DELIVERY_ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {ZONE_LABELS[zone]}
                </option>
              ))}
            </select>
          )}
        </Cell>
      </td>
      <td>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          aria-label={`Remove row ${index + 1} (${row.area || 'no area'})`}
          onClick={() => onRemove(index)}
        >
          Remove
        </button>
      </td>
    </tr>
  );
});

/** The postcode zone table: which areas and districts are in which zone. */
export const PostcodeZones = memo(function PostcodeZones({
  rows,
  errorsOf,
  dispatch,
  onRemove,
}: {
  rows: ZoneRowDraft[];
  errorsOf: ErrorsOf;
  dispatch: DraftDispatch;
  onRemove: RemoveRow;
}) {
  return (
    <EditableRows
      titleId="delivery-table-title"
      title="Postcode zones"
      hint="A postcode area (PA), or some of its districts (PA 20 to 49). A postcode no row matches is on the mainland. Leave the districts empty for the whole area."
      errors={errorsOf('zone_table')}
      headers={['Area', 'From district', 'To district', 'Zone']}
      empty="No rows: every postcode is on the mainland."
      addLabel="Add postcode row"
      canAdd={rows.length < DELIVERY_LIMITS.zoneRows}
      onAdd={() => dispatch({ type: 'add-row', key: newKey() })}
    >
      {rows.map((row, index) => (
        <PostcodeRow
          key={row.key}
          index={index}
          row={row}
          errorsOf={errorsOf}
          dispatch={dispatch}
          onRemove={onRemove}
        />
      ))}
    </EditableRows>
  );
});

/** A day added to the bank holidays: the warehouse's own, or a region's. */
const ClosingDayRow = memo(function ClosingDayRow({
  index,
  day,
  errorsOf,
  dispatch,
  onRemove,
}: {
  index: number;
  day: DayDraft;
  errorsOf: ErrorsOf;
  dispatch: DraftDispatch;
  onRemove: RemoveRow;
}) {
  const at = `added_days.${index}`;
  const id = `delivery-day-${index}`;
  const name = `Closing day ${index + 1}`;
  const set = (update: Partial<DayDraft>) => dispatch({ type: 'day', index, update });
  return (
    <tr>
      <td>
        <Cell id={`${id}-date`} errors={errorsOf(`${at}.date`) ?? errorsOf(at)}>
          {(aria) => (
            <input
              {...aria}
              className="form__control"
              type="date"
              aria-label={`${name}: date`}
              value={day.date}
              onChange={(event) => set({ date: event.target.value })}
            />
          )}
        </Cell>
      </td>
      <td>
        <Cell id={`${id}-applies-to`} errors={errorsOf(`${at}.applies_to`)}>
          {(aria) => (
            <select
              {...aria}
              className="form__control"
              aria-label={`${name}: applies to`}
              value={day.applies_to}
              onChange={(event) => set({ applies_to: event.target.value as Calendar })}
            >
              {(['warehouse', ...HOLIDAY_REGIONS] as const).map((calendar) => (
                <option key={calendar} value={calendar}>
                  {CALENDAR_LABELS[calendar]}
                </option>
              ))}
            </select>
          )}
        </Cell>
      </td>
      <td>
        <Cell id={`${id}-note`} errors={errorsOf(`${at}.note`)}>
          {(aria) => (
            <input
              {...aria}
              className="form__control delivery-settings__note"
              type="text"
              maxLength={DELIVERY_LIMITS.notes}
              aria-label={`${name}: note`}
              value={day.note}
              onChange={(event) => set({ note: event.target.value })}
            />
          )}
        </Cell>
      </td>
      <td>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          aria-label={`Remove closing day ${index + 1} (${day.date || 'no date'})`}
          onClick={() => onRemove(index)}
        >
          Remove
        </button>
      </td>
    </tr>
  );
});

/** The closing days added to the bank holidays the shop ships with. */
export const ClosingDays = memo(function ClosingDays({
  days,
  errorsOf,
  dispatch,
  onRemove,
}: {
  days: DayDraft[];
  errorsOf: ErrorsOf;
  dispatch: DraftDispatch;
  onRemove: RemoveRow;
}) {
  return (
    <EditableRows
      titleId="delivery-days-title"
      title="Closing days"
      hint="Days added to the bank holidays below: the warehouse’s own (nothing is dispatched), or a region’s (nothing is delivered there)."
      errors={errorsOf('added_days')}
      headers={['Date', 'Applies to', 'Note']}
      empty="No closing days added."
      addLabel="Add closing day"
      canAdd={days.length < DELIVERY_LIMITS.addedDays}
      onAdd={() => dispatch({ type: 'add-day', key: newKey() })}
    >
      {days.map((day, index) => (
        <ClosingDayRow
          key={day.key}
          index={index}
          day={day}
          errorsOf={errorsOf}
          dispatch={dispatch}
          onRemove={onRemove}
        />
      ))}
    </EditableRows>
  );
});
