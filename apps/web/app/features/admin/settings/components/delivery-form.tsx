import {
  DELIVERY_EXTRAS,
  DELIVERY_LIMITS,
  DELIVERY_SERVICES,
  DELIVERY_ZONES,
  DeliverySettingsSchema,
  EXTRA_LABELS,
  HOLIDAY_REGION_LABELS,
  HOLIDAY_REGIONS,
  penceFromDecimal,
  penceToDecimal,
  SERVICE_LABELS,
  ZONE_LABELS,
  type DeliveryExtra,
  type DeliveryService,
  type DeliverySettingsView,
  type DeliveryZone,
  type HolidayRegion,
} from '@shop/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { AdminInput, AdminSelect, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { saveDeliverySettings } from '../api/settings';
import { ScrollRegion } from '~/components/ui/scroll-region';

type Calendar = 'warehouse' | HolidayRegion;
type PriceKind = 'per_unit' | 'surcharge';

interface RuleDraft {
  served: boolean;
  kind: PriceKind;
  /** Pounds as typed. */
  amount: string;
  transit: string;
  free: boolean;
}

interface ZoneRowDraft {
  /** A stable React key: rows are added and removed. */
  key: string;
  area: string;
  from: string;
  to: string;
  zone: DeliveryZone;
}

interface DayDraft {
  key: string;
  date: string;
  applies_to: Calendar;
  note: string;
}

interface Draft {
  cutoff: string;
  warehouse_region: HolidayRegion;
  next_day: string;
  extras: Record<DeliveryExtra, string>;
  zones: Record<DeliveryZone, Record<DeliveryService, RuleDraft>>;
  zone_table: ZoneRowDraft[];
  added_days: DayDraft[];
}

/** The form's words for what it reads itself, before the API's schema checks the rest. */
const MONEY = 'Enter pounds and pence, e.g. 8.95.';

const CALENDAR_LABELS: Record<Calendar, string> = {
  warehouse: 'Warehouse: no dispatch',
  'england-and-wales': 'Deliveries in England and Wales',
  scotland: 'Deliveries in Scotland',
  'northern-ireland': 'Deliveries in Northern Ireland',
};

const KIND_LABELS = (service: DeliveryService): Record<PriceKind, string> => ({
  per_unit: service === 'parcel' ? 'Per parcel' : 'Per pallet',
  surcharge: 'Surcharge on mainland',
});

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

function draftOf(settings: DeliverySettingsView): Draft {
  return {
    cutoff: settings.cutoff,
    warehouse_region: settings.warehouse_region,
    next_day: penceToDecimal(settings.pallet_next_day_rate_pence),
    extras: Object.fromEntries(
      DELIVERY_EXTRAS.map((extra) => [extra, penceToDecimal(settings.extras[extra])]),
    ) as Draft['extras'],
    zones: Object.fromEntries(
      DELIVERY_ZONES.map((zone) => [
        zone,
        Object.fromEntries(
          DELIVERY_SERVICES.map((service) => {
            const rule = settings.zones[zone][service];
            return [
              service,
              {
                served: rule.served,
                kind: rule.price.kind,
                amount: penceToDecimal(rule.price.pence),
                transit: String(rule.transit_days),
                free: rule.free_threshold,
              },
            ];
          }),
        ),
      ]),
    ) as Draft['zones'],
    zone_table: settings.zone_table.map((row) => ({
      key: newKey(),
      area: row.area,
      from: row.from === undefined ? '' : String(row.from),
      to: row.to === undefined ? '' : String(row.to),
      zone: row.zone,
    })),
    added_days: settings.added_days.map((day) => ({ key: newKey(), ...day })),
  };
}

