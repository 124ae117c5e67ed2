import {
  DELIVERY_EXTRAS,
  DELIVERY_SERVICES,
  DELIVERY_ZONES,
  penceFromDecimal,
  penceToDecimal,
  type DeliveryExtra,
  type DeliveryService,
  type DeliverySettingsView,
  type DeliveryZone,
  type HolidayRegion,
} from '@shop/domain';
import type { Dispatch } from 'react';

export type Calendar = 'warehouse' | HolidayRegion;
export type PriceKind = 'per_unit' | 'surcharge';

export interface RuleDraft {
  served: boolean;
  kind: PriceKind;
  /** Pounds as typed. */
  amount: string;
  transit: string;
  free: boolean;
}

export type ZoneDraft = Record<DeliveryService, RuleDraft>;

export interface ZoneRowDraft {
  /** A stable React key: rows are added and removed. */
  key: string;
  area: string;
  from: string;
  to: string;
  zone: DeliveryZone;
}

export interface DayDraft {
  key: string;
  date: string;
  applies_to: Calendar;
  note: string;
}

export interface Draft {
  cutoff: string;
  warehouse_region: HolidayRegion;
  next_day: string;
  extras: Record<DeliveryExtra, string>;
  zones: Record<DeliveryZone, ZoneDraft>;
  zone_table: ZoneRowDraft[];
  added_days: DayDraft[];
}

/**
 * One change to the draft. Each touches only the part it names, so the rows it leaves alone keep their
 * objects and their memoised components are not drawn again.
 */
export type DraftAction =
  | { type: 'reset'; settings: DeliverySettingsView }
  | { type: 'set'; update: Partial<Pick<Draft, 'cutoff' | 'warehouse_region' | 'next_day'>> }
  | { type: 'extra'; extra: DeliveryExtra; text: string }
  | { type: 'rule'; zone: DeliveryZone; service: DeliveryService; update: Partial<RuleDraft> }
  | { type: 'row'; index: number; update: Partial<ZoneRowDraft> }
  | { type: 'day'; index: number; update: Partial<DayDraft> }
  | { type: 'add-row' | 'add-day'; key: string }
  | { type: 'remove-row' | 'remove-day'; index: number };

export type DraftDispatch = Dispatch<DraftAction>;

/** The form's words for what it reads itself, before the API's schema checks the rest. */
export const MONEY = 'Enter pounds and pence, e.g. 8.95.';

let nextKey = 0;
/** A key for a row the buyer adds (made outside the reducer, which React may run twice). */
export const newKey = () => `new-${++nextKey}`;

export function draftOf(settings: DeliverySettingsView): Draft {
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

const replaceAt = <T>(list: T[], index: number, update: Partial<T>) =>
  list.map((item, i) => (i === index ? { ...item, ...update } : item));

export function draftReducer(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case 'reset':
      return draftOf(action.settings);
    case 'set':
      return { ...draft, ...action.update };
    case 'extra':
      return { ...draft, extras: { ...draft.extras, [action.extra]: action.text } };
    case 'rule': {
      const { zone, service, update } = action;
      const rules = draft.zones[zone];
      return {
        ...draft,
        zones: { ...draft.zones, [zone]: { ...rules, [service]: { ...rules[service], ...update } } },
      };
    }
    case 'row':
      return { ...draft, zone_table: replaceAt(draft.zone_table, action.index, action.update) };
    case 'day':
      return { ...draft, added_days: replaceAt(draft.added_days, action.index, action.update) };
    case 'add-row':
      return {
        ...draft,
        zone_table: [...draft.zone_table, { key: action.key, area: '', from: '', to: '', zone: 'highlands' }],
      };
    case 'add-day':
      return {
        ...draft,
        added_days: [...draft.added_days, { key: action.key, date: '', applies_to: 'warehouse', note: '' }],
      };
    case 'remove-row':
      return { ...draft, zone_table: draft.zone_table.filter((_, i) => i !== action.index) };
    case 'remove-day':
      return { ...draft, added_days: draft.added_days.filter((_, i) => i !== action.index) };
  }
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
