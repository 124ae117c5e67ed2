import type { CartView, OrderView, ShopSettingsView } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { auditLog, orders, shopSettings } from '../../../db/schema';
import { DEFAULT_SHOP_SETTINGS } from '../../../db/seed/shop-settings';
import { checkoutShopper } from '../../../../test/support/orders';
import { countingDb } from '../../../../test/query-counter';
import { createSettingsService } from './service';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../test/support/administration';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'settings');
});
afterAll(() => ctx.close());

const invoice = {
  legal_name: 'PackRight Supplies Ltd',
  address: { street: '1 Dock Road', city: 'Hull', postal_code: 'hu1 1aa', country: 'United Kingdom' },
  vat_number: 'gb 123 4567 82',
  company_number: 'sc123456',
};

const shipping = { ...DEFAULT_SHOP_SETTINGS.shipping };

/** The field errors of a refused PUT, or a failure if it was not refused. */
async function refused(path: string, body: object) {
  const res = await staff.admin('PUT', path, body);
  expect(res.statusCode, JSON.stringify(body)).toBe(400);
  return res.json<Record<string, string[]>>();
}

const stored = async (key: string) =>
  (await ctx.database.db.select().from(shopSettings).where(eq(shopSettings.key, key)))[0]?.value;

describe('role checks', () => {
  it('answers every settings endpoint to staff only, and changes nothing for others', async () => {
    await expectStaffOnly(ctx, 'GET', 'settings/');
    await expectStaffOnly(ctx, 'PUT', 'settings/invoice/', invoice);
    await expectStaffOnly(ctx, 'PUT', 'settings/vat-rate/', { vat_rate: 5 });
    await expectStaffOnly(ctx, 'PUT', 'settings/shipping/', shipping);
    expect(await stored('vat_rate')).toBe(20);
    expect(await stored('invoice')).toEqual(DEFAULT_SHOP_SETTINGS.invoice);
  });
});

describe('GET /api/administration/settings/', () => {
  it('answers the invoice details, VAT rate and delivery rates, with defaults for what was never saved', async () => {
    await ctx.database.db.delete(shopSettings).where(eq(shopSettings.key, 'invoice'));
    const res = await staff.admin('GET', 'settings/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      invoice: DEFAULT_SHOP_SETTINGS.invoice,
      vat_rate: 20,
      shipping: DEFAULT_SHOP_SETTINGS.shipping,
    });
  });
});

describe('PUT /api/administration/settings/invoice/', () => {
  it('stores the details normalised, and audits what changed', async () => {
    const res = await staff.admin('PUT', 'settings/invoice/', invoice);
    expect(res.statusCode).toBe(200);
    const saved = {
      ...invoice,
      address: { ...invoice.address, postal_code: 'HU1 1AA' },
      vat_number: 'GB123456782',
      company_number: 'SC123456',
    };
    expect(res.json()).toEqual(saved);
    expect(await stored('invoice')).toEqual(saved);
    expect((await staff.admin('GET', 'settings/')).json<ShopSettingsView>().invoice).toEqual(saved);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.entityId, 'invoice')));
    expect(entry).toMatchObject({
      action: 'settings.update',
      actorId: staff.userId,
      before: { address: DEFAULT_SHOP_SETTINGS.invoice.address, company_number: '01234567' },
      after: { company_number: 'SC123456' },
    });
    // Short Companies House numbers gain their leading zeros; branch, government and health VAT numbers pass.
    for (const [vat, company] of [
      ['GB123456782001', '1234567'],
      ['GBGD001', '00000001'],
      ['GBHA599', 'OC301234'],
    ] as const) {
      const ok = await staff.admin('PUT', 'settings/invoice/', {
        ...invoice,
        vat_number: vat,
        company_number: company,
      });
      expect(ok.statusCode, vat).toBe(200);
      expect(ok.json()).toMatchObject({ vat_number: vat, company_number: company.padStart(8, '0') });
    }
  });

  it.each([
    ['GB12345678', 'Enter a UK VAT number'],
    ['FR123456782', 'Enter a UK VAT number'],
    ['GBGD500', 'Enter a UK VAT number'],
    ['GBHA499', 'Enter a UK VAT number'],
    ['GB123456789', 'check digits do not match'],
    ['', 'This field is required.'],
  ])('refuses the VAT number %j', async (vat, message) => {
    const errors = await refused('settings/invoice/', { ...invoice, vat_number: vat });
    expect(Object.keys(errors)).toEqual(['vat_number']);
    expect(errors.vat_number![0]).toContain(message);
  });

  it('refuses a bad company number, postcode, missing or over-long text and unknown fields', async () => {
    expect(await refused('settings/invoice/', { ...invoice, company_number: 'AB12345X' })).toEqual({
      company_number: ['Enter the 8-character Companies House number, e.g. 01234567 or SC123456.'],
    });
    expect(await refused('settings/invoice/', { ...invoice, company_number: '123456789' })).toHaveProperty(
      'company_number',
    );
    expect(
      await refused('settings/invoice/', {
        ...invoice,
        address: { ...invoice.address, postal_code: '90210' },
      }),
    ).toEqual({ 'address.postal_code': ['Enter a valid UK postcode.'] });
    expect(await refused('settings/invoice/', { ...invoice, legal_name: 'x'.repeat(201) })).toHaveProperty(
      'legal_name',
    );
    const { legal_name: _name, ...withoutName } = invoice;
    expect(await refused('settings/invoice/', withoutName)).toHaveProperty('legal_name');
    expect(await refused('settings/invoice/', { ...invoice, logo: 'x' })).toHaveProperty('non_field_errors');
  });
});

