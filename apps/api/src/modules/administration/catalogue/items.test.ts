import type { AdminItem, AdminItemRow, LowStockItem, StockMovement } from '@shop/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, items, itemSizes, stockMovements } from '../../../db/schema';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { itemBySku } from '../../../../test/support/carts';
import { staffMember, type StaffMember } from '../../../../test/support/administration';
import { eventually, latestAudit } from '../../../../test/support/administration-catalogue';

let ctx: TestContext;
let staff: StaffMember;
let handVariant: number;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'stock');
  handVariant = (await itemBySku(ctx, 'TD-PRO-75')).variantId;
});
afterAll(() => ctx.close());

type Page<T> = { count: number; count_capped: boolean; next: string | null; results: T[] };

async function fieldsOf(variant: number) {
  const res = await staff.admin('GET', `variants/${variant}/`);
  return res.json<{ table_fields: { id: number; name: string }[] }>().table_fields;
}

async function newItem(sku: string, extra: object = {}): Promise<AdminItem> {
  const res = await staff.admin('POST', 'items/', {
    variant: handVariant,
    sku,
    title: `Item ${sku}`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminItem>();
}

const movementsOf = (itemId: number) =>
  ctx.database.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.itemId, itemId))
    .orderBy(desc(stockMovements.id));

