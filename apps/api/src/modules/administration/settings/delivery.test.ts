// GET|PUT /api/administration/settings/delivery/: zones, services, prices, cut-off and closing days;
// staff only, audited, bounded, and the next cart read prices with a change.
import {
  BANK_HOLIDAYS,
  DEFAULT_DELIVERY_SETTINGS,
  DELIVERY_LIMITS,
  DELIVERY_SETTINGS_MESSAGES,
  SETTINGS_MESSAGES,
  type DeliverySettings,
  type DeliverySettingsView,
} from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../test/support/administration';
import { cartLine, itemBySku, newShopper, tierId } from '../../../../test/support/carts';
import { auditLog, carts, shopSettings } from '../../../db/schema';
import { selectPricingSettings } from '../../settings/queries';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'delivery-settings');
});
afterAll(() => ctx.close());

const PATH = 'settings/delivery/';
const BANK_HOLIDAYS_VIEW = {
  'england-and-wales': [...BANK_HOLIDAYS['england-and-wales']],
  scotland: [...BANK_HOLIDAYS.scotland],
  'northern-ireland': [...BANK_HOLIDAYS['northern-ireland']],
};

/** A deep copy of the defaults to change. */
const settings = (): DeliverySettings => structuredClone(DEFAULT_DELIVERY_SETTINGS);

const stored = async () =>
  (await ctx.database.db.select().from(shopSettings).where(eq(shopSettings.key, 'delivery')))[0]?.value;

const auditRows = () =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.entityId, 'delivery')));

