import type { ImportApplied, ImportPreview } from '@shop/domain';
import { asc, count, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { countingDb } from '../../../../test/query-counter';
import { auditLog, items, pricingData, stockMovements } from '../../../db/schema';
import { itemBySku, pricePence, tierId } from '../../../../test/support/carts';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../test/support/administration';
import { MAX_CSV_ROWS } from './csv-format';
import { createImportExportService } from './service';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'importer');
});
afterAll(() => ctx.close());

const PREVIEW = 'import-export/items/preview/';
const applyPath = (sha256: string) => `import-export/items/apply/?sha256=${sha256}`;

/** A CSV body sent as the back office sends it. */
function send(path: string, body: string | Buffer, contentType = 'text/csv') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/administration/${path}`,
    headers: { authorization: `Bearer ${staff.token}`, 'content-type': contentType },
    payload: body,
  });
}

async function preview(body: string | Buffer): Promise<ImportPreview> {
  const res = await send(PREVIEW, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
}

async function exportCsv() {
  const res = await staff.admin('GET', 'import-export/items.csv');
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Everything an import may write, to prove that a refused one wrote nothing. */
async function catalogueState() {
  const db = ctx.database.db;
  return {
    items: await db.select().from(items).orderBy(asc(items.id)),
    prices: await db.select().from(pricingData).orderBy(asc(pricingData.id)),
    movements: (await db.select({ n: count() }).from(stockMovements))[0]!.n,
    audit: (await db.select({ n: count() }).from(auditLog))[0]!.n,
  };
}

describe('role checks', () => {
  it('lets only staff export, preview and apply', async () => {
    const before = await catalogueState();
    await expectStaffOnly(ctx, 'GET', 'import-export/items.csv');
    await expectStaffOnly(ctx, 'POST', PREVIEW, 'sku\nX-1\n');
    await expectStaffOnly(ctx, 'POST', applyPath('0'.repeat(64)), 'sku\nX-1\n');
    expect(await catalogueState()).toEqual(before);
  });
});

describe('GET import-export/items.csv', () => {
  it('downloads every item with its prices, as a named UTF-8 CSV file', async () => {
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="items-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toContain('\r\n');

    const [header, ...rows] = parse(res.rawPayload, { bom: true }) as string[][];
    expect(header!.slice(0, 12)).toEqual([
      'sku',
      'variant_id',
      'product',
      'variant',
      'title',
      'units_per_pack',
      'stock',
      'track_inventory',
      'weight',
      'weight_unit',
      'status',
      'low_stock_threshold',
    ]);
    expect(header).toContain('price_pack_1');
    expect(header).toContain('price_pallet_1');
    const [{ n }] = (await ctx.database.db.select({ n: count() }).from(items)) as [{ n: number }];
    expect(rows).toHaveLength(n);

    const wrap = await itemBySku(ctx, 'PW-HAND-400-CL');
    const row = Object.fromEntries(
      header!.map((column, index) => [column, rows.find((cells) => cells[0] === 'PW-HAND-400-CL')![index]]),
    );
    expect(row).toMatchObject({
      sku: 'PW-HAND-400-CL',
      variant_id: String(wrap.variantId),
      title: 'Clear Hand Pallet Wrap 400mm x 250m, 17mu',
      units_per_pack: '6',
      stock: String(wrap.stock),
      track_inventory: 'true',
      weight: '13.2',
      weight_unit: 'kg',
      status: 'active',
      price_pack_1: '29.94',
    });
    // A column of a tier this item's variant does not have stays empty.
    const tierColumns = header!.filter((column) => column.startsWith('price_'));
    expect(tierColumns.some((column) => row[column] === '')).toBe(true);
  });

  it('imports back with nothing to change', async () => {
    const res = await exportCsv();
    const answer = await preview(res.rawPayload);
    const [{ n }] = (await ctx.database.db.select({ n: count() }).from(items)) as [{ n: number }];
    expect(answer.counts).toEqual({ create: 0, update: 0, unchanged: n, invalid: 0, errors: 0 });
    expect(answer.changes).toEqual([]);
    expect(answer.errors).toEqual([]);
  });
});

describe('POST import-export/items/preview/ and apply/', () => {
  it('lists a bad row’s errors by line and column, and applying the file changes nothing', async () => {
    const wrap = await itemBySku(ctx, 'PW-HAND-400-CL');
    const csv = [
      'sku,title,stock,status,price_pack_1',
      'PW-HAND-400-CL,Renamed wrap,100,active,31.00',
      'PW-HAND-400-BK,,-5,paused,12.345',
      'PW-HAND-400-XC,,,inactive,',
    ].join('\n');
    const answer = await preview(csv);
    expect(answer.counts).toEqual({ create: 0, update: 2, unchanged: 0, invalid: 1, errors: 3 });
    expect(answer.errors).toEqual([
      { line: 3, column: 'stock', message: 'Stock must be a whole number from 0 to 100,000,000.' },
      { line: 3, column: 'status', message: 'Status must be one of: active, inactive.' },
      {
        line: 3,
        column: 'price_pack_1',
        message: 'Price must be in pounds, from 0.00 to 999999.99, with at most 2 decimals.',
      },
    ]);
    expect(answer.changes[0]).toEqual({
      line: 2,
      sku: 'PW-HAND-400-CL',
      action: 'update',
      fields: [
        { field: 'title', before: 'Clear Hand Pallet Wrap 400mm x 250m, 17mu', after: 'Renamed wrap' },
        { field: 'stock', before: String(wrap.stock), after: '100' },
        { field: 'price_pack_1', before: '29.94', after: '31.00' },
      ],
    });

    const before = await catalogueState();
    const res = await send(applyPath(answer.sha256), csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: 'The file has errors; nothing was changed. Correct them and preview the file again.',
      errors: answer.errors,
    });
    expect(await catalogueState()).toEqual(before);
  });

  it('creates and updates items and prices in one go, with stock movements and audit entries', async () => {
    const wrap = await itemBySku(ctx, 'PW-HAND-400-BK');
    const packOne = await tierId(ctx, wrap.variantId, 'pack', 1);
    const csv = [
      'sku,variant_id,title,units_per_pack,stock,track_inventory,weight,weight_unit,status,low_stock_threshold,price_pack_1',
      `PW-HAND-400-BK,${wrap.variantId},,,${wrap.stock + 40},,,,,,35.5`,
      `CSV-NEW-1,${wrap.variantId},"Blue wrap, 400mm ""cast""",4,12,true,10.25,kg,inactive,3,19.99`,
      `CSV-NEW-2,${wrap.variantId},Grey wrap,,,,,,,,`,
    ].join('\n');
    const answer = await preview(csv);
    expect(answer.counts).toEqual({ create: 2, update: 1, unchanged: 0, invalid: 0, errors: 0 });
    expect(answer.changes.map((change) => [change.line, change.sku, change.action])).toEqual([
      [2, 'PW-HAND-400-BK', 'update'],
      [3, 'CSV-NEW-1', 'create'],
      [4, 'CSV-NEW-2', 'create'],
    ]);
    expect(answer.changes[1]!.fields).toContainEqual({
      field: 'title',
      before: null,
      after: 'Blue wrap, 400mm "cast"',
    });

    const auditBefore = (await catalogueState()).audit;
    const res = await send(applyPath(answer.sha256), csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportApplied>()).toEqual({
      sha256: answer.sha256,
      counts: { create: 2, update: 1, unchanged: 0 },
      stock_movements: 2,
    });

    expect(await pricePence(ctx, wrap.id, packOne)).toBe(3550);
    const created = await itemBySku(ctx, 'CSV-NEW-1');
    expect(created).toMatchObject({ variantId: wrap.variantId, unitsPerPack: 4, stock: 12, weight: 10.25 });
    expect(await pricePence(ctx, created.id, packOne)).toBe(1999);
    const [row] = await ctx.database.db.select().from(items).where(eq(items.id, created.id));
    expect(row).toMatchObject({ title: 'Blue wrap, 400mm "cast"', status: 'inactive', lowStockThreshold: 3 });
    const defaults = await ctx.database.db.select().from(items).where(eq(items.sku, 'CSV-NEW-2'));
    expect(defaults[0]).toMatchObject({
      unitsPerPack: 1,
      stock: 0,
      trackInventory: true,
      weight: 0,
      weightUnit: 'kg',
      status: 'active',
      lowStockThreshold: 10,
    });

    const movements = await ctx.database.db
      .select({
        itemId: stockMovements.itemId,
        delta: stockMovements.delta,
        after: stockMovements.stockAfter,
      })
      .from(stockMovements)
      .where(eq(stockMovements.reason, 'CSV import'))
      .orderBy(asc(stockMovements.id));
    expect(movements).toEqual([
      { itemId: wrap.id, delta: 40, after: wrap.stock + 40 },
      { itemId: created.id, delta: 12, after: 12 },
    ]);
    const entries = await ctx.database.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(entries.slice(auditBefore)).toMatchObject([
      {
        action: 'item.update',
        actorId: staff.userId,
        entityId: String(wrap.id),
        before: { stock: String(wrap.stock), price_pack_1: '34.14' },
        after: { sku: 'PW-HAND-400-BK', stock: String(wrap.stock + 40), price_pack_1: '35.50' },
      },
      { action: 'item.create', entityId: String(created.id), before: null },
      { action: 'item.create' },
      {
        action: 'catalogue.import',
        entityType: 'catalogue_import',
        entityId: answer.sha256,
        after: { sha256: answer.sha256, rows: 3, created: 2, updated: 1, unchanged: 0 },
      },
    ]);

    // The storefront's price list has the new price at once.
    const prices = await ctx.app.inject({ method: 'GET', url: `/api/pricing-tier-data/?item=${created.id}` });
    expect(prices.json()).toMatchObject({
      results: [{ item: created.id, price: '19.99', price_pence: 1999 }],
    });
    // The same file again changes nothing.
    expect((await preview(csv)).counts).toEqual({
      create: 0,
      update: 0,
      unchanged: 3,
      invalid: 0,
      errors: 0,
    });
  });

  it('reads a byte-order mark, CRLF line ends and quoted cells holding commas, quotes and line breaks', async () => {
    const csv =
      '\uFEFFsku,title,stock\r\n' +
      'PW-HAND-400-XC,"Wrap, ""extended""\r\ncore",481\r\n' +
      '\r\n' +
      'PW-HAND-400-CL,Fine,x\r\n';
    const answer = await preview(csv);
    expect(answer.errors).toEqual([
      { line: 5, column: 'stock', message: 'Stock must be a whole number from 0 to 100,000,000.' },
    ]);
    expect(answer.changes[0]!.fields).toContainEqual({
      field: 'title',
      before: 'Extended Core Hand Pallet Wrap 400mm x 300m, 20mu',
      after: 'Wrap, "extended"\r\ncore',
    });
  });

  it('checks the header and every kind of bad row', async () => {
    const wrap = await itemBySku(ctx, 'PW-HAND-400-CL');
    const csv = [
      'sku,variant_id,title,colour,price_pack_1,price_pallet_99',
      'PW-HAND-400-CL,,,red,,',
      ',,Nameless,,,',
      'PW-HAND-400-CL,,Twice,,,',
      'NEW-ONE,999999,New,,,',
      'NEW-TWO,,,,,',
      `NEW-THREE,${wrap.variantId},Three,,1.00,5.00`,
      `PW-HAND-400-CL,${wrap.variantId + 1},,,,`,
      'SHORT,1',
    ].join('\n');
    const answer = await preview(csv);
    expect(answer.errors).toEqual([
      {
        line: 1,
        column: 'colour',
        message: expect.stringMatching(
          /^Unknown column "colour"\. Columns are sku, variant_id, product, variant, title/,
        ),
      },
      { line: 3, column: 'sku', message: 'SKU is required.' },
      { line: 4, column: 'sku', message: 'The SKU PW-HAND-400-CL is also on line 2.' },
      { line: 5, column: 'variant_id', message: 'There is no variant with id 999999.' },
      {
        line: 6,
        column: 'variant_id',
        message: 'The SKU NEW-TWO is new: give the variant_id of the variant it belongs to.',
      },
      { line: 6, column: 'title', message: 'A new item needs a title.' },
      {
        line: 7,
        column: 'price_pallet_99',
        message: `Variant ${wrap.variantId} has no tier for the column price_pallet_99.`,
      },
      { line: 8, column: 'sku', message: 'The SKU PW-HAND-400-CL is also on line 2.' },
      {
        line: 8,
        column: 'variant_id',
        message: `The item PW-HAND-400-CL belongs to variant ${wrap.variantId}; an import does not move items between variants.`,
      },
      { line: 9, column: null, message: 'This row has 2 cells; the header has 6.' },
    ]);
    expect(answer.counts).toMatchObject({ invalid: 7, errors: 10, unchanged: 1 });
  });

  it('reports a file that is not CSV or not UTF-8 as an error of the file', async () => {
    const broken = await preview('sku,title\nPW-HAND-400-CL,"open\n');
    expect(broken.errors).toEqual([
      {
        line: expect.any(Number),
        column: null,
        message: expect.stringMatching(/^This is not valid CSV: Quote Not Closed/),
      },
    ]);
    const latin1 = await preview(Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xa3, 0x31, 0x0a]));
    expect(latin1.errors).toEqual([{ line: 1, column: null, message: 'The file is not UTF-8 text.' }]);
    const empty = await preview('');
    expect(empty.errors).toEqual([{ line: 1, column: null, message: 'The file is empty.' }]);
    const noSku = await preview('title\nSomething\n');
    expect(noSku.errors).toEqual([{ line: 1, column: null, message: 'The header has no "sku" column.' }]);
    for (const type of ['application/json', 'text/plain']) {
      const wrong = await send(PREVIEW, JSON.stringify({ sku: 'x' }), type);
      expect(wrong.statusCode, type).toBe(400);
      expect(wrong.json()).toEqual({
        detail: 'Send the CSV file itself as the request body, with Content-Type: text/csv.',
      });
    }
    expect((await send(PREVIEW, 'sku\n', 'application/octet-stream')).statusCode).toBe(415);
  });

  it('refuses more rows than the cap and a body over 10 MB, with 4xx answers', async () => {
    const rows = Array.from({ length: MAX_CSV_ROWS + 1 }, (_, i) => `CAP-${i}`);
    const tooMany = await send(PREVIEW, `sku\n${rows.join('\n')}\n`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      detail: 'The file has more than 50,000 item rows; split it into smaller files.',
    });
    const atCap = await send(PREVIEW, `sku\n${rows.slice(1).join('\n')}\n`);
    expect(atCap.statusCode).toBe(200);
    expect(atCap.json<ImportPreview>()).toMatchObject({
      rows: MAX_CSV_ROWS,
      counts: { invalid: MAX_CSV_ROWS },
      errors_truncated: true,
    });
    expect(atCap.json<ImportPreview>().errors).toHaveLength(1_000);

    const huge = await send(PREVIEW, `sku,title\n${'A'.repeat(10 * 1024 * 1024)}\n`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it('refuses to apply a file other than the one previewed, or without its hash', async () => {
    const previewed = 'sku,stock\nPW-HAND-400-CL,1\n';
    const answer = await preview(previewed);
    expect(answer.counts.update).toBe(1);
    const before = await catalogueState();
    const other = await send(applyPath(answer.sha256), 'sku,stock\nPW-HAND-400-CL,2\n');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      detail: 'This file is not the one that was previewed. Preview it again before applying.',
    });
    const missing = await send('import-export/items/apply/', previewed);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('sha256');
    const malformed = await send('import-export/items/apply/?sha256=abc', previewed);
    expect(malformed.statusCode).toBe(400);
    expect(await catalogueState()).toEqual(before);
  });
});

describe('the export’s reads', () => {
  it('reads the catalogue a batch of items per statement, as the client takes the text', async () => {
    const [{ n }] = (await ctx.database.db.select({ n: count() }).from(items)) as [{ n: number }];
    const text = async (exportBatch: number) => {
      const counter = countingDb(ctx.database);
      const csv = await createImportExportService(counter.db, {
        rateLimiter: ctx.app.services.rateLimiter,
        publicUrl: 'http://localhost:3000',
        exportBatch,
      }).exportCsv((error) => {
        throw error;
      });
      const chunks: Buffer[] = [];
      for await (const chunk of csv) chunks.push(Buffer.from(chunk as Buffer));
      return { body: Buffer.concat(chunks).toString(), statements: counter.count() };
    };
    const whole = await text(100_000);
    const paged = await text(50);
    expect(paged.body).toBe(whole.body);
    // The tier columns, then one statement per 50 items (and one that finds the end).
    expect(whole.statements).toBe(2);
    expect(paged.statements).toBe(1 + Math.floor(n / 50) + 1);
    expect(paged.body.split('\r\n').filter(Boolean)).toHaveLength(n + 1);
  });
});
