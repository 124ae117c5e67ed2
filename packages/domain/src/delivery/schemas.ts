import { z } from 'zod';
import { ADDRESS_MESSAGES, isUkPostcode, normalisePostcode } from '../addresses/schemas';
import { SETTINGS_MESSAGES } from '../administration/shop-settings';
import {
  DEFAULT_ZONE_TABLE,
  DELIVERY_ZONES,
  HOLIDAY_REGIONS,
  type DeliveryZone,
  type HolidayRegion,
} from './data';

/** The delivery services: parcels, and pallets at two speeds. */
export const DELIVERY_SERVICES = ['parcel', 'pallet_economy', 'pallet_next_day'] as const;
export type DeliveryService = (typeof DELIVERY_SERVICES)[number];

/** What a pallet delivery can add, each priced per delivery. */
export const DELIVERY_EXTRAS = ['am_slot', 'timed_slot', 'tail_lift'] as const;
export type DeliveryExtra = (typeof DELIVERY_EXTRAS)[number];

/** The most rows each editable list of the delivery settings holds (docs/security.md, limits). */
export const DELIVERY_LIMITS = { zoneRows: 200, addedDays: 400, transitDays: 10, notes: 100 } as const;

export const DELIVERY_SETTINGS_MESSAGES = {
  cutoff: 'Enter a time as HH:MM, from 00:00 to 23:59.',
  area: 'Enter a postcode area: one or two letters, e.g. PA.',
  districts: 'Enter districts from 0 to 99, the first no greater than the last.',
  date: 'Enter a date as YYYY-MM-DD.',
  duplicateDay: 'This day is already listed for this calendar.',
  transit: `Enter a number of working days from 1 to ${DELIVERY_LIMITS.transitDays}.`,
  yesOrNo: 'Choose yes or no.',
  zone: 'Choose a delivery zone.',
  priceKind: 'Choose a price per parcel or pallet, or a surcharge on the mainland price.',
  region: 'Choose England and Wales, Scotland or Northern Ireland.',
  calendar: 'Choose the warehouse, or the region whose deliveries stop that day.',
  note: `Enter a note of at most ${DELIVERY_LIMITS.notes} characters.`,
  tooManyRows: (max: number) => `Enter at most ${max} rows.`,
} as const;

const required = { message: SETTINGS_MESSAGES.required };
const yesOrNo = z.boolean({ message: DELIVERY_SETTINGS_MESSAGES.yesOrNo });

const pence = z
  .number({ message: SETTINGS_MESSAGES.range(0, 1_000_000) })
  .int(SETTINGS_MESSAGES.wholePence)
  .min(0, SETTINGS_MESSAGES.range(0, 1_000_000))
  .max(1_000_000, SETTINGS_MESSAGES.range(0, 1_000_000));

const district = z
  .number({ message: DELIVERY_SETTINGS_MESSAGES.districts })
  .int(DELIVERY_SETTINGS_MESSAGES.districts)
  .min(0, DELIVERY_SETTINGS_MESSAGES.districts)
  .max(99, DELIVERY_SETTINGS_MESSAGES.districts);

export const ZoneRangeSchema = z
  .object(
    {
      area: z
        .string({ message: DELIVERY_SETTINGS_MESSAGES.area })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{1,2}$/, DELIVERY_SETTINGS_MESSAGES.area),
      from: district.optional(),
      to: district.optional(),
      zone: z.enum(DELIVERY_ZONES, { message: DELIVERY_SETTINGS_MESSAGES.zone }),
    },
    required,
  )
  .strict()
  .refine((row) => (row.from === undefined) === (row.to === undefined) && (row.from ?? 0) <= (row.to ?? 0), {
    message: DELIVERY_SETTINGS_MESSAGES.districts,
    path: ['to'],
  });

