import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import type { ShippingRates } from '../pricing/shipping';
import {
  BANK_HOLIDAYS,
  DEFAULT_ZONE_TABLE,
  HOLIDAY_REGIONS,
  holidayRegionOf,
  type DeliveryZone,
  type HolidayRegion,
  type ZoneRange,
} from './data';
import {
  DELIVERY_MESSAGES,
  chooseDelivery,
  closuresOf,
  deliveryQuote,
  dispatchDay,
  promiseText,
  promisedDates,
  zoneOf,
  type DeliveryLoad,
  type DeliveryRules,
} from './rules';
import {
  DEFAULT_DELIVERY_SETTINGS,
  DELIVERY_EXTRAS,
  DELIVERY_SERVICES,
  DELIVERY_SETTINGS_MESSAGES,
  DeliverySettingsSchema,
  type DeliveryExtra,
  type DeliveryService,
  type DeliverySettings,
} from './schemas';

// ---------------------------------------------------------------------------------------------------------
// Helpers the tests count with, independent of the rules: plain UTC arithmetic on 'YYYY-MM-DD', and the UK
// wall clock read through Intl rather than date-fns.
// ---------------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const ymd = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const dayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** 0 Sunday … 6 Saturday. */
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const isWeekendDay = (day: string) => weekday(day) === 0 || weekday(day) === 6;

const ukParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** The UK calendar day and 'HH:MM' of an instant. */
function ukWall(ms: number): { day: string; time: string } {
  const part = Object.fromEntries(ukParts.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { day: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}
/** The instant of a UK wall-clock time (GMT or BST, whichever matches); null in the spring-forward gap. */
function ukWallToInstant(day: string, time: string): Date | null {
  const utc = Date.parse(`${day}T${time}:00Z`);
  for (const ms of [utc, utc - 3_600_000]) {
    const wall = ukWall(ms);
    if (wall.day === day && wall.time === time) return new Date(ms);
  }
  return null;
}

/** The seeded shipping rates (apps/api/src/db/seed/shop-settings.ts): £6.95 a parcel, free over £150, £45 a pallet. */
const SHIPPING: ShippingRates = {
  free_over_net_pence: 15_000,
  parcel_rate_pence: 695,
  parcel_max_weight_kg: 30,
  pallet_rate_pence: 4_500,
  pallet_max_weight_kg: 1_000,
  pallet_from_weight_kg: 750,
};
const RULES: DeliveryRules = { shipping: SHIPPING, delivery: DEFAULT_DELIVERY_SETTINGS };

const withSettings = (change: Partial<DeliverySettings>): DeliveryRules => ({
  shipping: SHIPPING,
  delivery: { ...DEFAULT_DELIVERY_SETTINGS, ...change },
});

// ---------------------------------------------------------------------------------------------------------
// The table: postcodes × order times × dates. Every expected value is worked out by hand from
// DEFAULT_DELIVERY_SETTINGS: mainland parcel £6.95 (1 day, free over £150 net), economy pallet £45 (2 days),
// next-day pallet £65 (1 day); Highlands +£8.95 parcel (2 days), +£35 pallet (3 days); Northern Ireland
// +£9.95 (2 days), +£55 (3 days); Isle of Wight +£5.95 (2 days), +£30 (3 days); Scilly +£14.95 parcels only
// (3 days); no next-day pallet off the mainland; the Isle of Man and Channel Islands not served.
// The warehouse keeps England and Wales's holidays; delivery days are the destination's.
// ---------------------------------------------------------------------------------------------------------

/** One 12 kg parcel, £80 of goods. */
const PARCEL: DeliveryLoad = { lines: 1, weight_kg: 12, goods_pence: 8_000 };
/** 95 kg: four 30 kg parcels, £120 of goods. */
const PARCELS: DeliveryLoad = { lines: 3, weight_kg: 95, goods_pence: 12_000 };
/** Two parcels, a penny over the £150 threshold: free on the mainland only. */
const FREE: DeliveryLoad = { lines: 2, weight_kg: 40, goods_pence: 15_001 };
/** Exactly £150 is not over £150. */
const AT_THRESHOLD: DeliveryLoad = { lines: 1, weight_kg: 5, goods_pence: 15_000 };
/** 1,800 kg: two pallets. */
const PALLETS: DeliveryLoad = { lines: 4, weight_kg: 1_800, goods_pence: 240_000 };
/** 750 kg: the first weight that travels by pallet, one pallet. */
const PALLET_EDGE: DeliveryLoad = { lines: 1, weight_kg: 750, goods_pence: 50_000 };

type Row = {
  postcode: string;
  load: DeliveryLoad;
  /** The simulated clock, UTC. */
  now: string;
  zone: DeliveryZone;
  region: HolidayRegion;
  /** [service, price in pence, delivery date], in the quote's order (cheapest first). */
  options: [DeliveryService, number, string][];
  dispatch: string | null;
  orderBy: string | null;
  reason?: string;
};

const EW = 'england-and-wales' as const;
const SC = 'scotland' as const;
const NI = 'northern-ireland' as const;

// prettier-ignore
const TABLE: (Row & { why: string })[] = [
  // Thursday 26 November 2026, 11:47 GMT: dispatched that day. Monday 30 November is St Andrew's Day in Scotland.
  { why: 'London, next day', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-11-26T11:47:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-11-27']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'London, a penny over £150 travels free', postcode: 'SW1A 1AA', load: FREE, now: '2026-11-26T11:47:00Z', zone: 'mainland', region: EW, options: [['parcel', 0, '2026-11-27']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'London, exactly £150 is charged', postcode: 'SW1A 1AA', load: AT_THRESHOLD, now: '2026-11-26T11:47:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-11-27']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'London, two pallets: economy then next day', postcode: 'SW1A 1AA', load: PALLETS, now: '2026-11-26T11:47:00Z', zone: 'mainland', region: EW, options: [['pallet_economy', 9_000, '2026-11-30'], ['pallet_next_day', 13_000, '2026-11-27']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'AB30, mainland side of Deeside', postcode: 'AB30 1AA', load: PARCEL, now: '2026-11-26T11:47:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-11-27']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'AB31, first Highlands district: 2 days over St Andrew\'s Day', postcode: 'AB31 1AA', load: PARCEL, now: '2026-11-26T11:47:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-12-01']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'AB38, last of AB31-38, four parcels', postcode: 'AB38 1AA', load: PARCELS, now: '2026-11-26T11:47:00Z', zone: 'highlands', region: SC, options: [['parcel', 6_360, '2026-12-01']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'AB39, mainland, four parcels', postcode: 'AB39 1AA', load: PARCELS, now: '2026-11-26T11:47:00Z', zone: 'mainland', region: SC, options: [['parcel', 2_780, '2026-11-27']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'AB43, mainland, free over £150', postcode: 'AB43 1AA', load: FREE, now: '2026-11-26T11:47:00Z', zone: 'mainland', region: SC, options: [['parcel', 0, '2026-11-27']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'AB44, Highlands: the threshold does not apply', postcode: 'AB44 1AA', load: FREE, now: '2026-11-26T11:47:00Z', zone: 'highlands', region: SC, options: [['parcel', 3_180, '2026-12-01']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'AB56, Highlands pallets: economy only, 3 days', postcode: 'AB56 1AA', load: PALLETS, now: '2026-11-26T11:47:00Z', zone: 'highlands', region: SC, options: [['pallet_economy', 16_000, '2026-12-02']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'Belfast, 2 days', postcode: 'BT1 1AA', load: PARCEL, now: '2026-11-26T11:47:00Z', zone: 'northern_ireland', region: NI, options: [['parcel', 1_690, '2026-11-30']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'PO29, mainland side of the Solent', postcode: 'PO29 1AA', load: PARCEL, now: '2026-11-26T11:47:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-11-27']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'PO30, Isle of Wight', postcode: 'PO30 1AA', load: PARCEL, now: '2026-11-26T11:47:00Z', zone: 'isle_of_wight', region: EW, options: [['parcel', 1_290, '2026-11-30']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'PO41, Isle of Wight, one pallet at 750 kg', postcode: 'PO41 1AA', load: PALLET_EDGE, now: '2026-11-26T11:47:00Z', zone: 'isle_of_wight', region: EW, options: [['pallet_economy', 7_500, '2026-12-01']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'TR20, Penzance, mainland', postcode: 'TR20 1AA', load: PARCEL, now: '2026-11-26T11:47:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-11-27']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'TR21, Scilly, 3 days', postcode: 'TR21 1AA', load: PARCEL, now: '2026-11-26T11:47:00Z', zone: 'scilly', region: EW, options: [['parcel', 2_190, '2026-12-01']], dispatch: '2026-11-26', orderBy: '2026-11-26T14:00:00Z' },
  { why: 'TR25, Scilly takes no pallets', postcode: 'TR25 1AA', load: PALLETS, now: '2026-11-26T11:47:00Z', zone: 'scilly', region: EW, options: [], dispatch: null, orderBy: null, reason: DELIVERY_MESSAGES.palletsNotServed('scilly') },
  { why: 'Isle of Man, not served online', postcode: 'IM1 1AA', load: PARCEL, now: '2026-11-26T11:47:00Z', zone: 'isle_of_man', region: EW, options: [], dispatch: null, orderBy: null, reason: DELIVERY_MESSAGES.notServed('isle_of_man') },
  { why: 'Guernsey, not served online', postcode: 'GY1 1AA', load: PARCEL, now: '2026-11-26T11:47:00Z', zone: 'channel_islands', region: EW, options: [], dispatch: null, orderBy: null, reason: DELIVERY_MESSAGES.notServed('channel_islands') },
  { why: 'Jersey, not served online', postcode: 'JE2 3AA', load: PALLETS, now: '2026-11-26T11:47:00Z', zone: 'channel_islands', region: EW, options: [], dispatch: null, orderBy: null, reason: DELIVERY_MESSAGES.notServed('channel_islands') },

  // Friday 27 November 2026, 13:59 GMT, a minute before the cut-off: dispatched Friday.
  { why: 'TD1, Scotland: Monday is St Andrew\'s Day', postcode: 'TD1 1AA', load: PARCEL, now: '2026-11-27T13:59:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-12-01']], dispatch: '2026-11-27', orderBy: '2026-11-27T14:00:00Z' },
  { why: 'TD15, Berwick, is in England: Monday', postcode: 'TD15 1AA', load: PARCEL, now: '2026-11-27T13:59:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-11-30']], dispatch: '2026-11-27', orderBy: '2026-11-27T14:00:00Z' },
  { why: 'FK16, mainland', postcode: 'FK16 1AA', load: PARCEL, now: '2026-11-27T13:59:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-12-01']], dispatch: '2026-11-27', orderBy: '2026-11-27T14:00:00Z' },
  { why: 'FK17, first of FK17-21', postcode: 'FK17 1AA', load: PARCEL, now: '2026-11-27T13:59:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-12-02']], dispatch: '2026-11-27', orderBy: '2026-11-27T14:00:00Z' },
  { why: 'FK21, last of FK17-21', postcode: 'FK21 1AA', load: PARCEL, now: '2026-11-27T13:59:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-12-02']], dispatch: '2026-11-27', orderBy: '2026-11-27T14:00:00Z' },
  { why: 'FK22, mainland', postcode: 'FK22 1AA', load: PARCEL, now: '2026-11-27T13:59:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-12-01']], dispatch: '2026-11-27', orderBy: '2026-11-27T14:00:00Z' },
  { why: 'PH3, mainland pallets, both speeds over St Andrew\'s Day', postcode: 'PH3 1AA', load: PALLETS, now: '2026-11-27T13:59:00Z', zone: 'mainland', region: SC, options: [['pallet_economy', 9_000, '2026-12-02'], ['pallet_next_day', 13_000, '2026-12-01']], dispatch: '2026-11-27', orderBy: '2026-11-27T14:00:00Z' },
  { why: 'PH4, first of PH4-26', postcode: 'PH4 1AA', load: PARCEL, now: '2026-11-27T13:59:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-12-02']], dispatch: '2026-11-27', orderBy: '2026-11-27T14:00:00Z' },

  // Friday 27 November 2026 at 14:00 GMT, the cut-off itself: dispatched Monday (St Andrew's Day is no holiday in England).
  { why: 'TD1 at the cut-off', postcode: 'TD1 1AA', load: PARCEL, now: '2026-11-27T14:00:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-12-01']], dispatch: '2026-11-30', orderBy: '2026-11-30T14:00:00Z' },
  { why: 'London at the cut-off', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-11-27T14:00:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-12-01']], dispatch: '2026-11-30', orderBy: '2026-11-30T14:00:00Z' },
  { why: 'KA26, mainland', postcode: 'KA26 1AA', load: PARCEL, now: '2026-11-27T14:00:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-12-01']], dispatch: '2026-11-30', orderBy: '2026-11-30T14:00:00Z' },
  { why: 'KA27, Arran', postcode: 'KA27 1AA', load: PARCEL, now: '2026-11-27T14:00:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-12-02']], dispatch: '2026-11-30', orderBy: '2026-11-30T14:00:00Z' },
  { why: 'KA28, Cumbrae', postcode: 'KA28 1AA', load: PARCEL, now: '2026-11-27T14:00:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-12-02']], dispatch: '2026-11-30', orderBy: '2026-11-30T14:00:00Z' },

  // A weekend: Saturday 14 November 2026, and Friday 13 November after the cut-off, both leave on Monday 16.
  { why: 'PA19, Gourock, on Saturday', postcode: 'PA19 1AA', load: PARCEL, now: '2026-11-14T10:00:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-11-17']], dispatch: '2026-11-16', orderBy: '2026-11-16T14:00:00Z' },
  { why: 'PA20, Bute, on Saturday', postcode: 'PA20 1AA', load: PARCEL, now: '2026-11-14T10:00:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-11-18']], dispatch: '2026-11-16', orderBy: '2026-11-16T14:00:00Z' },
  { why: 'PA49, last of PA20-49', postcode: 'PA49 1AA', load: PARCELS, now: '2026-11-14T10:00:00Z', zone: 'highlands', region: SC, options: [['parcel', 6_360, '2026-11-18']], dispatch: '2026-11-16', orderBy: '2026-11-16T14:00:00Z' },
  { why: 'PA50, mainland', postcode: 'PA50 1AA', load: PARCELS, now: '2026-11-14T10:00:00Z', zone: 'mainland', region: SC, options: [['parcel', 2_780, '2026-11-17']], dispatch: '2026-11-16', orderBy: '2026-11-16T14:00:00Z' },
  { why: 'PA59, mainland, Friday after the cut-off', postcode: 'PA59 1AA', load: PARCEL, now: '2026-11-13T15:00:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-11-17']], dispatch: '2026-11-16', orderBy: '2026-11-16T14:00:00Z' },
  { why: 'PA60, Jura, Friday after the cut-off', postcode: 'PA60 1AA', load: PARCEL, now: '2026-11-13T15:00:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-11-18']], dispatch: '2026-11-16', orderBy: '2026-11-16T14:00:00Z' },
  { why: 'PA78, last of PA60-78, one pallet', postcode: 'PA78 1AA', load: PALLET_EDGE, now: '2026-11-13T15:00:00Z', zone: 'highlands', region: SC, options: [['pallet_economy', 8_000, '2026-11-19']], dispatch: '2026-11-16', orderBy: '2026-11-16T14:00:00Z' },

  // Easter 2026 (BST): Good Friday 3 April everywhere, Easter Monday 6 April except in Scotland.
  // Maundy Thursday 12:59Z is 13:59 BST: dispatched Thursday.
  { why: 'London over Easter: Tuesday', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-04-02T12:59:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-04-07']], dispatch: '2026-04-02', orderBy: '2026-04-02T14:00:00+01:00' },
  { why: 'Edinburgh works on Easter Monday', postcode: 'EH1 1AA', load: PARCEL, now: '2026-04-02T12:59:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-04-06']], dispatch: '2026-04-02', orderBy: '2026-04-02T14:00:00+01:00' },
  { why: 'PH26, last of PH4-26', postcode: 'PH26 1AA', load: PARCEL, now: '2026-04-02T12:59:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-04-07']], dispatch: '2026-04-02', orderBy: '2026-04-02T14:00:00+01:00' },
  { why: 'PH30, first of PH30-44', postcode: 'PH30 1AA', load: PARCEL, now: '2026-04-02T12:59:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-04-07']], dispatch: '2026-04-02', orderBy: '2026-04-02T14:00:00+01:00' },
  { why: 'Belfast over Easter', postcode: 'BT1 1AA', load: PARCEL, now: '2026-04-02T12:59:00Z', zone: 'northern_ireland', region: NI, options: [['parcel', 1_690, '2026-04-08']], dispatch: '2026-04-02', orderBy: '2026-04-02T14:00:00+01:00' },
  { why: 'London pallets over Easter', postcode: 'SW1A 1AA', load: PALLETS, now: '2026-04-02T12:59:00Z', zone: 'mainland', region: EW, options: [['pallet_economy', 9_000, '2026-04-08'], ['pallet_next_day', 13_000, '2026-04-07']], dispatch: '2026-04-02', orderBy: '2026-04-02T14:00:00+01:00' },
  // Maundy Thursday 13:00Z is 14:00 BST, the cut-off: the warehouse reopens on Tuesday 7 April.
  { why: 'PH45, mainland, after the Easter cut-off', postcode: 'PH45 1AA', load: PARCEL, now: '2026-04-02T13:00:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-04-08']], dispatch: '2026-04-07', orderBy: '2026-04-07T14:00:00+01:00' },
  { why: 'PH48, mainland', postcode: 'PH48 1AA', load: PARCEL, now: '2026-04-02T13:00:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-04-08']], dispatch: '2026-04-07', orderBy: '2026-04-07T14:00:00+01:00' },
  { why: 'Outer Hebrides', postcode: 'HS1 2AA', load: PARCEL, now: '2026-04-02T13:00:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-04-09']], dispatch: '2026-04-07', orderBy: '2026-04-07T14:00:00+01:00' },
  { why: 'Isle of Wight', postcode: 'PO30 1AA', load: PARCEL, now: '2026-04-02T13:00:00Z', zone: 'isle_of_wight', region: EW, options: [['parcel', 1_290, '2026-04-09']], dispatch: '2026-04-07', orderBy: '2026-04-07T14:00:00+01:00' },
  { why: 'Inverness, ordered on Easter Monday morning', postcode: 'IV1 1AA', load: PARCEL, now: '2026-04-06T09:00:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-04-09']], dispatch: '2026-04-07', orderBy: '2026-04-07T14:00:00+01:00' },

  // Clocks go forward on Sunday 29 March 2026.
  { why: 'Friday 13:30 GMT', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-03-27T13:30:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-03-30']], dispatch: '2026-03-27', orderBy: '2026-03-27T14:00:00Z' },
  { why: 'Sunday 23:30Z is Monday 00:30 BST', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-03-29T23:30:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-03-31']], dispatch: '2026-03-30', orderBy: '2026-03-30T14:00:00+01:00' },
  { why: 'PH49, 12:30Z is 13:30 BST, before the cut-off', postcode: 'PH49 1AA', load: PARCEL, now: '2026-03-30T12:30:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-04-01']], dispatch: '2026-03-30', orderBy: '2026-03-30T14:00:00+01:00' },
  { why: 'PH50, 13:30Z is 14:30 BST, after the cut-off', postcode: 'PH50 1AA', load: PARCEL, now: '2026-03-30T13:30:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-04-02']], dispatch: '2026-03-31', orderBy: '2026-03-31T14:00:00+01:00' },
  { why: 'PH51, mainland, after the cut-off', postcode: 'PH51 1AA', load: PARCEL, now: '2026-03-30T13:30:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-04-01']], dispatch: '2026-03-31', orderBy: '2026-03-31T14:00:00+01:00' },

  // Clocks go back on Sunday 25 October 2026.
  { why: 'Friday 12:30Z is 13:30 BST', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-10-23T12:30:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-10-26']], dispatch: '2026-10-23', orderBy: '2026-10-23T14:00:00+01:00' },
  { why: 'Shetland, Friday 13:30Z is 14:30 BST: Monday\'s cut-off is in GMT', postcode: 'ZE1 0AA', load: PARCEL, now: '2026-10-23T13:30:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-10-28']], dispatch: '2026-10-26', orderBy: '2026-10-26T14:00:00Z' },
  { why: 'Saturday 23:30Z is Sunday 00:30 BST', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-10-24T23:30:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-10-27']], dispatch: '2026-10-26', orderBy: '2026-10-26T14:00:00Z' },
  { why: 'Caithness, Monday 13:30 GMT', postcode: 'KW1 4AA', load: PARCEL, now: '2026-10-26T13:30:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-10-28']], dispatch: '2026-10-26', orderBy: '2026-10-26T14:00:00Z' },
  { why: 'Monday 14:30 GMT, pallets', postcode: 'SW1A 1AA', load: PALLETS, now: '2026-10-26T14:30:00Z', zone: 'mainland', region: EW, options: [['pallet_economy', 9_000, '2026-10-29'], ['pallet_next_day', 13_000, '2026-10-28']], dispatch: '2026-10-27', orderBy: '2026-10-27T14:00:00Z' },

  // Christmas and New Year 2026/27: Boxing Day's substitute is Monday 28 December; Scotland adds 4 January 2027.
  { why: 'London, Christmas Eve morning', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-12-24T10:00:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-12-29']], dispatch: '2026-12-24', orderBy: '2026-12-24T14:00:00Z' },
  { why: 'Shetland, Christmas Eve morning', postcode: 'ZE1 0AA', load: PARCEL, now: '2026-12-24T10:00:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2026-12-30']], dispatch: '2026-12-24', orderBy: '2026-12-24T14:00:00Z' },
  { why: 'Belfast, Christmas Eve morning', postcode: 'BT1 1AA', load: PARCEL, now: '2026-12-24T10:00:00Z', zone: 'northern_ireland', region: NI, options: [['parcel', 1_690, '2026-12-30']], dispatch: '2026-12-24', orderBy: '2026-12-24T14:00:00Z' },
  { why: 'London, Christmas Eve afternoon', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-12-24T15:00:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-12-30']], dispatch: '2026-12-29', orderBy: '2026-12-29T14:00:00Z' },
  { why: 'Scilly, Christmas Eve afternoon: 3 days over New Year', postcode: 'TR21 1AA', load: PARCEL, now: '2026-12-24T15:00:00Z', zone: 'scilly', region: EW, options: [['parcel', 2_190, '2027-01-04']], dispatch: '2026-12-29', orderBy: '2026-12-29T14:00:00Z' },
  { why: 'London, New Year\'s Eve', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-12-31T13:00:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2027-01-04']], dispatch: '2026-12-31', orderBy: '2026-12-31T14:00:00Z' },
  { why: 'Edinburgh, New Year\'s Eve: 4 January is a holiday', postcode: 'EH1 1AA', load: PARCEL, now: '2026-12-31T13:00:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2027-01-05']], dispatch: '2026-12-31', orderBy: '2026-12-31T14:00:00Z' },
  { why: 'Orkney, New Year\'s Eve', postcode: 'KW15 1AA', load: PARCEL, now: '2026-12-31T13:00:00Z', zone: 'highlands', region: SC, options: [['parcel', 1_590, '2027-01-06']], dispatch: '2026-12-31', orderBy: '2026-12-31T14:00:00Z' },
  { why: 'Belfast pallets, New Year\'s Eve', postcode: 'BT1 1AA', load: PALLETS, now: '2026-12-31T13:00:00Z', zone: 'northern_ireland', region: NI, options: [['pallet_economy', 20_000, '2027-01-06']], dispatch: '2026-12-31', orderBy: '2026-12-31T14:00:00Z' },
  { why: 'Edinburgh, New Year\'s Eve after the cut-off', postcode: 'EH1 1AA', load: PARCEL, now: '2026-12-31T14:01:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2027-01-05']], dispatch: '2027-01-04', orderBy: '2027-01-04T14:00:00Z' },
  { why: 'Edinburgh, 31 December 2025: 1 and 2 January 2026', postcode: 'EH1 1AA', load: PARCEL, now: '2025-12-31T13:00:00Z', zone: 'mainland', region: SC, options: [['parcel', 695, '2026-01-05']], dispatch: '2025-12-31', orderBy: '2025-12-31T14:00:00Z' },
  { why: 'London, 31 December 2025', postcode: 'SW1A 1AA', load: PARCEL, now: '2025-12-31T13:00:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-01-02']], dispatch: '2025-12-31', orderBy: '2025-12-31T14:00:00Z' },

  // Northern Ireland's own days: St Patrick's Day (Tuesday 17 March 2026) and the Boyne (Monday 13 July 2026, for Sunday 12).
  { why: 'Belfast over St Patrick\'s Day', postcode: 'BT1 1AA', load: PARCEL, now: '2026-03-16T11:00:00Z', zone: 'northern_ireland', region: NI, options: [['parcel', 1_690, '2026-03-19']], dispatch: '2026-03-16', orderBy: '2026-03-16T14:00:00Z' },
  { why: 'Belfast pallets over St Patrick\'s Day', postcode: 'BT1 1AA', load: PALLETS, now: '2026-03-16T11:00:00Z', zone: 'northern_ireland', region: NI, options: [['pallet_economy', 20_000, '2026-03-20']], dispatch: '2026-03-16', orderBy: '2026-03-16T14:00:00Z' },
  { why: 'London on St Patrick\'s Day', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-03-16T11:00:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-03-17']], dispatch: '2026-03-16', orderBy: '2026-03-16T14:00:00Z' },
  { why: 'Belfast over the Boyne', postcode: 'BT1 1AA', load: PARCEL, now: '2026-07-10T12:00:00Z', zone: 'northern_ireland', region: NI, options: [['parcel', 1_690, '2026-07-15']], dispatch: '2026-07-10', orderBy: '2026-07-10T14:00:00+01:00' },
  { why: 'London over the Boyne', postcode: 'SW1A 1AA', load: PARCEL, now: '2026-07-10T12:00:00Z', zone: 'mainland', region: EW, options: [['parcel', 695, '2026-07-13']], dispatch: '2026-07-10', orderBy: '2026-07-10T14:00:00+01:00' },
];