/** A number field's text as the API wants it: a number, or nothing for the schema to refuse. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The draft as the API's document; `unread` holds the errors of amounts that are not pounds and pence. */
export function deliveryBody(draft: Draft): { body: unknown; unread: Record<string, string[]> } {
  const unread: Record<string, string[]> = {};
  const pence = (text: string, at: string) => {
    const value = penceFromDecimal(text);
    if (Number.isNaN(value)) unread[at] = [MONEY];
    return value;
  };
  const body = {
    cutoff: draft.cutoff,
    warehouse_region: draft.warehouse_region,
    pallet_next_day_rate_pence: pence(draft.next_day, 'pallet_next_day_rate_pence'),
    extras: Object.fromEntries(
      DELIVERY_EXTRAS.map((extra) => [extra, pence(draft.extras[extra], `extras.${extra}`)]),
    ),
    zone_table: draft.zone_table.map((row) => {
      const from = numberOf(row.from);
      const to = numberOf(row.to);
      return {
        area: row.area,
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
        zone: row.zone,
      };
    }),
    zones: Object.fromEntries(
      DELIVERY_ZONES.map((zone) => [
        zone,
        Object.fromEntries(
          DELIVERY_SERVICES.map((service) => {
            const rule = draft.zones[zone][service];
            return [
              service,
              {
                served: rule.served,
                price: { kind: rule.kind, pence: pence(rule.amount, `zones.${zone}.${service}.price.pence`) },
                transit_days: numberOf(rule.transit),
                free_threshold: rule.free,
              },
            ];
          }),
        ),
      ]),
    ),
    added_days: draft.added_days.map(({ date, applies_to, note }) => ({ date, applies_to, note })),
  };
  return { body, unread };
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** '2026-12-25' → 'Fri 25 December 2026' (from the parts: ICU versions differ on the comma after the day name). */
const dayLabel = (day: string) => {
  const parts = DAY_FORMAT.formatToParts(new Date(`${day}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
};

/** A control in a table cell, labelled for screen readers, with its server errors under it. */
function Cell({
  id,
  errors,
  children,
}: {
  id: string;
  errors: string[] | undefined;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  return (
    <>
      {children(errors ? { id, 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { id })}
      {errors ? (
        <span id={`${id}-error`} className="field-error">
          {errors.join(' ')}
        </span>
      ) : null}
    </>
  );
}

/**
 * The delivery promise's settings (issue 23): the cut-off and the warehouse's holiday calendar, the next-day
 * pallet rate and the pallet extras, each zone's services, the postcode zone table and added closing days,
 * beside the bank holidays the shop ships with. Saved as one document; the next cart, quote and order use it.
 */
export function DeliveryForm({ settings }: { settings: DeliverySettingsView }) {
  const [draft, setDraft] = useState(() => draftOf(settings));
  const form = useFormSubmit();
  const errorsOf = form.errorsOf;

  const change = (update: Partial<Draft>) => setDraft((current) => ({ ...current, ...update }));
  const setRule = (zone: DeliveryZone, service: DeliveryService, update: Partial<RuleDraft>) =>
    setDraft((current) => ({
      ...current,
      zones: {
        ...current.zones,
        [zone]: { ...current.zones[zone], [service]: { ...current.zones[zone][service], ...update } },
      },
    }));
  const setRow = (index: number, update: Partial<ZoneRowDraft>) =>
    setDraft((current) => ({
      ...current,
      zone_table: current.zone_table.map((row, i) => (i === index ? { ...row, ...update } : row)),
    }));
  const setDay = (index: number, update: Partial<DayDraft>) =>
    setDraft((current) => ({
      ...current,
      added_days: current.added_days.map((day, i) => (i === index ? { ...day, ...update } : day)),
    }));
  /** Rows' errors are addressed by position, which a removal changes. */
  const removeRow = (index: number) => {
    setDraft((current) => ({ ...current, zone_table: current.zone_table.filter((_, i) => i !== index) }));
    form.clearErrors();
  };
  const removeDay = (index: number) => {
    setDraft((current) => ({ ...current, added_days: current.added_days.filter((_, i) => i !== index) }));
    form.clearErrors();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.run(async () => {
      const { body, unread } = deliveryBody(draft);
      const saved = await saveDeliverySettings(parseOrThrow(DeliverySettingsSchema.safeParse(body), unread));
      setDraft(draftOf(saved));
      return 'The delivery settings are saved: carts, delivery quotes and new orders use them.';
    });
  };

  const money = (id: string, label: string, value: string, field: string, set: (text: string) => void) => (
    <AdminInput
      id={id}
      label={label}
      type="text"
      inputMode="decimal"
      required
      value={value}
      onChange={(event) => set(event.target.value)}
      errors={errorsOf(field)}
    />
  );

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

      <h3>Cut-off and prices</h3>
      <div className="admin-grid">
        <AdminInput
          id="delivery-cutoff"
          label="Cut-off time (UK)"
          type="time"
          step={60}
          required
          value={draft.cutoff}
          onChange={(event) => change({ cutoff: event.target.value })}
          errors={errorsOf('cutoff')}
          hint="Orders before it on a working day leave that day."
        />
        <AdminSelect
          id="delivery-warehouse-region"
          label="Warehouse’s bank holidays"
          value={draft.warehouse_region}
          onChange={(event) => change({ warehouse_region: event.target.value as HolidayRegion })}
          errors={errorsOf('warehouse_region')}
          hint="No dispatch on these days."
        >
          {HOLIDAY_REGIONS.map((region) => (
            <option key={region} value={region}>
              {HOLIDAY_REGION_LABELS[region]}
            </option>
          ))}
        </AdminSelect>
        {money(
          'delivery-next-day-rate',
          'Next-day pallet, mainland (£ per pallet)',
          draft.next_day,
          'pallet_next_day_rate_pence',
          (text) => change({ next_day: text }),
        )}
        {DELIVERY_EXTRAS.map((extra) =>
          money(
            `delivery-extra-${extra.replace(/_/g, '-')}`,
            `${EXTRA_LABELS[extra]} (£ per delivery)`,
            draft.extras[extra],
            `extras.${extra}`,
            (text) => change({ extras: { ...draft.extras, [extra]: text } }),
          ),
        )}
      </div>

      <h3 id="delivery-zones-title">Zones and services</h3>
      <p className="admin-field__hint">
        A surcharge is added to the mainland price of the same service; a zone’s own price replaces it.
        Transit is counted in the destination’s working days. Free delivery applies over the mainland
        threshold.
      </p>
      <div className="admin-table delivery-settings__table">
        <ScrollRegion className="admin-table__scroll" labelledBy="delivery-zones-title">
          <table>
            <thead>
              <tr>
                <th scope="col">Zone</th>
                <th scope="col">Service</th>
                <th scope="col">Served</th>
                <th scope="col">Price</th>
                <th scope="col">Amount (£)</th>
                <th scope="col">Working days</th>
                <th scope="col">Free over threshold</th>
              </tr>
            </thead>
            {DELIVERY_ZONES.map((zone) => (
              <tbody key={zone}>
                {DELIVERY_SERVICES.map((service, index) => {
                  const rule = draft.zones[zone][service];
                  const at = `zones.${zone}.${service}`;
                  const id = `delivery-${zone}-${service}`.replace(/_/g, '-');
                  const what = `${ZONE_LABELS[zone]}, ${SERVICE_LABELS[service].toLowerCase()}`;
                  const ruleErrors = errorsOf(at) ?? errorsOf(`${at}.price`);
                  return (
                    <tr key={service}>
                      {index === 0 ? (
                        <th scope="rowgroup" rowSpan={DELIVERY_SERVICES.length}>
                          {ZONE_LABELS[zone]}
                          {errorsOf(`zones.${zone}`) ? (
                            <span className="field-error">{errorsOf(`zones.${zone}`)!.join(' ')}</span>
                          ) : null}
                        </th>
                      ) : null}
                      <th scope="row">
                        {SERVICE_LABELS[service]}
                        {ruleErrors ? <span className="field-error">{ruleErrors.join(' ')}</span> : null}
                      </th>
                      <td>
                        <Cell id={`${id}-served`} errors={errorsOf(`${at}.served`)}>
                          {(aria) => (
                            <input
                              {...aria}
                              type="checkbox"
                              aria-label={`${what}: served`}
                              checked={rule.served}
                              onChange={(event) => setRule(zone, service, { served: event.target.checked })}
                            />
                          )}
                        </Cell>
                      </td>
                      <td>
                        <Cell id={`${id}-kind`} errors={errorsOf(`${at}.price.kind`)}>
                          {(aria) => (
                            <select
                              {...aria}
                              className="form__control"
                              aria-label={`${what}: price`}
                              value={rule.kind}
                              onChange={(event) =>
                                setRule(zone, service, { kind: event.target.value as PriceKind })
                              }
                            >
                              {(['per_unit', 'surcharge'] as const).map((kind) => (
                                <option key={kind} value={kind}>
                                  {KIND_LABELS(service)[kind]}
                                </option>
                              ))}
                            </select>
                          )}
                        </Cell>
                      </td>
                      <td>
                        <Cell id={`${id}-amount`} errors={errorsOf(`${at}.price.pence`)}>
                          {(aria) => (
                            <input
                              {...aria}
                              className="form__control delivery-settings__amount"
                              type="text"
                              inputMode="decimal"
                              aria-label={`${what}: amount (£)`}
                              value={rule.amount}
                              onChange={(event) => setRule(zone, service, { amount: event.target.value })}
                            />
                          )}
                        </Cell>
                      </td>
                      <td>
                        <Cell id={`${id}-transit`} errors={errorsOf(`${at}.transit_days`)}>
                          {(aria) => (
                            <input
                              {...aria}
                              className="form__control delivery-settings__days"
                              type="number"
                              inputMode="numeric"
                              min={1}
                              max={DELIVERY_LIMITS.transitDays}
                              step={1}
                              aria-label={`${what}: working days of transit`}
                              value={rule.transit}
                              onChange={(event) => setRule(zone, service, { transit: event.target.value })}
                            />
                          )}
                        </Cell>
                      </td>
                      <td>
                        <Cell id={`${id}-free`} errors={errorsOf(`${at}.free_threshold`)}>
                          {(aria) => (
                            <input
                              {...aria}
                              type="checkbox"
                              aria-label={`${what}: free over the threshold`}
                              checked={rule.free}
                              onChange={(event) => setRule(zone, service, { free: event.target.checked })}
                            />
                          )}
                        </Cell>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
        </ScrollRegion>
      </div>

      <EditableRows
        titleId="delivery-table-title"
        title="Postcode zones"
        hint="A postcode area (PA), or some of its districts (PA 20 to 49). A postcode no row matches is on the mainland. Leave the districts empty for the whole area."
        errors={errorsOf('zone_table')}
        headers={['Area', 'From district', 'To district', 'Zone']}
        empty="No rows: every postcode is on the mainland."
        addLabel="Add postcode row"
        canAdd={draft.zone_table.length < DELIVERY_LIMITS.zoneRows}
        onAdd={() =>
          change({
            zone_table: [
              ...draft.zone_table,
              { key: newKey(), area: '', from: '', to: '', zone: 'highlands' },
            ],
          })
        }
      >
        {draft.zone_table.map((row, index) => {
          const at = `zone_table.${index}`;
          const id = `delivery-row-${index}`;
          const name = `Row ${index + 1}`;
          return (
            <tr key={row.key}>
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
                      onChange={(event) => setRow(index, { area: event.target.value })}
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
                        onChange={(event) => setRow(index, { [end]: event.target.value })}
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
                      onChange={(event) => setRow(index, { zone: event.target.value as DeliveryZone })}
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
                  onClick={() => removeRow(index)}
                >
                  Remove
                </button>
              </td>
            </tr>
          );
        })}
      </EditableRows>

      <EditableRows
        titleId="delivery-days-title"
        title="Closing days"
        hint="Days added to the bank holidays below: the warehouse’s own (nothing is dispatched), or a region’s (nothing is delivered there)."
        errors={errorsOf('added_days')}
        headers={['Date', 'Applies to', 'Note']}
        empty="No closing days added."
        addLabel="Add closing day"
        canAdd={draft.added_days.length < DELIVERY_LIMITS.addedDays}
        onAdd={() =>
          change({
            added_days: [...draft.added_days, { key: newKey(), date: '', applies_to: 'warehouse', note: '' }],
          })
        }
      >
        {draft.added_days.map((day, index) => {
          const at = `added_days.${index}`;
          const id = `delivery-day-${index}`;
          const name = `Closing day ${index + 1}`;
          return (
            <tr key={day.key}>
              <td>
                <Cell id={`${id}-date`} errors={errorsOf(`${at}.date`) ?? errorsOf(at)}>
                  {(aria) => (
                    <input
                      {...aria}
                      className="form__control"
                      type="date"
                      aria-label={`${name}: date`}
                      value={day.date}
                      onChange={(event) => setDay(index, { date: event.target.value })}
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
                      onChange={(event) => setDay(index, { applies_to: event.target.value as Calendar })}
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
                      onChange={(event) => setDay(index, { note: event.target.value })}
                    />
                  )}
                </Cell>
              </td>
              <td>
                <button
                  type="button"
                  className="admin-button admin-button--secondary"
                  aria-label={`Remove closing day ${index + 1} (${day.date || 'no date'})`}
                  onClick={() => removeDay(index)}
                >
                  Remove
                </button>
              </td>
            </tr>
          );
        })}
      </EditableRows>

      <h3>Bank holidays</h3>
      <p className="admin-field__hint">
        Shipped with the shop as GOV.UK publishes them; dispatch keeps the warehouse’s, delivery the
        destination’s. Add other days above.
      </p>
      {HOLIDAY_REGIONS.map((region) => (
        <details key={region} className="delivery-settings__holidays">
          <summary>
            {HOLIDAY_REGION_LABELS[region]} ({settings.bank_holidays[region].length} days)
          </summary>
          <ul>
            {settings.bank_holidays[region].map((day) => (
              <li key={day}>
                <time dateTime={day}>{dayLabel(day)}</time>
              </li>
            ))}
          </ul>
        </details>
      ))}

      <FormOutcome error={form.formError} success={form.success} />
      <button type="submit" className="admin-button" disabled={form.busy}>
        Save delivery settings
      </button>
    </form>
  );
}

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