/** How one zone is served by one service. */
export const ZoneServiceRuleSchema = z
  .object(
    {
      served: yesOrNo,
      /** Per parcel or pallet: the zone's own price, or a surcharge on the mainland's. */
      price: z
        .object(
          {
            kind: z.enum(['per_unit', 'surcharge'], { message: DELIVERY_SETTINGS_MESSAGES.priceKind }),
            pence,
          },
          required,
        )
        .strict(),
      transit_days: z
        .number({ message: DELIVERY_SETTINGS_MESSAGES.transit })
        .int(DELIVERY_SETTINGS_MESSAGES.transit)
        .min(1, DELIVERY_SETTINGS_MESSAGES.transit)
        .max(DELIVERY_LIMITS.transitDays, DELIVERY_SETTINGS_MESSAGES.transit),
      /** Whether the free-delivery threshold applies. */
      free_threshold: yesOrNo,
    },
    required,
  )
  .strict();
export type ZoneServiceRule = z.infer<typeof ZoneServiceRuleSchema>;

const ZoneServicesSchema = z
  .object(
    {
      parcel: ZoneServiceRuleSchema,
      pallet_economy: ZoneServiceRuleSchema,
      pallet_next_day: ZoneServiceRuleSchema,
    },
    required,
  )
  .strict();

const isoDay = z
  .string({ message: DELIVERY_SETTINGS_MESSAGES.date })
  // Abort on a bad shape, so the calendar check below does not repeat the same message.
  .regex(/^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
    message: DELIVERY_SETTINGS_MESSAGES.date,
    abort: true,
  })
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    DELIVERY_SETTINGS_MESSAGES.date,
  );

export const AddedDaySchema = z
  .object(
    {
      date: isoDay,
      /** The warehouse's own closing day, or an extra holiday of a region's deliveries. */
      applies_to: z.enum(['warehouse', ...HOLIDAY_REGIONS], { message: DELIVERY_SETTINGS_MESSAGES.calendar }),
      note: z
        .string({ message: DELIVERY_SETTINGS_MESSAGES.note })
        .trim()
        .max(DELIVERY_LIMITS.notes, SETTINGS_MESSAGES.tooLong(DELIVERY_LIMITS.notes)),
    },
    required,
  )
  .strict();

