import { describe, expect, it } from 'vitest';
import {
  backInStockWords,
  isOutOfStock,
  productPagePath,
  STOCK_ALERT_STATUS_LABELS,
  stockAlertStatus,
} from './rules';
import { STOCK_ALERT_STATUSES, StockAlertConfirmSchema, StockAlertRequestSchema } from './schemas';

describe('isOutOfStock', () => {
  it.each([
    [true, 0, 1, true],
    [true, 1, 1, false],
    [true, 99, 100, true],
    [true, 100, 100, false],
    [true, 250, 100, false],
    [false, 0, 100, false],
    [false, 5, 100, false],
  ])('tracked %s with %i units, %i a pack: out of stock %s', (tracked, stock, perPack, out) => {
    expect(isOutOfStock({ track_inventory: tracked, stock, units_per_pack: perPack })).toBe(out);
  });
});

describe('stockAlertStatus', () => {
  const at = new Date('2026-03-01T10:00:00Z');
  it.each([
    [null, null, 'awaiting_confirmation'],
    [at, null, 'active'],
    [at, at, 'notified'],
    // A visitor's alert spent while it waited (never: the restock spends confirmed ones only) still reads sent.
    [null, at, 'notified'],
  ] as const)('confirmed %s, notified %s: %s', (confirmedAt, notifiedAt, status) => {
    expect(stockAlertStatus({ confirmedAt, notifiedAt })).toBe(status);
  });

  it('has one label per status, no two alike', () => {
    expect(Object.keys(STOCK_ALERT_STATUS_LABELS)).toEqual([...STOCK_ALERT_STATUSES]);
    expect(new Set(Object.values(STOCK_ALERT_STATUS_LABELS)).size).toBe(STOCK_ALERT_STATUSES.length);
  });
});

describe('backInStockWords', () => {
  it('names the item in the subject, and the SKU and the product page in the body', () => {
    const url = `https://shop.example${productPagePath('wraps', 'pallet-covers')}`;
    const words = backInStockWords({ title: 'Black UV Shrink Covers', sku: 'PC-SC-120-100-180-BK', url });
    expect(words.subject).toBe('Back in stock: Black UV Shrink Covers');
    expect(words.lines.join('\n')).toContain('SKU PC-SC-120-100-180-BK');
    expect(words.lines).toContain('Order it here: https://shop.example/details/wraps/pallet-covers');
  });
});

describe('the request schemas', () => {
  it('takes an item alone or with an address, stored lower-case', () => {
    expect(StockAlertRequestSchema.parse({ item: 7 })).toEqual({ item: 7 });
    expect(StockAlertRequestSchema.parse({ item: 7, email: ' Ada@Example.com ' })).toEqual({
      item: 7,
      email: 'ada@example.com',
    });
  });

  it.each([
    [{}, 'item'],
    [{ item: 0 }, 'item'],
    [{ item: 2_147_483_648 }, 'item'],
    [{ item: 1.5 }, 'item'],
    [{ item: 1, email: 'not-an-address' }, 'email'],
    [{ item: 1, email: `${'a'.repeat(250)}@example.com` }, 'email'],
  ])('refuses %j on %s', (body, field) => {
    const result = StockAlertRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0])).toContain(field);
  });

  it('refuses fields it does not know', () => {
    expect(StockAlertRequestSchema.safeParse({ item: 1, user: 2 }).success).toBe(false);
  });

  it('wants six digits as the code', () => {
    expect(StockAlertConfirmSchema.safeParse({ email: 'a@example.com', code: '012345' }).success).toBe(true);
    expect(StockAlertConfirmSchema.safeParse({ email: 'a@example.com', code: '12345' }).success).toBe(false);
    expect(StockAlertConfirmSchema.safeParse({ email: 'a@example.com', code: '12345a' }).success).toBe(false);
  });
});
