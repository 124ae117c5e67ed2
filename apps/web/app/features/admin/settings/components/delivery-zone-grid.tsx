import {
  DELIVERY_LIMITS,
  DELIVERY_SERVICES,
  DELIVERY_ZONES,
  SERVICE_LABELS,
  ZONE_LABELS,
  type DeliveryService,
  type DeliveryZone,
} from '@shop/domain';
import { memo } from 'react';
import { Cell, type ErrorsOf } from './delivery-cell';
import type { Draft, DraftDispatch, PriceKind, RuleDraft, ZoneDraft } from './delivery-draft';
import { ScrollRegion } from '~/components/ui/scroll-region';

const KIND_LABELS = (service: DeliveryService): Record<PriceKind, string> => ({
  per_unit: service === 'parcel' ? 'Per parcel' : 'Per pallet',
  surcharge: 'Surcharge on mainland',
});

/** One zone's service: served, how it is priced, the amount, the transit days and free delivery. */
const ServiceRow = memo(function ServiceRow({
  zone,
  service,
  first,
  rule,
  errorsOf,
  dispatch,
}: {
  zone: DeliveryZone;
  service: DeliveryService;
  /** The zone's first row, which names the zone for all of them. */
  first: boolean;
  rule: RuleDraft;
  errorsOf: ErrorsOf;
  dispatch: DraftDispatch;
}) {
  const at = `zones.${zone}.${service}`;
  const id = `delivery-${zone}-${service}`.replace(/_/g, '-');
  const what = `${ZONE_LABELS[zone]}, ${SERVICE_LABELS[service].toLowerCase()}`;
  const ruleErrors = errorsOf(at) ?? errorsOf(`${at}.price`);
  const zoneErrors = errorsOf(`zones.${zone}`);
  const set = (update: Partial<RuleDraft>) => dispatch({ type: 'rule', zone, service, update });
  return (
    <tr>
      {first ? (
        <th scope="rowgroup" rowSpan={DELIVERY_SERVICES.length}>
          {ZONE_LABELS[zone]}
          {zoneErrors ? <span className="field-error">{zoneErrors.join(' ')}</span> : null}
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
              onChange={(event) => set({ served: event.target.checked })}
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
              onChange={(event) => set({ kind: event.target.value as PriceKind })}
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
              onChange={(event) => set({ amount: event.target.value })}
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
              onChange={(event) => set({ transit: event.target.value })}
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
              onChange={(event) => set({ free: event.target.checked })}
            />
          )}
        </Cell>
      </td>
    </tr>
  );
});

/** A zone's rows, one per service, under the zone's name. */
const ZoneRows = memo(function ZoneRows({
  zone,
  rules,
  errorsOf,
  dispatch,
}: {
  zone: DeliveryZone;
  rules: ZoneDraft;
  errorsOf: ErrorsOf;
  dispatch: DraftDispatch;
}) {
  return (
    <tbody>
      {DELIVERY_SERVICES.map((service, index) => (
        <ServiceRow
          key={service}
          zone={zone}
          service={service}
          first={index === 0}
          rule={rules[service]}
          errorsOf={errorsOf}
          dispatch={dispatch}
        />
      ))}
    </tbody>
  );
});

/** Each zone's services in one table: a keystroke draws again only the row it changed. */
export const DeliveryZoneGrid = memo(function DeliveryZoneGrid({
  zones,
  errorsOf,
  dispatch,
}: {
  zones: Draft['zones'];
  errorsOf: ErrorsOf;
  dispatch: DraftDispatch;
}) {
  return (
    <>
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
              <ZoneRows key={zone} zone={zone} rules={zones[zone]} errorsOf={errorsOf} dispatch={dispatch} />
            ))}
          </table>
        </ScrollRegion>
      </div>
    </>
  );
});
