/**
 * The delivery rules' shipped data (DESIGN §7): the zones a postcode falls in, the UK bank holidays
 * of 2026-2028 per holiday region, and the default services per zone. Staff edit all of it in /admin (the
 * `delivery` shop setting); these are the seeded values and the fallbacks.
 */

export const DELIVERY_ZONES = [
  'mainland',
  'highlands',
  'northern_ireland',
  'isle_of_wight',
  'scilly',
  'isle_of_man',
  'channel_islands',
] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

export const ZONE_LABELS: Record<DeliveryZone, string> = {
  mainland: 'Mainland Great Britain',
  highlands: 'Highlands and Islands',
  northern_ireland: 'Northern Ireland',
  isle_of_wight: 'Isle of Wight',
  scilly: 'Isles of Scilly',
  isle_of_man: 'Isle of Man',
  channel_islands: 'Channel Islands',
};

/**
 * One row of the zone table: a postcode area ('PA'), optionally narrowed to its districts `from`-`to`
 * (PA20-49), and the zone it is in. A postcode matching no row is on the mainland.
 */
export interface ZoneRange {
  area: string;
  from?: number | undefined;
  to?: number | undefined;
  zone: DeliveryZone;
}

const range = (area: string, zone: DeliveryZone, from?: number, to?: number): ZoneRange =>
  from === undefined ? { area, zone } : { area, from, to: to ?? from, zone };

/** The districts carriers list as Highlands and Islands, and the offshore zones. */
export const DEFAULT_ZONE_TABLE: ZoneRange[] = [
  range('AB', 'highlands', 31, 38),
  range('AB', 'highlands', 44, 56),
  range('FK', 'highlands', 17, 21),
  range('HS', 'highlands'),
  range('IV', 'highlands'),
  range('ZE', 'highlands'),
  range('KA', 'highlands', 27, 28),
  range('KW', 'highlands'),
  range('PA', 'highlands', 20, 49),
  range('PA', 'highlands', 60, 78),
  range('PH', 'highlands', 4, 26),
  range('PH', 'highlands', 30, 44),
  range('PH', 'highlands', 49, 50),
  range('BT', 'northern_ireland'),
  range('PO', 'isle_of_wight', 30, 41),
  range('TR', 'scilly', 21, 25),
  range('IM', 'isle_of_man'),
  range('GY', 'channel_islands'),
  range('JE', 'channel_islands'),
];

export const HOLIDAY_REGIONS = ['england-and-wales', 'scotland', 'northern-ireland'] as const;
export type HolidayRegion = (typeof HOLIDAY_REGIONS)[number];

export const HOLIDAY_REGION_LABELS: Record<HolidayRegion, string> = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
};

/**
 * UK bank holidays 2026-2028 as GOV.UK publishes them (www.gov.uk/bank-holidays.json, the same region keys),
 * with the substitute days where a holiday falls on a weekend.
 */
// prettier-ignore
export const BANK_HOLIDAYS: Record<HolidayRegion, readonly string[]> = {
  'england-and-wales': [
    '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28',
    '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28',
    '2028-01-03', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29', '2028-08-28', '2028-12-25', '2028-12-26',
  ],
  scotland: [
    '2026-01-01', '2026-01-02', '2026-04-03', '2026-05-04', '2026-05-25', '2026-08-03', '2026-11-30', '2026-12-25',
    '2026-12-28',
    '2027-01-01', '2027-01-04', '2027-03-26', '2027-05-03', '2027-05-31', '2027-08-02', '2027-11-30', '2027-12-27',
    '2027-12-28',
    '2028-01-03', '2028-01-04', '2028-04-14', '2028-05-01', '2028-05-29', '2028-08-07', '2028-11-30', '2028-12-25',
    '2028-12-26',
  ],
  'northern-ireland': [
    '2026-01-01', '2026-03-17', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-07-13', '2026-08-31',
    '2026-12-25', '2026-12-28',
    '2027-01-01', '2027-03-17', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-07-12', '2027-08-30',
    '2027-12-27', '2027-12-28',
    '2028-01-03', '2028-03-17', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29', '2028-07-12', '2028-08-28',
    '2028-12-25', '2028-12-26',
  ],
};

/** Postcode areas in Scotland (their holidays apply to deliveries there). TD15, Berwick, is in England. */
// prettier-ignore
const SCOTTISH_AREAS = new Set([
  'AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'TD', 'ZE',
]);

/** The bank-holiday region of a postcode's outward code parts. */
export function holidayRegionOf(area: string, district: number | null): HolidayRegion {
  if (area === 'BT') return 'northern-ireland';
  if (area === 'TD' && district === 15) return 'england-and-wales';
  return SCOTTISH_AREAS.has(area) ? 'scotland' : 'england-and-wales';
}