describe('PUT /api/administration/settings/vat-rate/ and shipping/', () => {
  it.each([[101], [-1], ['20'], [20.125], [null]])('refuses the VAT rate %j', async (rate) => {
    expect(Object.keys(await refused('settings/vat-rate/', { vat_rate: rate }))).toEqual(['vat_rate']);
  });

  it.each([
    [{ pallet_from_weight_kg: 1200 }, 'pallet_from_weight_kg'],
    [{ parcel_max_weight_kg: 800 }, 'parcel_max_weight_kg'],
    [{ parcel_rate_pence: -1 }, 'parcel_rate_pence'],
    [{ parcel_rate_pence: 6.5 }, 'parcel_rate_pence'],
    [{ pallet_rate_pence: 1_000_001 }, 'pallet_rate_pence'],
    [{ free_over_net_pence: 100_000_000 }, 'free_over_net_pence'],
    [{ parcel_max_weight_kg: 0 }, 'parcel_max_weight_kg'],
    [{ pallet_max_weight_kg: 0.0001 }, 'pallet_max_weight_kg'],
    [{ pallet_max_weight_kg: 'heavy' }, 'pallet_max_weight_kg'],
    [{ express: true }, 'non_field_errors'],
  ])('refuses the delivery rates with %j', async (change, field) => {
    const errors = await refused('settings/shipping/', { ...shipping, ...change });
    expect(Object.keys(errors)).toContain(field);
  });

  it('refuses delivery rates with a field missing', async () => {
    const { pallet_rate_pence: _rate, ...missing } = shipping;
    expect(await refused('settings/shipping/', missing)).toHaveProperty('pallet_rate_pence');
    expect(await stored('shipping')).toEqual(DEFAULT_SHOP_SETTINGS.shipping);
  });
});

describe('a settings change applies to new carts and orders, never to placed ones', () => {
  it('keeps a placed order’s VAT and totals, and prices the next cart and order at the new rate', async () => {
    const TAPE = 'TD-PRO-75';
    const before = await checkoutShopper(ctx, 'before');
    await before.addSku(TAPE, 2);
    const placed = await before.placed((await before.paidIntent()).payment_intent_id);
    expect(placed.vat).toBe(20);

    const waiting = await checkoutShopper(ctx, 'waiting');
    await waiting.addSku(TAPE, 2);
    const cartAt20 = await waiting.cart();
    expect(cartAt20.vat).toBe(20);

    const changed = await staff.admin('PUT', 'settings/vat-rate/', { vat_rate: 17.5 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ vat_rate: 17.5 });
    const changedShipping = await staff.admin('PUT', 'settings/shipping/', {
      ...shipping,
      parcel_rate_pence: 1234,
      free_over_net_pence: 99_999_999,
    });
    expect(changedShipping.statusCode).toBe(200);

    // The placed order is as it was, in the API and in the database.
    const again = await before.call('GET', `/api/orders/${placed.id}/`);
    expect(again.json<OrderView>()).toMatchObject({
      vat: 20,
      vat_amount: placed.vat_amount,
      shipping_cost: placed.shipping_cost,
      total: placed.total,
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.vatRate).toBe(20);

    // Carts are priced whenever they are read: the waiting cart already shows the new rate and delivery.
    const cartNow = await waiting.cart();
    expect(cartNow).toMatchObject({ vat: 17.5, shipping_cost: '12.34', subtotal: cartAt20.subtotal });
    const net = Number(cartNow.subtotal) - Number(cartNow.discount) + Number(cartNow.shipping_cost);
    expect(Number(cartNow.vat_amount)).toBeCloseTo(Math.round(net * 17.5) / 100, 2);

    // And the next order is made at it.
    const next = await waiting.placed((await waiting.paidIntent()).payment_intent_id);
    expect(next).toMatchObject({ vat: 17.5, vat_amount: cartNow.vat_amount, total: cartNow.total });
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.entityId, 'vat_rate')));
    expect(entries).toMatchObject([{ before: 20, after: 17.5, actorEmail: staff.email }]);
    const cart: CartView = await before.cart();
    expect(cart.vat).toBe(17.5);
  });
});