/** The field errors of a refused PUT, after checking nothing was stored. */
async function refused(body: unknown) {
  const before = await stored();
  const res = await staff.admin('PUT', PATH, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(await stored()).toEqual(before);
  return res.json<Record<string, string[]>>();
}

describe('GET|PUT /api/administration/settings/delivery/', () => {
  it('answers staff and owners only, and changes nothing for others', async () => {
    await expectStaffOnly(ctx, 'GET', PATH);
    await expectStaffOnly(ctx, 'PUT', PATH, { ...settings(), cutoff: '12:00' });
    expect(await stored()).toEqual(DEFAULT_DELIVERY_SETTINGS);
    const owner = await staffMember(ctx, 'owner', 'delivery-owner');
    expect((await owner.admin('GET', PATH)).statusCode).toBe(200);
    expect((await owner.admin('PUT', PATH, settings())).statusCode).toBe(200);
    // The same values again: nothing changed, so nothing is audited.
    expect(await auditRows()).toEqual([]);
  });

  it('answers the defaults with the shipped bank holidays, read-only', async () => {
    const res = await staff.admin('GET', PATH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_DELIVERY_SETTINGS, bank_holidays: BANK_HOLIDAYS_VIEW });
    // bank_holidays is not a setting: sending it back is refused as an unknown field.
    expect(await refused(res.json())).toHaveProperty('non_field_errors');
  });

  it('stores a change, answers it as GET does, normalised, and audits only the fields that changed', async () => {
    const change = settings();
    change.cutoff = '13:30';
    change.warehouse_region = 'scotland';
    change.pallet_next_day_rate_pence = 7000;
    change.extras.tail_lift = 3000;
    change.zone_table.push({ area: ' ka ', from: 29, to: 29, zone: 'highlands' });
    change.zones.isle_of_man.parcel = {
      served: true,
      price: { kind: 'per_unit', pence: 2495 },
      transit_days: 4,
      free_threshold: false,
    };
    change.added_days = [
      { date: '2026-12-24', applies_to: 'warehouse', note: ' Stocktake ' },
      { date: '2026-12-24', applies_to: 'northern-ireland', note: '' },
    ];
    const saved: DeliverySettings = structuredClone(change);
    saved.zone_table.at(-1)!.area = 'KA';
    saved.added_days[0]!.note = 'Stocktake';

    const res = await staff.admin('PUT', PATH, change);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...saved, bank_holidays: BANK_HOLIDAYS_VIEW });
    expect(await stored()).toEqual(saved);
    expect((await staff.admin('GET', PATH)).json<DeliverySettingsView>()).toEqual(res.json());
    expect((await selectPricingSettings(ctx.database.db)).rules.delivery).toEqual(saved);

    const [entry, ...more] = await auditRows();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'settings.update',
      actorId: staff.userId,
      actorEmail: staff.email,
    });
    expect(Object.keys(entry!.after as object).sort()).toEqual([
      'added_days',
      'cutoff',
      'extras',
      'pallet_next_day_rate_pence',
      'warehouse_region',
      'zone_table',
      'zones',
    ]);
    expect(entry!.before).toMatchObject({
      cutoff: '14:00',
      warehouse_region: 'england-and-wales',
      added_days: [],
    });
    expect(entry!.after).toMatchObject({ cutoff: '13:30', added_days: saved.added_days });

    // Put back for the tests after this one.
    expect((await staff.admin('PUT', PATH, settings())).statusCode).toBe(200);
  });

  const zoneRule = (change: object) => {
    const body = settings();
    body.zones.highlands.parcel = { ...body.zones.highlands.parcel, ...change };
    return body;
  };

  it.each<[string, (body: Record<string, unknown> & DeliverySettings) => void, string, string]>([
    ['a cut-off past midnight', (b) => (b.cutoff = '24:00'), 'cutoff', DELIVERY_SETTINGS_MESSAGES.cutoff],
    ['a cut-off as text', (b) => (b.cutoff = '2pm'), 'cutoff', DELIVERY_SETTINGS_MESSAGES.cutoff],
    [
      'an unknown holiday region',
      (b) => Object.assign(b, { warehouse_region: 'wales' }),
      'warehouse_region',
      DELIVERY_SETTINGS_MESSAGES.region,
    ],
    [
      'a next-day rate in pounds',
      (b) => (b.pallet_next_day_rate_pence = 65.5),
      'pallet_next_day_rate_pence',
      SETTINGS_MESSAGES.wholePence,
    ],
    [
      'a negative extra',
      (b) => (b.extras.am_slot = -1),
      'extras.am_slot',
      SETTINGS_MESSAGES.range(0, 1_000_000),
    ],
    [
      'an extra as text',
      (b) => Object.assign(b.extras, { timed_slot: '25' }),
      'extras.timed_slot',
      SETTINGS_MESSAGES.range(0, 1_000_000),
    ],
    [
      'a zone row of three letters',
      (b) => (b.zone_table[0]!.area = 'ABC'),
      'zone_table.0.area',
      DELIVERY_SETTINGS_MESSAGES.area,
    ],
    [
      'districts the wrong way round',
      (b) => Object.assign(b.zone_table[8]!, { from: 49, to: 20 }),
      'zone_table.8.to',
      DELIVERY_SETTINGS_MESSAGES.districts,
    ],
    [
      'a district over 99',
      (b) => Object.assign(b.zone_table[2]!, { to: 100 }),
      'zone_table.2.to',
      DELIVERY_SETTINGS_MESSAGES.districts,
    ],
    [
      'an unknown zone in the table',
      (b) => Object.assign(b.zone_table[3]!, { zone: 'orkney' }),
      'zone_table.3.zone',
      DELIVERY_SETTINGS_MESSAGES.zone,
    ],
    [
      'served as text',
      (b) => Object.assign(b, zoneRule({ served: 'yes' })),
      'zones.highlands.parcel.served',
      DELIVERY_SETTINGS_MESSAGES.yesOrNo,
    ],
    [
      'an unknown price kind',
      (b) => Object.assign(b, zoneRule({ price: { kind: 'per_kg', pence: 100 } })),
      'zones.highlands.parcel.price.kind',
      DELIVERY_SETTINGS_MESSAGES.priceKind,
    ],
    [
      'a surcharge in fractions of a penny',
      (b) => Object.assign(b, zoneRule({ price: { kind: 'surcharge', pence: 895.5 } })),
      'zones.highlands.parcel.price.pence',
      SETTINGS_MESSAGES.wholePence,
    ],
    [
      'no days of transit',
      (b) => Object.assign(b, zoneRule({ transit_days: 0 })),
      'zones.highlands.parcel.transit_days',
      DELIVERY_SETTINGS_MESSAGES.transit,
    ],
    [
      'the free threshold missing',
      (b) => Object.assign(b, zoneRule({ free_threshold: undefined })),
      'zones.highlands.parcel.free_threshold',
      DELIVERY_SETTINGS_MESSAGES.yesOrNo,
    ],
    [
      'a zone missing',
      (b) => delete (b.zones as Partial<DeliverySettings['zones']>).scilly,
      'zones.scilly',
      SETTINGS_MESSAGES.required,
    ],
    [
      'a day that does not exist',
      (b) => (b.added_days = [{ date: '2026-02-30', applies_to: 'warehouse', note: '' }]),
      'added_days.0.date',
      DELIVERY_SETTINGS_MESSAGES.date,
    ],
    [
      'a day written the British way',
      (b) => (b.added_days = [{ date: '24/12/2026', applies_to: 'warehouse', note: '' }]),
      'added_days.0.date',
      DELIVERY_SETTINGS_MESSAGES.date,
    ],
    [
      'the same day twice for one calendar',
      (b) =>
        (b.added_days = [
          { date: '2026-12-24', applies_to: 'warehouse', note: '' },
          { date: '2026-12-24', applies_to: 'scotland', note: '' },
          { date: '2026-12-24', applies_to: 'warehouse', note: 'again' },
        ]),
      'added_days.2.date',
      DELIVERY_SETTINGS_MESSAGES.duplicateDay,
    ],
    [
      'an unknown calendar',
      (b) => (b.added_days = [{ date: '2026-12-24', applies_to: 'wales' as 'warehouse', note: '' }]),
      'added_days.0.applies_to',
      DELIVERY_SETTINGS_MESSAGES.calendar,
    ],
    [
      'a note that is not text',
      (b) => (b.added_days = [{ date: '2026-12-24', applies_to: 'warehouse', note: 5 as unknown as string }]),
      'added_days.0.note',
      DELIVERY_SETTINGS_MESSAGES.note,
    ],
    [
      'the zone table missing',
      (b) => delete (b as Partial<DeliverySettings>).zone_table,
      'zone_table',
      SETTINGS_MESSAGES.required,
    ],
  ])('refuses %s with the field’s message', async (_name, change, field, message) => {
    const body = settings() as Record<string, unknown> & DeliverySettings;
    change(body);
    expect(await refused(body)).toEqual({ [field]: [message] });
  });

  it('refuses an unknown field at the top or in a zone’s rule', async () => {
    expect(await refused({ ...settings(), saturday_cutoff: '12:00' })).toHaveProperty('non_field_errors');
    expect(Object.keys(await refused(zoneRule({ express: true })))).toEqual(['zones.highlands.parcel']);
    const extras = { ...settings(), extras: { ...settings().extras, saturday: 1000 } };
    expect(Object.keys(await refused(extras))).toEqual(['extras']);
  });

  it('keeps to its bounds: rows, days, transit, notes and pence', async () => {
    const row = { area: 'ZZ', zone: 'highlands' as const };
    const day = (index: number) => {
      const date = new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
      return { date, applies_to: 'warehouse' as const, note: '' };
    };
    const at = (body: DeliverySettings) => staff.admin('PUT', PATH, body);

    const rows = { ...settings(), zone_table: Array.from({ length: DELIVERY_LIMITS.zoneRows }, () => row) };
    expect((await at(rows)).statusCode).toBe(200);
    expect(await refused({ ...rows, zone_table: [...rows.zone_table, row] })).toEqual({
      zone_table: [DELIVERY_SETTINGS_MESSAGES.tooManyRows(DELIVERY_LIMITS.zoneRows)],
    });

    const days = {
      ...settings(),
      added_days: Array.from({ length: DELIVERY_LIMITS.addedDays }, (_, i) => day(i)),
    };
    expect((await at(days)).statusCode).toBe(200);
    expect(
      await refused({ ...days, added_days: [...days.added_days, day(DELIVERY_LIMITS.addedDays)] }),
    ).toEqual({ added_days: [DELIVERY_SETTINGS_MESSAGES.tooManyRows(DELIVERY_LIMITS.addedDays)] });

    const note = (length: number) => ({
      ...settings(),
      added_days: [{ ...day(0), note: 'x'.repeat(length) }],
    });
    expect((await at(note(DELIVERY_LIMITS.notes))).statusCode).toBe(200);
    expect(await refused(note(DELIVERY_LIMITS.notes + 1))).toEqual({
      'added_days.0.note': [SETTINGS_MESSAGES.tooLong(DELIVERY_LIMITS.notes)],
    });

    expect((await at(zoneRule({ transit_days: DELIVERY_LIMITS.transitDays }))).statusCode).toBe(200);
    expect(await refused(zoneRule({ transit_days: DELIVERY_LIMITS.transitDays + 1 }))).toEqual({
      'zones.highlands.parcel.transit_days': [DELIVERY_SETTINGS_MESSAGES.transit],
    });

    expect((await at({ ...settings(), pallet_next_day_rate_pence: 1_000_000 })).statusCode).toBe(200);
    expect(await refused({ ...settings(), pallet_next_day_rate_pence: 1_000_001 })).toEqual({
      pallet_next_day_rate_pence: [SETTINGS_MESSAGES.range(0, 1_000_000)],
    });
    expect(await refused(zoneRule({ price: { kind: 'surcharge', pence: 1_000_001 } }))).toEqual({
      'zones.highlands.parcel.price.pence': [SETTINGS_MESSAGES.range(0, 1_000_000)],
    });

    expect((await at(settings())).statusCode).toBe(200);
  });

  it('prices the next cart read with a change: a Highlands parcel after its surcharge is raised', async () => {
    const buyer = await newShopper(ctx, 'highlands-buyer');
    const tape = await itemBySku(ctx, 'TD-PRO-75');
    await buyer.added([cartLine(buyer.cartId, tape.id, await tierId(ctx, tape.variantId, 'pack', 1), 2)]);
    await ctx.database.db
      .update(carts)
      .set({ deliveryPostalCode: 'IV1 1AA' })
      .where(eq(carts.id, buyer.cartId));

    const mainland = DEFAULT_DELIVERY_SETTINGS.zones.highlands.parcel.price.pence + 695;
    expect((await buyer.cart()).shipping_cost).toBe((mainland / 100).toFixed(2));

    const raised = zoneRule({ price: { kind: 'surcharge', pence: 1295 } });
    expect((await staff.admin('PUT', PATH, raised)).statusCode).toBe(200);
    expect((await buyer.cart()).shipping_cost).toBe('19.90');

    // As its own price per parcel instead of a surcharge on the mainland's.
    const own = zoneRule({ price: { kind: 'per_unit', pence: 1100 } });
    expect((await staff.admin('PUT', PATH, own)).statusCode).toBe(200);
    expect((await buyer.cart()).shipping_cost).toBe('11.00');
  });
});