/** PUT administration/settings/delivery/: zones, services, prices, cut-off and closing days. */
export const DeliverySettingsSchema = z
  .object({
    /** Orders before this UK time on a working day leave that day. */
    cutoff: z
      .string({ message: DELIVERY_SETTINGS_MESSAGES.cutoff })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, DELIVERY_SETTINGS_MESSAGES.cutoff),
    /** Whose bank holidays the warehouse keeps. */
    warehouse_region: z.enum(HOLIDAY_REGIONS, { message: DELIVERY_SETTINGS_MESSAGES.region }),
    /** The mainland's next-day pallet rate, per pallet (the economy rate is the shipping settings'). */
    pallet_next_day_rate_pence: pence,
    /** Per delivery. */
    extras: z.object({ am_slot: pence, timed_slot: pence, tail_lift: pence }, required).strict(),
    zone_table: z
      .array(ZoneRangeSchema, required)
      .max(DELIVERY_LIMITS.zoneRows, DELIVERY_SETTINGS_MESSAGES.tooManyRows(DELIVERY_LIMITS.zoneRows)),
    zones: z
      .object(
        Object.fromEntries(DELIVERY_ZONES.map((zone) => [zone, ZoneServicesSchema])) as Record<
          DeliveryZone,
          typeof ZoneServicesSchema
        >,
        required,
      )
      .strict(),
    added_days: z
      .array(AddedDaySchema, required)
      .max(DELIVERY_LIMITS.addedDays, DELIVERY_SETTINGS_MESSAGES.tooManyRows(DELIVERY_LIMITS.addedDays)),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.added_days.forEach((day, index) => {
      const key = `${day.applies_to}:${day.date}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: DELIVERY_SETTINGS_MESSAGES.duplicateDay,
          path: ['added_days', index, 'date'],
        });
      }
      seen.add(key);
    });
  });
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>;

const rule = (
  served: boolean,
  kind: 'per_unit' | 'surcharge',
  amount: number,
  transit: number,
  freeThreshold = false,
): ZoneServiceRule => ({
  served,
  price: { kind, pence: amount },
  transit_days: transit,
  free_threshold: freeThreshold,
});

const notServed = rule(false, 'surcharge', 0, 3);

/**
 * The seeded delivery settings. The mainland keeps the shop's earlier rates (the shipping settings:
 * £6.95 a parcel, free over £150 net, £45 a pallet); the surcharges are typical UK carriers' for 2026.
 */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  cutoff: '14:00',
  warehouse_region: 'england-and-wales',
  pallet_next_day_rate_pence: 6500,
  extras: { am_slot: 1500, timed_slot: 2500, tail_lift: 2500 },
  zone_table: DEFAULT_ZONE_TABLE,
  zones: {
    mainland: {
      parcel: rule(true, 'surcharge', 0, 1, true),
      pallet_economy: rule(true, 'surcharge', 0, 2),
      pallet_next_day: rule(true, 'surcharge', 0, 1),
    },
    highlands: {
      parcel: rule(true, 'surcharge', 895, 2),
      pallet_economy: rule(true, 'surcharge', 3500, 3),
      pallet_next_day: notServed,
    },
    northern_ireland: {
      parcel: rule(true, 'surcharge', 995, 2),
      pallet_economy: rule(true, 'surcharge', 5500, 3),
      pallet_next_day: notServed,
    },
    isle_of_wight: {
      parcel: rule(true, 'surcharge', 595, 2),
      pallet_economy: rule(true, 'surcharge', 3000, 3),
      pallet_next_day: notServed,
    },
    scilly: {
      parcel: rule(true, 'surcharge', 1495, 3),
      pallet_economy: notServed,
      pallet_next_day: notServed,
    },
    isle_of_man: { parcel: notServed, pallet_economy: notServed, pallet_next_day: notServed },
    channel_islands: { parcel: notServed, pallet_economy: notServed, pallet_next_day: notServed },
  },
  added_days: [],
};

const ZoneServiceRuleViewSchema = z.object({
  served: z.boolean(),
  price: z.object({ kind: z.enum(['per_unit', 'surcharge']), pence: z.number().int() }),
  transit_days: z.number().int(),
  free_threshold: z.boolean(),
});
const ZoneServicesViewSchema = z.object({
  parcel: ZoneServiceRuleViewSchema,
  pallet_economy: ZoneServiceRuleViewSchema,
  pallet_next_day: ZoneServiceRuleViewSchema,
});

/**
 * GET and PUT administration/settings/delivery/: the settings in force (their defaults until saved), and the
 * shipped bank holidays per region, read-only, for the form to show beside the days staff add.
 */
export const DeliverySettingsViewSchema = z.object({
  cutoff: z.string(),
  warehouse_region: z.enum(HOLIDAY_REGIONS),
  pallet_next_day_rate_pence: z.number().int(),
  extras: z.object({ am_slot: z.number().int(), timed_slot: z.number().int(), tail_lift: z.number().int() }),
  zone_table: z.array(
    z.object({
      area: z.string(),
      from: z.number().int().optional(),
      to: z.number().int().optional(),
      zone: z.enum(DELIVERY_ZONES),
    }),
  ),
  zones: z.object(
    Object.fromEntries(DELIVERY_ZONES.map((zone) => [zone, ZoneServicesViewSchema])) as Record<
      DeliveryZone,
      typeof ZoneServicesViewSchema
    >,
  ),
  added_days: z.array(
    z.object({
      date: z.string(),
      applies_to: z.enum(['warehouse', ...HOLIDAY_REGIONS]),
      note: z.string(),
    }),
  ),
  bank_holidays: z.object(
    Object.fromEntries(HOLIDAY_REGIONS.map((region) => [region, z.array(z.string())])) as Record<
      HolidayRegion,
      z.ZodArray<z.ZodString>
    >,
  ),
});
export type DeliverySettingsView = z.infer<typeof DeliverySettingsViewSchema>;

// ---------------------------------------------------------------------------------------------------------
// The API
// ---------------------------------------------------------------------------------------------------------

const postcode = z
  .string({ message: ADDRESS_MESSAGES.postalCodeInvalid })
  .trim()
  .min(1, { message: ADDRESS_MESSAGES.postalCodeRequired, abort: true })
  .max(10, { message: ADDRESS_MESSAGES.postalCodeInvalid, abort: true })
  .transform(normalisePostcode)
  .refine(isUkPostcode, ADDRESS_MESSAGES.postalCodeInvalid);

/** POST ecommerce/delivery-options/. */
export const DeliveryOptionsRequestSchema = z.object({
  cart_id: z.number().int().positive().max(2_147_483_647),
  postal_code: postcode,
});
export type DeliveryOptionsRequest = z.infer<typeof DeliveryOptionsRequestSchema>;

export const DeliveryExtraViewSchema = z.object({
  code: z.enum(DELIVERY_EXTRAS),
  label: z.string(),
  /** Decimal pounds, as every price in the API. */
  price: z.string(),
});

export const DeliveryOptionViewSchema = z.object({
  service: z.enum(DELIVERY_SERVICES),
  label: z.string(),
  /** Decimal pounds, before VAT. */
  price: z.string(),
  /** The promised delivery day, YYYY-MM-DD (UK). */
  delivery_date: z.string(),
  /** The last moment to order for that date (the cut-off on the dispatch day), ISO 8601 with offset. */
  order_by: z.string(),
  dispatch_date: z.string(),
  explanation: z.string(),
  extras: z.array(DeliveryExtraViewSchema),
});
export type DeliveryOptionView = z.infer<typeof DeliveryOptionViewSchema>;

/**
 * The answer: the array of options when the address is served; when it is not, 200 with
 * no options and the reason, `{options: [], reason, zone}` (decision 012).
 */
export const DeliveryNotServedViewSchema = z.object({
  options: z.array(DeliveryOptionViewSchema).max(0),
  reason: z.string(),
  zone: z.enum(DELIVERY_ZONES),
});
export const DeliveryOptionsViewSchema = z.union([
  z.array(DeliveryOptionViewSchema),
  DeliveryNotServedViewSchema,
]);
export type DeliveryOptionsView = z.infer<typeof DeliveryOptionsViewSchema>;

/** The delivery choice a cart keeps and an intent or an on-account order may name. */
export const DeliveryChoiceSchema = z.object({
  delivery_service: z.enum(DELIVERY_SERVICES).nullish(),
  delivery_extras: z.array(z.enum(DELIVERY_EXTRAS)).max(DELIVERY_EXTRAS.length).optional(),
});

/** GET ecommerce/delivery-promise/: the product page's promise for a parcel to a postcode (none: the mainland). */
export const DeliveryPromiseQuerySchema = z.object({ postal_code: postcode.optional() }).strict();

export const DeliveryPromiseViewSchema = z.object({
  postal_code: z.string().nullable(),
  zone: z.enum(DELIVERY_ZONES),
  zone_label: z.string(),
  /** Why a parcel cannot be promised there (a zone not served online), else null. */
  reason: z.string().nullable(),
  delivery_date: z.string().nullable(),
  /** 'Friday 28 November'. */
  delivery_date_label: z.string().nullable(),
  /** The cut-off for that date, ISO 8601 with offset: the page counts down to it. */
  order_by: z.string().nullable(),
  /** '14:00 on Monday'. */
  order_by_label: z.string().nullable(),
  /**
   * What a parcel to this postcode costs, before VAT ('6.95'): the price the cart charges for each parcel of
   * up to `parcel_max_weight_kg`; null where parcels are not delivered online.
   */
  parcel_price: z.string().nullable(),
  parcel_max_weight_kg: z.number(),
  /** Parcels go free on goods over this, before VAT ('150.00'); null where they are never free. */
  free_over: z.string().nullable(),
  /**
   * What a pallet to this postcode costs by its cheapest service, before VAT: orders of
   * `pallet_from_weight_kg` or more travel by pallet; null where pallets are not delivered online.
   */
  pallet_price: z.string().nullable(),
  pallet_from_weight_kg: z.number(),
});
export type DeliveryPromiseView = z.infer<typeof DeliveryPromiseViewSchema>;