describe('GET|PUT /api/administration/settings/bank/', () => {
  const bank = { account_name: 'PackRight Supplies Ltd', sort_code: '12-34-56', account_number: '1234 5678' };

  it('answers staff only, and changes nothing for others', async () => {
    await expectStaffOnly(ctx, 'GET', 'settings/bank/');
    await expectStaffOnly(ctx, 'PUT', 'settings/bank/', bank);
    expect(await stored('bank')).toBeUndefined();
  });

  it('answers null until set (no invented default), then the details stored as digits, audited', async () => {
    const none = await staff.admin('GET', 'settings/bank/');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const saved = { account_name: 'PackRight Supplies Ltd', sort_code: '123456', account_number: '12345678' };
    const res = await staff.admin('PUT', 'settings/bank/', bank);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(saved);
    expect(await stored('bank')).toEqual(saved);
    expect((await staff.admin('GET', 'settings/bank/')).json()).toEqual(saved);
    const changed = await staff.admin('PUT', 'settings/bank/', { ...bank, account_number: '87654321' });
    expect(changed.statusCode).toBe(200);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.entityId, 'bank')));
    expect(entries.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: 'settings.update', before: null, after: saved },
      {
        action: 'settings.update',
        before: { account_number: '12345678' },
        after: { account_number: '87654321' },
      },
    ]);
  });

  it.each([
    [{ sort_code: '12-34-5' }, 'sort_code', 'Enter the 6-digit sort code, e.g. 12-34-56.'],
    [{ sort_code: '12-34-567' }, 'sort_code', 'Enter the 6-digit sort code, e.g. 12-34-56.'],
    [{ sort_code: 'ab-cd-ef' }, 'sort_code', 'Enter the 6-digit sort code, e.g. 12-34-56.'],
    [{ sort_code: '1'.repeat(10_000) }, 'sort_code', 'Enter the 6-digit sort code, e.g. 12-34-56.'],
    [{ account_number: '1234567' }, 'account_number', 'Enter the 8-digit account number.'],
    [{ account_number: 12345678 }, 'account_number', 'This field is required.'],
    [{ account_name: '' }, 'account_name', 'This field is required.'],
    [{ account_name: 'x'.repeat(101) }, 'account_name', 'Ensure this field has no more than 100 characters.'],
    [{ iban: 'GB00' }, 'non_field_errors', undefined],
  ])('refuses %j', async (change, field, message) => {
    const before = await stored('bank');
    const errors = await refused('settings/bank/', { ...bank, ...change });
    expect(Object.keys(errors)).toEqual([field]);
    if (message) expect(errors[field]).toEqual([message]);
    expect(await stored('bank')).toEqual(before);
  });

  it('reads the details in one statement and stores them in one transaction of three', async () => {
    const counter = countingDb(ctx.database);
    const service = createSettingsService(counter.db);
    await service.getBank();
    expect(counter.count()).toBe(1);
    counter.reset();
    await service.putBank(
      { id: staff.userId, email: staff.email },
      { account_name: 'Counted', sort_code: '112233', account_number: '11223344' },
    );
    // The setting's row locked, the upsert, the audit entry.
    expect(counter.sql.filter((statement) => !/^(begin|commit)/i.test(statement))).toHaveLength(3);
  });
});