describe('deliveryQuote, by the table', () => {
  it('covers at least 30 postcodes and every zone', () => {
    expect(new Set(TABLE.map((row) => row.postcode)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(TABLE.map((row) => row.zone))).toEqual(
      new Set(DEFAULT_DELIVERY_SETTINGS.zone_table.map((r) => r.zone).concat('mainland')),
    );
  });

  test.each(TABLE)('$postcode at $now: $why', (row) => {
    const quote = deliveryQuote(row.load, row.postcode, new Date(row.now), RULES);
    expect({ zone: quote.zone, region: quote.region, reason: quote.reason }).toEqual({
      zone: row.zone,
      region: row.region,
      reason: row.reason ?? null,
    });
    expect(quote.options.map((o) => [o.service, o.price_pence, o.delivery_date])).toEqual(row.options);
    for (const option of quote.options) {
      expect({ dispatch: option.dispatch_date, orderBy: option.order_by }).toEqual({
        dispatch: row.dispatch,
        orderBy: row.orderBy,
      });
      expect(option.extras.length > 0).toBe(option.unit === 'pallet');
    }
  });

  it('quotes the mainland for no postcode, with the warehouse region', () => {
    const quote = deliveryQuote(PARCEL, null, new Date('2026-11-26T11:47:00Z'), RULES);
    expect(quote).toMatchObject({ postal_code: null, zone: 'mainland', region: 'england-and-wales' });
    expect(quote.options.map((o) => [o.service, o.price_pence, o.delivery_date])).toEqual([
      ['parcel', 695, '2026-11-27'],
    ]);
  });

  it('normalises the postcode it quotes', () => {
    expect(deliveryQuote(PARCEL, ' pa20  1aa', new Date('2026-11-26T11:47:00Z'), RULES).postal_code).toBe(
      'PA20 1AA',
    );
  });

  it('throws a RangeError with the address form message for a postcode outside the UK pattern', () => {
    expect(() => deliveryQuote(PARCEL, 'NOT A CODE', new Date('2026-11-26T11:47:00Z'), RULES)).toThrow(
      new RangeError(DELIVERY_MESSAGES.postcode),
    );
  });

  it('offers nothing for an empty cart', () => {
    const quote = deliveryQuote(
      { lines: 0, weight_kg: 0, goods_pence: 0 },
      'SW1A 1AA',
      new Date('2026-11-26T11:47:00Z'),
      RULES,
    );
    expect({ options: quote.options, reason: quote.reason }).toEqual({ options: [], reason: null });
  });

  it('explains a free mainland parcel order and a Highlands surcharge in words', () => {
    const now = new Date('2026-11-26T11:47:00Z');
    expect(deliveryQuote(FREE, 'SW1A 1AA', now, RULES).options[0]!.explanation).toBe(
      'Free delivery on parcel orders over £150.00 before VAT: 2 parcels of up to 30 kg.',
    );
    expect(deliveryQuote(PARCEL, 'IV1 1AA', now, RULES).options[0]!.explanation).toBe(
      '1 parcel of up to 30 kg at £15.90 each to the Highlands and Islands.',
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// The bank holidays, against GOV.UK's rules: fixed-date holidays that fall on a weekend move to the next
// weekday that is not already a holiday (Boxing Day after Christmas's substitute; Scotland's 2 January after
// New Year's).
// ---------------------------------------------------------------------------------------------------------

/** Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}
const firstMonday = (year: number, month: number) => {
  let day = 1;
  while (weekday(ymd(year, month, day)) !== 1) day += 1;
  return ymd(year, month, day);
};
const lastMonday = (year: number, month: number) => {
  let day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  while (weekday(ymd(year, month, day)) !== 1) day -= 1;
  return ymd(year, month, day);
};

function withSubstitutes(fixed: string[], movable: string[]): string[] {
  const taken = new Set([...movable, ...fixed.filter((day) => !isWeekendDay(day))]);
  for (const day of fixed.filter(isWeekendDay).sort()) {
    let substitute = day;
    do substitute = dayPlus(substitute, 1);
    while (isWeekendDay(substitute) || taken.has(substitute));
    taken.add(substitute);
  }
  return [...taken].sort();
}

function govUkHolidays(region: HolidayRegion, year: number): string[] {
  const easter = easterSunday(year);
  const goodFriday = dayPlus(easter, -2);
  const easterMonday = dayPlus(easter, 1);
  const newYear = ymd(year, 1, 1);
  const christmas = [ymd(year, 12, 25), ymd(year, 12, 26)];
  const may = [firstMonday(year, 5), lastMonday(year, 5)];
  if (region === 'scotland') {
    return withSubstitutes(
      [newYear, ymd(year, 1, 2), ymd(year, 11, 30), ...christmas],
      [goodFriday, ...may, firstMonday(year, 8)],
    );
  }
  const extra = region === 'northern-ireland' ? [ymd(year, 3, 17), ymd(year, 7, 12)] : [];
  return withSubstitutes(
    [newYear, ...extra, ...christmas],
    [goodFriday, easterMonday, ...may, lastMonday(year, 8)],
  );
}

describe('BANK_HOLIDAYS', () => {
  const years = [2026, 2027, 2028];

  it.each(HOLIDAY_REGIONS)('%s: the GOV.UK days for 2026-2028, in order, all weekdays', (region) => {
    const days = BANK_HOLIDAYS[region];
    expect([...days]).toEqual(years.flatMap((year) => govUkHolidays(region, year)));
    expect(days.filter(isWeekendDay)).toEqual([]);
    expect(new Set(days).size).toBe(days.length);
  });

  it('has 8 days a year in England and Wales, 9 in Scotland, 10 in Northern Ireland', () => {
    const counts = Object.fromEntries(
      HOLIDAY_REGIONS.map((region) => [
        region,
        years.map((year) => BANK_HOLIDAYS[region].filter((day) => day.startsWith(`${year}-`)).length),
      ]),
    );
    expect(counts).toEqual({
      'england-and-wales': [8, 8, 8],
      scotland: [9, 9, 9],
      'northern-ireland': [10, 10, 10],
    });
  });

  it('has the substitute days the brief names', () => {
    const has = (region: HolidayRegion, day: string) => BANK_HOLIDAYS[region].includes(day);
    for (const region of HOLIDAY_REGIONS) expect(has(region, '2026-12-28')).toBe(true);
    expect([has(SC, '2026-01-02'), has(SC, '2027-01-04'), has(SC, '2028-01-04')]).toEqual([true, true, true]);
    expect([has(EW, '2027-01-04'), has(NI, '2027-01-04')]).toEqual([false, false]);
    expect([has(SC, '2026-11-30'), has(EW, '2026-11-30'), has(NI, '2026-11-30')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([has(NI, '2026-03-17'), has(NI, '2026-07-13'), has(NI, '2026-07-12')]).toEqual([
      true,
      true,
      false,
    ]);
    expect([has(EW, '2026-04-06'), has(NI, '2026-04-06'), has(SC, '2026-04-06')]).toEqual([
      true,
      true,
      false,
    ]);
    expect([has(EW, '2027-12-27'), has(EW, '2027-12-28'), has(EW, '2028-01-03')]).toEqual([true, true, true]);
  });

  it('is kept by the destination: Berwick (TD15) in England, TD1 in Scotland, BT in Northern Ireland', () => {
    expect([holidayRegionOf('TD', 15), holidayRegionOf('TD', 1), holidayRegionOf('BT', 1)]).toEqual([
      EW,
      SC,
      NI,
    ]);
    expect([holidayRegionOf('G', 1), holidayRegionOf('SW', 1), holidayRegionOf('LL', 57)]).toEqual([
      SC,
      EW,
      EW,
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------------

// prettier-ignore
const AREAS = ['AB', 'BT', 'EH', 'FK', 'G', 'GY', 'HS', 'IM', 'IV', 'JE', 'KA', 'KW', 'LL', 'M', 'PA', 'PH', 'PO', 'SW', 'TD', 'TR', 'ZE'];
const arbPostcode = fc
  .tuple(fc.constantFrom(...AREAS), fc.integer({ min: 1, max: 99 }))
  .map(([area, district]) => `${area}${district} 2AB`);

/** The destination's holiday region, written out: BT, Scotland's areas except TD15, else England and Wales. */
function expectedRegion(postcode: string): HolidayRegion {
  const [, area, district] = /^([A-Z]+)(\d+)/.exec(postcode)!;
  if (area === 'BT') return NI;
  if (area === 'TD' && district === '15') return EW;
  return ['AB', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'PA', 'PH', 'TD', 'ZE'].includes(area!) ? SC : EW;
}

const arbNow = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 11, 20) })
  .map((ms) => new Date(ms));
const arbLoad = fc.record({
  lines: fc.integer({ min: 1, max: 20 }),
  weight_kg: fc.integer({ min: 1, max: 5_000_000 }).map((grams) => grams / 1000),
  goods_pence: fc.integer({ min: 0, max: 1_000_000 }),
});
const arbCutoff = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const arbRules = fc
  .record({ warehouse_region: fc.constantFrom(...HOLIDAY_REGIONS), cutoff: arbCutoff })
  .map((change) => withSettings(change));

const closedAt = (region: HolidayRegion) => new Set(BANK_HOLIDAYS[region]);
const working = (day: string, closed: ReadonlySet<string>) => !isWeekendDay(day) && !closed.has(day);

describe('deliveryQuote, properties', () => {
  it('promises a working day at the destination after the dispatch day, which is a warehouse working day from today on', () => {
    fc.assert(
      fc.property(arbPostcode, arbLoad, arbNow, arbRules, (postcode, load, now, rules) => {
        const quote = deliveryQuote(load, postcode, now, rules);
        const destination = closedAt(expectedRegion(postcode));
        const warehouse = closedAt(rules.delivery.warehouse_region);
        const today = ukWall(now.getTime()).day;
        expect(quote.region).toBe(expectedRegion(postcode));
        for (const option of quote.options) {
          expect(working(option.delivery_date, destination)).toBe(true);
          expect(option.delivery_date > option.dispatch_date).toBe(true);
          expect(working(option.dispatch_date, warehouse)).toBe(true);
          expect(option.dispatch_date >= today).toBe(true);
          // Exactly the zone's transit days are working days at the destination, the last one the promise.
          let counted = 0;
          for (
            let day = dayPlus(option.dispatch_date, 1);
            day <= option.delivery_date;
            day = dayPlus(day, 1)
          ) {
            if (working(day, destination)) counted += 1;
          }
          expect(counted).toBe(rules.delivery.zones[quote.zone][option.service].transit_days);
        }
      }),
    );
  });

  it('never lowers a service price when the weight rises (goods value fixed)', () => {
    const arbRates = fc.record({
      parcel_rate_pence: fc.integer({ min: 0, max: 5_000 }),
      pallet_rate_pence: fc.integer({ min: 0, max: 20_000 }),
      surcharge: fc.integer({ min: 0, max: 10_000 }),
      next_day: fc.integer({ min: 0, max: 20_000 }),
    });
    fc.assert(
      fc.property(
        arbPostcode,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 4_000_000 }),
        fc.integer({ min: 0, max: 4_000_000 }),
        arbRates,
        arbNow,
        (postcode, goods, grams, extraGrams, rates, now) => {
          const surcharged = Object.fromEntries(
            Object.entries(DEFAULT_DELIVERY_SETTINGS.zones).map(([zone, services]) => [
              zone,
              Object.fromEntries(
                Object.entries(services).map(([service, rule]) => [
                  service,
                  zone === 'mainland'
                    ? rule
                    : { ...rule, price: { kind: 'surcharge', pence: rates.surcharge } },
                ]),
              ),
            ]),
          ) as DeliverySettings['zones'];
          const rules: DeliveryRules = {
            shipping: {
              ...SHIPPING,
              parcel_rate_pence: rates.parcel_rate_pence,
              pallet_rate_pence: rates.pallet_rate_pence,
            },
            delivery: {
              ...DEFAULT_DELIVERY_SETTINGS,
              pallet_next_day_rate_pence: rates.next_day,
              zones: surcharged,
            },
          };
          const light = deliveryQuote(
            { lines: 1, weight_kg: grams / 1000, goods_pence: goods },
            postcode,
            now,
            rules,
          );
          const heavy = deliveryQuote(
            { lines: 1, weight_kg: (grams + extraGrams) / 1000, goods_pence: goods },
            postcode,
            now,
            rules,
          );
          for (const option of light.options) {
            const same = heavy.options.find((other) => other.service === option.service);
            if (same) expect(same.price_pence).toBeGreaterThanOrEqual(option.price_pence);
          }
        },
      ),
    );
  });

  it('chooseDelivery accepts only a quoted service, extras only on a pallet, one slot, and defaults to the cheapest', () => {
    const arbService = fc.option(fc.constantFrom(...DELIVERY_SERVICES), { nil: undefined });
    const arbExtras = fc.array(fc.constantFrom(...DELIVERY_EXTRAS), { maxLength: 4 });
    fc.assert(
      fc.property(
        arbPostcode,
        arbLoad,
        arbNow,
        arbService,
        arbExtras,
        (postcode, load, now, service, extras) => {
          const quote = deliveryQuote(load, postcode, now, RULES);
          const choice = chooseDelivery(quote, service, extras);
          const wanted = new Set<DeliveryExtra>(extras);
          const offered = quote.options.find((option) => option.service === service);
          if (quote.options.length === 0) {
            expect(choice).toMatchObject({ ok: false, field: 'shipping_address' });
          } else if (service !== undefined && !offered) {
            expect(choice).toEqual({
              ok: false,
              field: 'delivery_service',
              message: DELIVERY_MESSAGES.serviceNotOffered,
            });
          } else if (wanted.size > 0 && (offered ?? quote.options[0]!).unit === 'parcel') {
            expect(choice).toEqual({
              ok: false,
              field: 'delivery_extras',
              message: DELIVERY_MESSAGES.extrasForPallets,
            });
          } else if (wanted.has('am_slot') && wanted.has('timed_slot')) {
            expect(choice).toEqual({
              ok: false,
              field: 'delivery_extras',
              message: DELIVERY_MESSAGES.oneSlot,
            });
          } else {
            if (!choice.ok) throw new Error(`refused: ${choice.message}`);
            const cheapest = Math.min(...quote.options.map((option) => option.price_pence));
            if (service === undefined) expect(choice.option.price_pence).toBe(cheapest);
            else expect(choice.option.service).toBe(service);
            expect(new Set(choice.extras)).toEqual(wanted);
            const extrasPence = choice.extras.reduce((sum, code) => sum + RULES.delivery.extras[code], 0);
            expect(choice.price_pence).toBe(choice.option.price_pence + extrasPence);
          }
        },
      ),
    );
  });

  it('promisedDates dates each service as the quote does, and refuses a service the zone lacks', () => {
    const arbService = fc.constantFrom(...DELIVERY_SERVICES);
    fc.assert(
      fc.property(arbPostcode, arbNow, arbRules, arbService, (postcode, now, rules, service) => {
        const load = service === 'parcel' ? PARCEL : PALLETS;
        const option = deliveryQuote(load, postcode, now, rules).options.find((o) => o.service === service);
        const dates = promisedDates(service, postcode, now, rules);
        if (!option) expect(dates).toBeNull();
        else {
          expect(dates).toEqual({
            zone: zoneOf(postcode, rules.delivery.zone_table),
            dispatch_date: option.dispatch_date,
            delivery_date: option.delivery_date,
          });
        }
      }),
    );
    expect(promisedDates('parcel', 'EH1 1AA', new Date('2026-04-02T12:59:00Z'), RULES)).toEqual({
      zone: 'mainland',
      dispatch_date: '2026-04-02',
      delivery_date: '2026-04-06',
    });
    expect(promisedDates('parcel', null, new Date('2026-04-02T12:59:00Z'), RULES)?.delivery_date).toBe(
      '2026-04-07',
    );
  });

  it('dispatches the same day for an order before the cut-off on a warehouse working day, else the next working day', () => {
    const arbDay = fc
      .integer({ min: 0, max: 3 * 365 - 10 })
      .map((offset) => dayPlus('2026-01-01', offset))
      .filter((day) => working(day, closedAt(EW)));
    const arbMinute = fc.integer({ min: 0, max: 24 * 60 - 1 });
    fc.assert(
      fc.property(arbDay, arbMinute, arbCutoff, (day, minute, cutoff) => {
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
        const now = ukWallToInstant(day, time)!;
        const settings = { ...DEFAULT_DELIVERY_SETTINGS, cutoff };
        const expected = time < cutoff ? day : nextWorkingDayOf(day, closedAt(EW));
        expect(dispatchDay(now, settings)).toBe(expected);
      }),
    );
  });
});

function nextWorkingDayOf(day: string, closed: ReadonlySet<string>): string {
  let next = dayPlus(day, 1);
  while (!working(next, closed)) next = dayPlus(next, 1);
  return next;
}

// ---------------------------------------------------------------------------------------------------------
// The promise in words
// ---------------------------------------------------------------------------------------------------------

describe('promiseText', () => {
  const friday = { order_by: '2026-11-26T14:00:00Z', delivery_date: '2026-11-27' };

  it.each([
    ['2026-11-26T11:47:00Z', 'Order within 2 h 13 min for delivery on Friday 27 November'],
    ['2026-11-26T11:47:30Z', 'Order within 2 h 13 min for delivery on Friday 27 November'],
    ['2026-11-26T13:15:00Z', 'Order within 45 min for delivery on Friday 27 November'],
    ['2026-11-26T13:59:59Z', 'Order within 1 min for delivery on Friday 27 November'],
    ['2026-11-25T14:01:00Z', 'Order within 23 h 59 min for delivery on Friday 27 November'],
    ['2026-11-25T14:00:00Z', 'Order by 14:00 on Thursday for delivery on Friday 27 November'],
  ])('at %s: %s', (now, text) => {
    expect(promiseText(friday, new Date(now))).toBe(text);
  });

  it("names the cut-off's day when it is a day or more away, in UK time", () => {
    expect(
      promiseText(
        { order_by: '2026-11-30T14:00:00Z', delivery_date: '2026-12-01' },
        new Date('2026-11-28T10:00:00Z'),
      ),
    ).toBe('Order by 14:00 on Monday for delivery on Tuesday 1 December');
    expect(
      promiseText(
        { order_by: '2026-04-07T14:00:00+01:00', delivery_date: '2026-04-08' },
        new Date('2026-04-04T09:00:00Z'),
      ),
    ).toBe('Order by 14:00 on Tuesday for delivery on Wednesday 8 April');
  });

  it("reads a quote's cheapest option on the product page", () => {
    const now = new Date('2026-04-02T10:47:00Z'); // 11:47 BST
    const option = deliveryQuote(PARCEL, 'SW1A 1AA', now, RULES).options[0]!;
    expect(promiseText(option, now)).toBe('Order within 2 h 13 min for delivery on Tuesday 7 April');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Staff-edited settings
// ---------------------------------------------------------------------------------------------------------

describe('zoneOf with a staff-edited table', () => {
  const table: ZoneRange[] = [
    { area: 'PA', from: 20, to: 20, zone: 'scilly' },
    ...DEFAULT_ZONE_TABLE.filter((row) => row.area !== 'IM'),
    { area: 'G', zone: 'highlands' },
    { area: 'EC', from: 1, zone: 'isle_of_wight' },
  ];

  it.each([
    ['PA20 1AA', 'scilly', 'the first row that covers the district wins'],
    ['PA21 1AA', 'highlands', 'the shipped PA20-49 row still covers the rest'],
    ['IM1 1AA', 'mainland', 'a removed area falls back to the mainland'],
    ['G1 1AA', 'highlands', 'an area-wide row covers every district'],
    ['EC1A 1BB', 'isle_of_wight', 'a row with only `from` covers that district'],
    ['EC2A 1BB', 'mainland', 'and no other'],
    ['PA19 1AA', 'mainland', 'outside every range'],
    ['pa20 1aa', 'scilly', 'postcodes are normalised first'],
    ['NOT A CODE', 'mainland', 'what is not a postcode is not zoned'],
  ] as const)('%s is %s: %s', (postcode, zone, _why) => {
    expect(zoneOf(postcode, table)).toBe(zone);
  });

  it('puts everything on the mainland with an empty table', () => {
    expect(['HS1 2AA', 'BT1 1AA', 'IM1 1AA'].map((postcode) => zoneOf(postcode, []))).toEqual([
      'mainland',
      'mainland',
      'mainland',
    ]);
  });

  it('quotes a newly served zone at its own per-parcel price', () => {
    const rules = withSettings({
      zones: {
        ...DEFAULT_DELIVERY_SETTINGS.zones,
        isle_of_man: {
          ...DEFAULT_DELIVERY_SETTINGS.zones.isle_of_man,
          parcel: {
            served: true,
            price: { kind: 'per_unit', pence: 2_500 },
            transit_days: 3,
            free_threshold: false,
          },
        },
      },
    });
    const quote = deliveryQuote(PARCELS, 'IM1 1AA', new Date('2026-11-26T11:47:00Z'), rules);
    expect(quote.options.map((o) => [o.service, o.price_pence, o.delivery_date])).toEqual([
      ['parcel', 10_000, '2026-12-01'],
    ]);
  });
});

describe('closuresOf with added days', () => {
  const tuesdayMorning = new Date('2026-11-17T10:00:00Z');
  const tuesdayAfternoon = new Date('2026-11-17T15:00:00Z');
  const dates = (rules: DeliveryRules, postcode: string, now: Date) => {
    const option = deliveryQuote(PARCEL, postcode, now, rules).options[0]!;
    return [option.dispatch_date, option.delivery_date];
  };

  it("a warehouse closing day moves dispatch but not the carriers' deliveries", () => {
    const rules = withSettings({
      added_days: [{ date: '2026-11-18', applies_to: 'warehouse', note: 'Stocktake' }],
    });
    expect(closuresOf(rules.delivery).warehouse.has('2026-11-18')).toBe(true);
    expect(
      HOLIDAY_REGIONS.map((region) => closuresOf(rules.delivery).regions[region].has('2026-11-18')),
    ).toEqual([false, false, false]);
    expect(dates(RULES, 'SW1A 1AA', tuesdayAfternoon)).toEqual(['2026-11-18', '2026-11-19']);
    expect(dates(rules, 'SW1A 1AA', tuesdayAfternoon)).toEqual(['2026-11-19', '2026-11-20']);
    expect(dates(rules, 'SW1A 1AA', tuesdayMorning)).toEqual(['2026-11-17', '2026-11-18']);
  });

  it("a region's added day moves delivery there only", () => {
    const rules = withSettings({
      added_days: [{ date: '2026-11-18', applies_to: 'scotland', note: 'Local holiday' }],
    });
    expect(dates(rules, 'EH1 1AA', tuesdayMorning)).toEqual(['2026-11-17', '2026-11-19']);
    expect(dates(rules, 'SW1A 1AA', tuesdayMorning)).toEqual(['2026-11-17', '2026-11-18']);
    expect(dates(rules, 'TD15 1AA', tuesdayMorning)).toEqual(['2026-11-17', '2026-11-18']);
    expect(dates(rules, 'SW1A 1AA', tuesdayAfternoon)).toEqual(['2026-11-18', '2026-11-19']);
  });

  it('closes a warehouse that keeps that region, since its holidays are the warehouse’s', () => {
    const rules = withSettings({
      warehouse_region: 'scotland',
      added_days: [{ date: '2026-11-18', applies_to: 'scotland', note: 'Local holiday' }],
    });
    expect(dates(rules, 'SW1A 1AA', tuesdayAfternoon)).toEqual(['2026-11-19', '2026-11-20']);
  });

  it('keeps the shipped holidays and works them out once per settings object', () => {
    const settings = { ...DEFAULT_DELIVERY_SETTINGS };
    expect(closuresOf(settings)).toBe(closuresOf(settings));
    expect(closuresOf(settings).warehouse).toEqual(new Set(BANK_HOLIDAYS['england-and-wales']));
  });
});

describe('DeliverySettingsSchema', () => {
  const messagesOf = (value: unknown) => {
    const result = DeliverySettingsSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };
  const withZoneRow = (row: unknown) => ({ ...DEFAULT_DELIVERY_SETTINGS, zone_table: [row] });

  it('parses the defaults unchanged', () => {
    expect(DeliverySettingsSchema.parse(DEFAULT_DELIVERY_SETTINGS)).toEqual(DEFAULT_DELIVERY_SETTINGS);
  });

  it.each(['14:60', '24:00', '2pm', '9:00', ''])('refuses the cut-off %j', (cutoff) => {
    expect(messagesOf({ ...DEFAULT_DELIVERY_SETTINGS, cutoff })).toEqual([
      ['cutoff', DELIVERY_SETTINGS_MESSAGES.cutoff],
    ]);
  });

  it.each(['P1', 'ABC', '', 'P-'])('refuses the area %j', (area) => {
    expect(messagesOf(withZoneRow({ area, zone: 'highlands' }))).toEqual([
      ['zone_table.0.area', DELIVERY_SETTINGS_MESSAGES.area],
    ]);
  });

  it('upper-cases an area typed in lower case', () => {
    expect(DeliverySettingsSchema.parse(withZoneRow({ area: ' pa ', zone: 'highlands' })).zone_table).toEqual(
      [{ area: 'PA', zone: 'highlands' }],
    );
  });

  it('refuses districts the wrong way round, half a range or out of 0-99', () => {
    const districts = DELIVERY_SETTINGS_MESSAGES.districts;
    expect(messagesOf(withZoneRow({ area: 'PA', from: 49, to: 20, zone: 'highlands' }))).toEqual([
      ['zone_table.0.to', districts],
    ]);
    expect(messagesOf(withZoneRow({ area: 'PA', from: 20, zone: 'highlands' }))).toEqual([
      ['zone_table.0.to', districts],
    ]);
    expect(messagesOf(withZoneRow({ area: 'PA', from: 20, to: 100, zone: 'highlands' }))).toEqual([
      ['zone_table.0.to', districts],
    ]);
  });

  it('refuses the same added day twice for one calendar, and allows it for two', () => {
    const day = { date: '2026-12-24', note: 'Christmas Eve' };
    expect(
      messagesOf({
        ...DEFAULT_DELIVERY_SETTINGS,
        added_days: [
          { ...day, applies_to: 'warehouse' },
          { ...day, applies_to: 'scotland' },
          { ...day, applies_to: 'warehouse' },
        ],
      }),
    ).toEqual([['added_days.2.date', DELIVERY_SETTINGS_MESSAGES.duplicateDay]]);
  });

  it.each(['2026-02-30', '2026-13-01', '24/12/2026'])('refuses the added day %j', (date) => {
    expect(
      messagesOf({ ...DEFAULT_DELIVERY_SETTINGS, added_days: [{ date, applies_to: 'warehouse', note: '' }] }),
    ).toEqual([['added_days.0.date', DELIVERY_SETTINGS_MESSAGES.date]]);
  });

  it.each([0, 11, 1.5])('refuses %j days of transit', (transit_days) => {
    const zones = {
      ...DEFAULT_DELIVERY_SETTINGS.zones,
      mainland: {
        ...DEFAULT_DELIVERY_SETTINGS.zones.mainland,
        parcel: { ...DEFAULT_DELIVERY_SETTINGS.zones.mainland.parcel, transit_days },
      },
    };
    expect(messagesOf({ ...DEFAULT_DELIVERY_SETTINGS, zones })).toEqual([
      ['zones.mainland.parcel.transit_days', DELIVERY_SETTINGS_MESSAGES.transit],
    ]);
  });
});
