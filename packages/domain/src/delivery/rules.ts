import { TZDate } from '@date-fns/tz';
import { addDays, format, formatISO, isWeekend, parseISO } from 'date-fns';
import { ADDRESS_MESSAGES, isUkPostcode, normalisePostcode } from '../addresses/schemas';
import { orderByLabel, ukDeliveryDay } from '../dates';
import { formatGbp } from '../pricing/money';
import { shippingQuote, type ShippingRates } from '../pricing/shipping';
import { sumTotals, type LineTotals, type Totals } from '../pricing/totals';
import {
  BANK_HOLIDAYS,
  holidayRegionOf,
  ZONE_LABELS,
  type DeliveryZone,
  type HolidayRegion,
  type ZoneRange,
} from './data';
import { countdownText, EXTRA_LABELS, SERVICE_LABELS, ZONE_PHRASES } from './labels';
import type { DeliveryExtra, DeliveryService, DeliverySettings, ZoneServiceRule } from './schemas';
import { DELIVERY_EXTRAS, DELIVERY_SERVICES } from './schemas';

/**
 * The delivery promise (DESIGN §7): which services reach a postcode, at what price, dispatched
 * on which day and delivered on which date. A pure function of (postcode, cart weight and goods, the time
 * of ordering, the rules); the product page, the cart, the payment intent and the order all call it. Dates
 * are UK calendar days ('YYYY-MM-DD'); the time of day is read in Europe/London with @date-fns/tz, so the
 * cut-off is 14:00 on the clock on the warehouse wall, in GMT and in BST alike.
 */
export const SHOP_TIME_ZONE = 'Europe/London';

export interface DeliveryRules {
  /** The mainland's parcel and economy pallet rates, the weights and the free-delivery threshold. */
  shipping: ShippingRates;
  delivery: DeliverySettings;
}