describe('items', () => {
  it('creates an item with dimensions, data entries and opening stock, then reads it back', async () => {
    const [width, frame] = await fieldsOf(handVariant);
    const item = await newItem('TD-TEST-100', {
      title: 'Test Gun 100mm',
      units_per_pack: 2,
      stock: 25,
      weight: 1.25,
      weight_unit: 'kg',
      measurement_unit: 'CM',
      length: 30,
      width: 10,
      height: 20,
      low_stock_threshold: 5,
      data_entries: [
        { field: width!.id, value: 'Up to 100mm' },
        { field: frame!.id, value: 'Aluminium' },
      ],
    });
    expect(item).toMatchObject({
      sku: 'TD-TEST-100',
      title: 'Test Gun 100mm',
      units_per_pack: 2,
      stock: 25,
      weight: 1.25,
      measurement_unit: 'CM',
      width: 10,
      height: 20,
      length: 30,
      status: 'active',
      low_stock_threshold: 5,
      variant: handVariant,
      variant_name: 'Hand Tape Dispensers',
      product_name: 'Tape Dispenser',
    });
    expect(item.data_entries).toEqual(
      expect.arrayContaining([
        { field: width!.id, value_text: 'Up to 100mm', value_number: null, value_image: null },
        { field: frame!.id, value_text: 'Aluminium', value_number: null, value_image: null },
      ]),
    );
    // The sorted mm columns (and so the size search's copy) follow the dimensions.
    const [row] = await ctx.database.db.select().from(items).where(eq(items.id, item.id));
    expect([row!.dimSmallMm, row!.dimMidMm, row!.dimLargeMm]).toEqual([100, 200, 300]);
    expect(row!.lengthInInches).toBeCloseTo(11.811, 3);
    const [size] = await ctx.database.db.select().from(itemSizes).where(eq(itemSizes.itemId, item.id));
    expect(size).toMatchObject({ dimSmallMm: 100, dimMidMm: 200, dimLargeMm: 300 });
    // The opening stock is a movement, and the creation is audited.
    expect(await movementsOf(item.id)).toEqual([
      expect.objectContaining({ delta: 25, stockAfter: 25, reason: 'Opening stock', actorId: staff.userId }),
    ]);
    expect(await latestAudit(ctx, 'item', item.id)).toMatchObject({
      action: 'item.create',
      actorId: staff.userId,
    });
    expect((await staff.admin('GET', `items/${item.id}/`)).json()).toEqual(item);
  });

  it('updates an item: dimensions kept in step, stock set recorded as a movement, entries set and cleared', async () => {
    const [width] = await fieldsOf(handVariant);
    const item = await newItem('TD-TEST-UPD', {
      stock: 10,
      measurement_unit: 'MM',
      length: 100,
      width: 50,
      data_entries: [{ field: width!.id, value: 'Wide' }],
    });
    const res = await staff.admin('PATCH', `items/${item.id}/`, {
      title: 'Updated title',
      measurement_unit: 'IN',
      stock: 4,
      status: 'inactive',
      data_entries: [{ field: width!.id, value: null }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Updated title',
      measurement_unit: 'IN',
      stock: 4,
      status: 'inactive',
      data_entries: [],
    });
    const [row] = await ctx.database.db.select().from(items).where(eq(items.id, item.id));
    expect([row!.dimSmallMm, row!.dimMidMm, row!.dimLargeMm]).toEqual([0, 1270, 2540]);
    const [latest] = await movementsOf(item.id);
    expect(latest).toMatchObject({ delta: -6, stockAfter: 4, reason: 'Stock set in the item form' });
    expect(await latestAudit(ctx, 'item', item.id)).toMatchObject({
      action: 'item.update',
      before: { title: 'Item TD-TEST-UPD', stock: 10, status: 'active', measurement_unit: 'MM' },
      after: { title: 'Updated title', stock: 4, status: 'inactive', measurement_unit: 'IN' },
    });
    // Clearing the unit clears the dimensions with it.
    const cleared = await staff.admin('PATCH', `items/${item.id}/`, {
      measurement_unit: null,
      width: null,
      height: null,
      length: null,
    });
    expect(cleared.json()).toMatchObject({ measurement_unit: null, width: null, length: null });
    const [flat] = await ctx.database.db.select().from(items).where(eq(items.id, item.id));
    expect(flat!.dimLargeMm).toBeNull();
  });

  it('refuses a duplicate SKU and bad fields by name, changing nothing', async () => {
    const duplicate = await staff.admin('POST', 'items/', {
      variant: handVariant,
      sku: 'TD-PRO-75',
      title: 'Copy',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ sku: ['Another item already uses this SKU.'] });
    const other = await itemBySku(ctx, 'TD-PRO-50');
    const renamed = await staff.admin('PATCH', `items/${other.id}/`, { sku: 'TD-PRO-75' });
    expect(renamed.json()).toEqual({ sku: ['Another item already uses this SKU.'] });

    const bad = await staff.admin('POST', 'items/', {
      variant: handVariant,
      sku: ' bad sku ',
      title: '',
      units_per_pack: 0,
      stock: -1,
      weight: 1.23456,
      weight_unit: 'stone',
      status: 'gone',
      low_stock_threshold: 2_000_000,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual([
      'low_stock_threshold',
      'sku',
      'status',
      'stock',
      'title',
      'units_per_pack',
      'weight',
      'weight_unit',
    ]);
    const dims = await staff.admin('POST', 'items/', {
      variant: handVariant,
      sku: 'TD-DIMS',
      title: 'Dims',
      measurement_unit: 'M',
      width: 20_000,
      data_entries: [{ field: 999_999, value: 'x' }],
    });
    expect(dims.json()).toEqual({
      length: ['Length and width are needed when a measurement unit is chosen.'],
      width: ['Ensure this size is at most 9,999,999 mm.'],
      'data_entries.0.field': ["This field is not one of the variant's table fields."],
    });
    const noUnit = await staff.admin('POST', 'items/', {
      variant: handVariant,
      sku: 'TD-NOUNIT',
      title: 'x',
      width: 3,
    });
    expect(noUnit.json()).toEqual({ measurement_unit: ['Choose a measurement unit for the dimensions.'] });
    expect(await ctx.database.db.select().from(items).where(eq(items.sku, 'TD-DIMS'))).toEqual([]);
  });

  it('lists items with search, filters, ordering and paging', async () => {
    const search = await staff.admin('GET', 'items/?q=heavy%20duty%20tape%20gun&ordering=-sku');
    const found = search.json<Page<AdminItemRow>>();
    expect(found.results.map((row) => row.sku)).toEqual(['TD-PRO-75', 'TD-PRO-50']);
    expect(found.count).toBe(2);
    const bySku = await staff.admin('GET', 'items/?q=td-pro-7');
    expect(bySku.json<Page<AdminItemRow>>().results.map((row) => row.sku)).toEqual(['TD-PRO-75']);

    const variant = await staff.admin(
      'GET',
      `items/?variant=${handVariant}&status=active&ordering=stock&page_size=100`,
    );
    const rows = variant.json<Page<AdminItemRow>>().results;
    expect(rows.every((row) => row.variant === handVariant && row.status === 'active')).toBe(true);
    expect(rows.map((row) => row.stock)).toEqual([...rows.map((row) => row.stock)].sort((a, b) => a - b));

    const first = (await staff.admin('GET', 'items/?page_size=5&ordering=title')).json<Page<AdminItemRow>>();
    expect(first.results).toHaveLength(5);
    expect(first.count).toBeGreaterThan(5);
    expect(first.next).toBe('/api/administration/items/?page_size=5&ordering=title&page=2');
    const titles = first.results.map((row) => row.title);
    expect(titles).toEqual([...titles].sort());
    const newest = (await staff.admin('GET', 'items/?ordering=-created_at&page_size=1')).json<
      Page<AdminItemRow>
    >();
    const [latest] = await ctx.database.db
      .select({ id: items.id })
      .from(items)
      .orderBy(desc(items.id))
      .limit(1);
    expect(newest.results[0]!.id).toBe(latest!.id);
    expect((await staff.admin('GET', 'items/?ordering=weight')).statusCode).toBe(400);
    expect((await staff.admin('GET', 'items/?status=sold')).statusCode).toBe(400);
  });

  it('deletes an item with an audit entry', async () => {
    const item = await newItem('TD-TEST-DEL');
    expect((await staff.admin('DELETE', `items/${item.id}/`)).statusCode).toBe(204);
    expect((await staff.admin('GET', `items/${item.id}/`)).statusCode).toBe(404);
    expect(await latestAudit(ctx, 'item', item.id)).toMatchObject({
      action: 'item.delete',
      before: expect.objectContaining({ sku: 'TD-TEST-DEL' }),
    });
  });
});

describe('stock', () => {
  it('adjusts stock by a delta or to a level, with a movement and an audit entry each', async () => {
    const item = await newItem('TD-STOCK-1', { stock: 10 });
    const added = await staff.admin('POST', `items/${item.id}/stock-adjustments/`, {
      delta: 5,
      reason: 'Delivery from supplier',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      stock: 15,
      movement: {
        delta: 5,
        stock_after: 15,
        reason: 'Delivery from supplier',
        actor_email: staff.email,
        order: null,
      },
    });
    const counted = await staff.admin('POST', `items/${item.id}/stock-adjustments/`, {
      set_to: 12,
      reason: 'Stock take',
    });
    expect(counted.json()).toMatchObject({ stock: 12, movement: { delta: -3, stock_after: 12 } });
    const [row] = await ctx.database.db
      .select({ stock: items.stock })
      .from(items)
      .where(eq(items.id, item.id));
    expect(row!.stock).toBe(12);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'item'),
          eq(auditLog.entityId, String(item.id)),
          eq(auditLog.action, 'item.stock_adjust'),
        ),
      )
      .orderBy(auditLog.id);
    expect(audits.map((entry) => [entry.before, entry.after])).toEqual([
      [{ stock: 10 }, { stock: 15, reason: 'Delivery from supplier' }],
      [{ stock: 15 }, { stock: 12, reason: 'Stock take' }],
    ]);

    const movements = (await staff.admin('GET', `items/${item.id}/stock-movements/`)).json<
      Page<StockMovement>
    >();
    expect(movements.count).toBe(3);
    expect(
      movements.results.map((movement) => [movement.delta, movement.stock_after, movement.reason]),
    ).toEqual([
      [-3, 12, 'Stock take'],
      [5, 15, 'Delivery from supplier'],
      [10, 10, 'Opening stock'],
    ]);
    const paged = (await staff.admin('GET', `items/${item.id}/stock-movements/?page_size=1&page=2`)).json<
      Page<StockMovement>
    >();
    expect(paged).toMatchObject({ count: 3, results: [{ reason: 'Delivery from supplier' }] });
    expect((await staff.admin('GET', 'items/999999/stock-movements/')).statusCode).toBe(404);
  });

  it('refuses to take stock below zero, a missing reason and a bad request, changing nothing', async () => {
    const item = await newItem('TD-STOCK-2', { stock: 3 });
    const below = await staff.admin('POST', `items/${item.id}/stock-adjustments/`, {
      delta: -4,
      reason: 'Damaged',
    });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ delta: ['Stock cannot go below 0 (there are 3 in stock).'] });
    const noReason = await staff.admin('POST', `items/${item.id}/stock-adjustments/`, {
      delta: -1,
      reason: '  ',
    });
    expect(noReason.json()).toEqual({ reason: ['Give a reason for the change.'] });
    const both = await staff.admin('POST', `items/${item.id}/stock-adjustments/`, {
      delta: 1,
      set_to: 3,
      reason: 'x',
    });
    expect(both.json()).toEqual({
      delta: ['Give either a change (delta) or a new stock level (set_to), not both.'],
    });
    const long = await staff.admin('POST', `items/${item.id}/stock-adjustments/`, {
      delta: 1,
      reason: 'x'.repeat(201),
    });
    expect(long.json()).toEqual({ reason: ['Ensure this field has no more than 200 characters.'] });
    const huge = await staff.admin('POST', `items/${item.id}/stock-adjustments/`, {
      delta: 5_000_000,
      reason: 'x',
    });
    expect(huge.statusCode).toBe(400);
    expect(await movementsOf(item.id)).toHaveLength(1);
    const [row] = await ctx.database.db
      .select({ stock: items.stock })
      .from(items)
      .where(eq(items.id, item.id));
    expect(row!.stock).toBe(3);
    expect(
      (await staff.admin('POST', 'items/999999/stock-adjustments/', { delta: 1, reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it('applies two adjustments at once one after the other, never below zero', async () => {
    const item = await newItem('TD-STOCK-RACE', { stock: 5 });
    const results = await Promise.all([
      staff.admin('POST', `items/${item.id}/stock-adjustments/`, { delta: -4, reason: 'Order A' }),
      staff.admin('POST', `items/${item.id}/stock-adjustments/`, { delta: -4, reason: 'Order B' }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    const [row] = await ctx.database.db
      .select({ stock: items.stock })
      .from(items)
      .where(eq(items.id, item.id));
    expect(row!.stock).toBe(1);
  });

  it('lists tracked active items at or below their threshold, the furthest below first', async () => {
    const short = await newItem('TD-LOW-SHORT', { stock: 1, low_stock_threshold: 50 });
    const edge = await newItem('TD-LOW-EDGE', { stock: 7, low_stock_threshold: 7 });
    await newItem('TD-LOW-FINE', { stock: 20, low_stock_threshold: 7 });
    await newItem('TD-LOW-UNTRACKED', { stock: 0, track_inventory: false });
    await newItem('TD-LOW-INACTIVE', { stock: 0, status: 'inactive' });
    const list = (await staff.admin('GET', 'stock/low/?page_size=100')).json<Page<LowStockItem>>();
    const skus = list.results.map((row) => row.sku);
    expect(skus).toContain('TD-LOW-SHORT');
    expect(skus).toContain('TD-LOW-EDGE');
    expect(skus).not.toContain('TD-LOW-FINE');
    expect(skus).not.toContain('TD-LOW-UNTRACKED');
    expect(skus).not.toContain('TD-LOW-INACTIVE');
    const shortfalls = list.results.map((row) => row.shortfall);
    expect(shortfalls).toEqual([...shortfalls].sort((a, b) => b - a));
    expect(list.results.find((row) => row.id === short.id)).toMatchObject({
      shortfall: 49,
      product_name: 'Tape Dispenser',
    });
    expect(list.results.find((row) => row.id === edge.id)).toMatchObject({ shortfall: 0 });

    // Raising the stock threshold-wise takes it off the list; PATCH sets the threshold.
    await staff.admin('PATCH', `items/${edge.id}/`, { low_stock_threshold: 6 });
    const after = (await staff.admin('GET', 'stock/low/?page_size=100')).json<Page<LowStockItem>>();
    expect(after.results.map((row) => row.id)).not.toContain(edge.id);
  });
});

describe('the storefront', () => {
  it('shows an item edited in the back office within a second', async () => {
    const item = await itemBySku(ctx, 'TD-PRO-50');
    const read = async () => {
      const page = await ctx.app.services.catalogue.getProductPage('tapes', 'tape-dispenser');
      return page!.variants.flatMap((variant) => variant.items).find((row) => row.id === item.id)?.title;
    };
    expect(await read()).toBe('Heavy Duty Tape Gun for 50mm Tape');
    expect((await staff.admin('PATCH', `items/${item.id}/`, { title: 'Pro Tape Gun 50mm' })).statusCode).toBe(
      200,
    );
    expect(await eventually(read, (title) => title === 'Pro Tape Gun 50mm')).toBe('Pro Tape Gun 50mm');
    // Made inactive, it leaves the product page.
    await staff.admin('PATCH', `items/${item.id}/`, { status: 'inactive' });
    expect(await eventually(read, (title) => title === undefined)).toBeUndefined();
  });
});