export const DELIVERY_MESSAGES = {
  postcode: ADDRESS_MESSAGES.postalCodeInvalid,
  notServed: (zone: DeliveryZone) =>
    `We do not deliver to ${ZONE_PHRASES[zone]} online yet: contact us for a quote.`,
  palletsNotServed: (zone: DeliveryZone) =>
    `We do not deliver pallets to ${ZONE_PHRASES[zone]} online yet: contact us for a quote.`,
  parcelsNotServed: (zone: DeliveryZone) =>
    `We do not deliver parcels to ${ZONE_PHRASES[zone]} online yet: contact us for a quote.`,
  serviceNotOffered: 'This delivery service is not offered for this address and order.',
  extrasForPallets: 'Delivery slots and a tail lift are for pallet deliveries.',
  oneSlot: 'Choose an AM slot or a timed slot, not both.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Postcodes and zones
// ---------------------------------------------------------------------------------------------------------

/** A postcode's area letters and district number ('PA20 1AB' is PA and 20; 'EC1A 1BB' is EC and 1). */
export function postcodeDistrict(postcode: string): { area: string; district: number | null } | null {
  const normal = normalisePostcode(postcode);
  if (!isUkPostcode(normal)) return null;
  const match = /^([A-Z]{1,2})(\d+)?/.exec(normal.split(' ')[0]!);
  if (!match) return null;
  return { area: match[1]!, district: match[2] === undefined ? null : Number(match[2]) };
}

/** The zone of a postcode by the zone table: the first row that covers its district, else the mainland. */
export function zoneOf(postcode: string, table: readonly ZoneRange[]): DeliveryZone {
  const parts = postcodeDistrict(postcode);
  if (!parts) return 'mainland';
  for (const row of table) {
    if (row.area !== parts.area) continue;
    if (row.from === undefined) return row.zone;
    if (parts.district !== null && parts.district >= row.from && parts.district <= (row.to ?? row.from)) {
      return row.zone;
    }
  }
  return 'mainland';
}

// ---------------------------------------------------------------------------------------------------------
// Working days
// ---------------------------------------------------------------------------------------------------------

/** The days that are not working days, beyond weekends: for the warehouse, or a destination region. */
export interface Closures {
  warehouse: ReadonlySet<string>;
  regions: Record<HolidayRegion, ReadonlySet<string>>;
}

const closuresCache = new WeakMap<DeliverySettings, Closures>();

/** The shipped bank holidays plus the days staff added, per use; worked out once per settings object. */
export function closuresOf(settings: DeliverySettings): Closures {
  const cached = closuresCache.get(settings);
  if (cached) return cached;
  const region = (name: HolidayRegion) =>
    new Set([
      ...BANK_HOLIDAYS[name],
      ...settings.added_days.filter((day) => day.applies_to === name).map((day) => day.date),
    ]);
  const regions = {
    'england-and-wales': region('england-and-wales'),
    scotland: region('scotland'),
    'northern-ireland': region('northern-ireland'),
  };
  const closures: Closures = {
    warehouse: new Set([
      ...regions[settings.warehouse_region],
      ...settings.added_days.filter((day) => day.applies_to === 'warehouse').map((day) => day.date),
    ]),
    regions,
  };
  closuresCache.set(settings, closures);
  return closures;
}

const dayOf = (day: string) => parseISO(day);
const iso = (date: Date) => format(date, 'yyyy-MM-dd');

/** Whether a UK calendar day is a working day: not a Saturday, Sunday or one of `closed`. */
export function isWorkingDay(day: string, closed: ReadonlySet<string>): boolean {
  return !isWeekend(dayOf(day)) && !closed.has(day);
}

/** The first working day after `day`. */
export function nextWorkingDay(day: string, closed: ReadonlySet<string>): string {
  let date = addDays(dayOf(day), 1);
  // Bounded: a year of closures would be a data error, not a reason to loop for ever.
  for (let i = 0; i < 366 && (isWeekend(date) || closed.has(iso(date))); i += 1) date = addDays(date, 1);
  return iso(date);
}

/** The day `count` working days after `day` (count ≥ 1). */
export function addWorkingDays(day: string, count: number, closed: ReadonlySet<string>): string {
  let current = day;
  for (let i = 0; i < count; i += 1) current = nextWorkingDay(current, closed);
  return current;
}

/** The UK day and 'HH:mm' time of an instant. */
export function ukClock(now: Date): { day: string; time: string } {
  const local = new TZDate(now.getTime(), SHOP_TIME_ZONE);
  return { day: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
}

/** The instant of a UK day's wall-clock 'HH:mm', with its offset ('2026-11-27T14:00:00Z', '…+01:00'). */
export function ukInstant(day: string, time: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return formatISO(new TZDate(y, m - 1, d, hh, mm, SHOP_TIME_ZONE));
}

/**
 * The day an order placed at `now` leaves the warehouse: today when today is a working day there and the
 * clock is before the cut-off, else the next working day.
 */
export function dispatchDay(now: Date, settings: DeliverySettings): string {
  const { warehouse } = closuresOf(settings);
  const { day, time } = ukClock(now);
  if (isWorkingDay(day, warehouse) && time < settings.cutoff) return day;
  return nextWorkingDay(day, warehouse);
}

/**
 * The dispatch-by and promised days of a service to a postcode for an order made at `now` (an approved held
 * order is dated when it is placed). Null when the zone does not have the service.
 */
export function promisedDates(
  service: DeliveryService,
  postalCode: string | null,
  now: Date,
  rules: DeliveryRules,
): { zone: DeliveryZone; dispatch_date: string; delivery_date: string } | null {
  const parts = postalCode === null ? null : postcodeDistrict(postalCode);
  const zone = parts === null ? 'mainland' : zoneOf(postalCode!, rules.delivery.zone_table);
  const rule = rules.delivery.zones[zone][service];
  if (!rule.served) return null;
  const region = parts ? holidayRegionOf(parts.area, parts.district) : rules.delivery.warehouse_region;
  const dispatch = dispatchDay(now, rules.delivery);
  return {
    zone,
    dispatch_date: dispatch,
    delivery_date: addWorkingDays(dispatch, rule.transit_days, closuresOf(rules.delivery).regions[region]),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Services and prices
// ---------------------------------------------------------------------------------------------------------

/** What is being delivered: the cart's line count, weight (kg) and goods after discounts (pence). */
export interface DeliveryLoad {
  lines: number;
  weight_kg: number;
  goods_pence: number;
}

export interface DeliveryExtraOffer {
  code: DeliveryExtra;
  label: string;
  price_pence: number;
}

export interface DeliveryOption {
  service: DeliveryService;
  label: string;
  price_pence: number;
  unit: 'parcel' | 'pallet';
  units: number;
  free: boolean;
  /**
   * The goods value (pence, before VAT) this service travels free above, where the zone's rule applies the
   * free-delivery threshold to it; null where it does not.
   */
  free_over_pence: number | null;
  explanation: string;
  /** The day the order leaves the warehouse. */
  dispatch_date: string;
  /** The promised delivery day, a working day at the destination. */
  delivery_date: string;
  /** The last moment to order for these dates: the cut-off on the dispatch day. */
  order_by: string;
  /** Options the buyer may add (pallets only), each priced per delivery. */
  extras: DeliveryExtraOffer[];
}

export interface DeliveryQuote {
  /** The normalised postcode, or null for the mainland estimate. */
  postal_code: string | null;
  zone: DeliveryZone;
  zone_label: string;
  region: HolidayRegion;
  options: DeliveryOption[];
  /** Why there are no options (a zone not served online), else null. */
  reason: string | null;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A service's price for one parcel or pallet in a zone, before any free-delivery threshold. */
function unitPrice(service: DeliveryService, rule: ZoneServiceRule, rules: DeliveryRules): number {
  if (rule.price.kind === 'per_unit') return rule.price.pence;
  const mainland =
    service === 'parcel'
      ? rules.shipping.parcel_rate_pence
      : service === 'pallet_economy'
        ? rules.shipping.pallet_rate_pence
        : rules.delivery.pallet_next_day_rate_pence;
  return mainland + rule.price.pence;
}

function explain(
  service: DeliveryService,
  zone: DeliveryZone,
  units: number,
  each: number,
  free: boolean,
  thresholdApplies: boolean,
  rules: DeliveryRules,
): string {
  const threshold = formatGbp(rules.shipping.free_over_net_pence);
  const where = zone === 'mainland' ? '' : ` to ${ZONE_PHRASES[zone]}`;
  if (service === 'parcel') {
    const packed = `${plural(units, 'parcel')} of up to ${rules.shipping.parcel_max_weight_kg} kg`;
    if (free) return `Free delivery on parcel orders over ${threshold} before VAT: ${packed}.`;
    return (
      `${packed} at ${formatGbp(each)} each${where}.` +
      (thresholdApplies ? ` Delivery is free on parcel orders over ${threshold} before VAT.` : '')
    );
  }
  const speed = service === 'pallet_next_day' ? ', next working day' : '';
  return (
    `Orders of ${rules.shipping.pallet_from_weight_kg} kg or more travel by pallet: ` +
    `${plural(units, 'pallet')} of up to ${rules.shipping.pallet_max_weight_kg} kg at ` +
    `${formatGbp(each)} each${where}${speed}.`
  );
}

/**
 * Every service that reaches `postalCode` for this load, cheapest first, priced and dated for an order
 * placed at `now`. Parcels below the pallet weight, pallets from it (the shop's rule before delivery services, so a
 * buyer who chooses nothing pays what they paid before). `postalCode` null quotes the mainland. Throws
 * RangeError on a postcode that is not a UK postcode (the API validates first).
 */
export function deliveryQuote(
  load: DeliveryLoad,
  postalCode: string | null,
  now: Date,
  rules: DeliveryRules,
): DeliveryQuote {
  const normal = postalCode === null ? null : normalisePostcode(postalCode);
  if (normal !== null && !isUkPostcode(normal)) throw new RangeError(DELIVERY_MESSAGES.postcode);
  const parts = normal === null ? null : postcodeDistrict(normal);
  const zone = normal === null ? 'mainland' : zoneOf(normal, rules.delivery.zone_table);
  const region = parts ? holidayRegionOf(parts.area, parts.district) : rules.delivery.warehouse_region;
  const base = { postal_code: normal, zone, zone_label: ZONE_LABELS[zone], region };
  if (load.lines <= 0) return { ...base, options: [], reason: null };

  // The parcel or pallet count and the free threshold, by the mainland rule.
  const counted = shippingQuote(load, rules.shipping);
  const byPallet = counted.parcel_type === 'pallet';
  const wanted: DeliveryService[] = byPallet ? ['pallet_economy', 'pallet_next_day'] : ['parcel'];
  const zoneRules = rules.delivery.zones[zone];
  const served = wanted.filter((service) => zoneRules[service].served);
  if (served.length === 0) {
    const anyServed = DELIVERY_SERVICES.some((service) => zoneRules[service].served);
    const reason = !anyServed
      ? DELIVERY_MESSAGES.notServed(zone)
      : byPallet
        ? DELIVERY_MESSAGES.palletsNotServed(zone)
        : DELIVERY_MESSAGES.parcelsNotServed(zone);
    return { ...base, options: [], reason };
  }

  const closures = closuresOf(rules.delivery);
  const dispatch = dispatchDay(now, rules.delivery);
  const orderBy = ukInstant(dispatch, rules.delivery.cutoff);
  const extras: DeliveryExtraOffer[] = DELIVERY_EXTRAS.map((code) => ({
    code,
    label: EXTRA_LABELS[code],
    price_pence: rules.delivery.extras[code],
  }));
  const options = served.map((service): DeliveryOption => {
    const rule = zoneRules[service];
    const each = unitPrice(service, rule, rules);
    const free = rule.free_threshold && load.goods_pence > rules.shipping.free_over_net_pence;
    return {
      service,
      label: SERVICE_LABELS[service],
      price_pence: free ? 0 : counted.parcels_needed * each,
      unit: byPallet ? 'pallet' : 'parcel',
      units: counted.parcels_needed,
      free,
      free_over_pence: rule.free_threshold ? rules.shipping.free_over_net_pence : null,
      explanation: explain(service, zone, counted.parcels_needed, each, free, rule.free_threshold, rules),
      dispatch_date: dispatch,
      delivery_date: addWorkingDays(dispatch, rule.transit_days, closures.regions[region]),
      order_by: orderBy,
      extras: byPallet ? extras : [],
    };
  });
  options.sort(
    (a, b) =>
      a.price_pence - b.price_pence ||
      a.delivery_date.localeCompare(b.delivery_date) ||
      DELIVERY_SERVICES.indexOf(a.service) - DELIVERY_SERVICES.indexOf(b.service),
  );
  return { ...base, options, reason: null };
}

export type DeliveryChoice =
  | { ok: true; option: DeliveryOption; extras: DeliveryExtra[]; price_pence: number }
  | { ok: false; field: 'delivery_service' | 'delivery_extras' | 'shipping_address'; message: string };

/**
 * The buyer's choice checked against a quote: the named service (or the cheapest, for a client that names
 * none) with its extras, priced by the server. A service or extra the quote does not offer is refused.
 */
export function chooseDelivery(
  quote: DeliveryQuote,
  service: DeliveryService | null | undefined,
  extras: readonly DeliveryExtra[] = [],
): DeliveryChoice {
  if (quote.options.length === 0) {
    return {
      ok: false,
      field: 'shipping_address',
      message: quote.reason ?? DELIVERY_MESSAGES.serviceNotOffered,
    };
  }
  const option = service ? quote.options.find((offer) => offer.service === service) : quote.options[0];
  if (!option) return { ok: false, field: 'delivery_service', message: DELIVERY_MESSAGES.serviceNotOffered };
  const wanted = [...new Set(extras)];
  if (wanted.length > 0 && option.extras.length === 0) {
    return { ok: false, field: 'delivery_extras', message: DELIVERY_MESSAGES.extrasForPallets };
  }
  if (wanted.includes('am_slot') && wanted.includes('timed_slot')) {
    return { ok: false, field: 'delivery_extras', message: DELIVERY_MESSAGES.oneSlot };
  }
  const ordered = DELIVERY_EXTRAS.filter((code) => wanted.includes(code));
  const price =
    option.price_pence +
    ordered.reduce((sum, code) => sum + option.extras.find((offer) => offer.code === code)!.price_pence, 0);
  return { ok: true, option, extras: ordered, price_pence: price };
}

/** What a cart, intent or order is charged and promised for delivery: the choice, or why there is none. */
export interface DeliveredTotals {
  totals: Totals;
  quote: DeliveryQuote;
  /** The delivery charged; null for an empty cart; not ok when the address cannot be served at all. */
  choice: DeliveryChoice | null;
  /** The buyer's own choice when it could not be had and the cheapest was charged instead. */
  refused: Extract<DeliveryChoice, { ok: false }> | null;
}

/** Where a cart goes and how: the postcode priced for (null: the mainland) and the buyer's choice. */
export interface DeliveryWhere {
  postal_code: string | null;
  service?: DeliveryService | null | undefined;
  extras?: readonly DeliveryExtra[] | undefined;
  /**
   * True when the buyer named the service in this request (an intent or an order on account): one the
   * address and load cannot have is refused. Otherwise (the cart's stored choice, which a later change of
   * the cart may have outdated) the cheapest service is charged instead and `refused` says why.
   */
  strict?: boolean | undefined;
  /**
   * An accepted quote's delivery price, pence: the quote offers only the cheapest service the
   * address and load can have, at this price; its extras keep theirs. Null or absent: the rules price it.
   */
  quoted_pence?: number | null | undefined;
}

/** The quote an accepted quote's cart has: its cheapest service at the quoted price (`DeliveryWhere`). */
function asQuoted(quote: DeliveryQuote, quotedPence: number | null | undefined): DeliveryQuote {
  if (quotedPence == null || quote.options.length === 0) return quote;
  // The quoted price stands whatever the goods come to: no threshold applies to it.
  return { ...quote, options: [{ ...quote.options[0]!, price_pence: quotedPence, free_over_pence: null }] };
}

/**
 * A cart's totals with its delivery (DESIGN §4.5, §4.8, §7): the goods, then the chosen service's price
 * (the cheapest when none is chosen), then VAT on goods plus delivery. An empty cart, or an address no
 * service reaches, is charged nothing for delivery (`choice` says why). The cart page, the payment intent
 * and the order all price a cart with this.
 */
export function deliveredTotals(
  lines: readonly LineTotals[],
  vatPercent: number,
  rules: DeliveryRules,
  where: DeliveryWhere,
  now: Date,
): DeliveredTotals {
  const goods = sumTotals(lines, 0, vatPercent);
  const quote = asQuoted(
    deliveryQuote(
      { lines: lines.length, weight_kg: goods.weight_kg, goods_pence: goods.goods_pence },
      where.postal_code,
      now,
      rules,
    ),
    where.quoted_pence,
  );
  if (lines.length === 0) return { totals: goods, quote, choice: null, refused: null };
  let choice = chooseDelivery(quote, where.service, where.extras ?? []);
  let refused: DeliveredTotals['refused'] = null;
  if (!choice.ok && choice.field !== 'shipping_address' && !where.strict) {
    refused = choice;
    choice = chooseDelivery(quote, null, []);
  }
  return {
    totals: sumTotals(lines, choice.ok ? choice.price_pence : 0, vatPercent),
    quote,
    choice,
    refused,
  };
}

/**
 * How much more goods (pence, before VAT) would make the charged delivery free: the least that takes the goods
 * over the threshold, since delivery is free only above it. Null where nothing is charged, no service was
 * chosen, or the zone's rule applies no threshold to the service (pallets, most islands, a quoted price).
 */
export function freeDeliveryShortfall({ totals, choice }: DeliveredTotals): number | null {
  if (!choice?.ok || choice.option.free || choice.option.free_over_pence === null) return null;
  if (choice.option.price_pence === 0) return null;
  return Math.max(1, choice.option.free_over_pence + 1 - totals.goods_pence);
}

// ---------------------------------------------------------------------------------------------------------
// The promise in words
// ---------------------------------------------------------------------------------------------------------

/** The product page's line for an option at `now` (countdownText with the option's own labels). */
export function promiseText(option: Pick<DeliveryOption, 'order_by' | 'delivery_date'>, now: Date): string {
  return countdownText(
    Date.parse(option.order_by),
    now.getTime(),
    ukDeliveryDay(option.delivery_date),
    orderByLabel(option.order_by),
  );
}
