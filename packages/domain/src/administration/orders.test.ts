import { describe, expect, it } from 'vitest';
import { ORDER_ADMIN_MESSAGES, OrderRefundCreateSchema, OrderStatusChangeSchema } from './orders';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('OrderStatusChangeSchema', () => {
  it('takes a status alone, and a trimmed carrier, tracking number and note', () => {
    expect(OrderStatusChangeSchema.parse({ status: 'processing' })).toEqual({ status: 'processing' });
    expect(
      OrderStatusChangeSchema.parse({
        status: 'shipped',
        carrier: ' Royal Mail ',
        tracking_number: 'AB123GB ',
      }),
    ).toEqual({ status: 'shipped', carrier: 'Royal Mail', tracking_number: 'AB123GB' });
  });

  it('needs the carrier and tracking number to ship, as field errors', () => {
    expect(issues(OrderStatusChangeSchema.safeParse({ status: 'shipped', carrier: '  ' }))).toEqual([
      ['carrier', ORDER_ADMIN_MESSAGES.carrierRequired],
      ['tracking_number', ORDER_ADMIN_MESSAGES.trackingRequired],
    ]);
  });

  it('refuses unknown statuses and fields, and overlong text', () => {
    expect(OrderStatusChangeSchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(OrderStatusChangeSchema.safeParse({ status: 'processing', paid: true }).success).toBe(false);
    expect(OrderStatusChangeSchema.safeParse({ status: 'processing', note: 'x'.repeat(501) }).success).toBe(
      false,
    );
  });
});

describe('OrderRefundCreateSchema', () => {
  it('takes an amount in pence or lines, with a reason', () => {
    expect(OrderRefundCreateSchema.parse({ amount_pence: 500, reason: ' Damaged ' })).toEqual({
      amount_pence: 500,
      reason: 'Damaged',
    });
    expect(
      OrderRefundCreateSchema.parse({ lines: [{ order_item_id: 3, pack_quantity: 2 }], reason: 'Returned' }),
    ).toEqual({ lines: [{ order_item_id: 3, pack_quantity: 2 }], reason: 'Returned' });
  });

  it('needs exactly one of amount and lines, a reason, and each line once', () => {
    expect(issues(OrderRefundCreateSchema.safeParse({ reason: 'x' }))).toEqual([
      ['amount_pence', ORDER_ADMIN_MESSAGES.refundNothingGiven],
    ]);
    expect(
      issues(
        OrderRefundCreateSchema.safeParse({
          amount_pence: 1,
          lines: [{ order_item_id: 1, pack_quantity: 1 }],
          reason: 'x',
        }),
      ),
    ).toEqual([['', ORDER_ADMIN_MESSAGES.refundOneOf]]);
    expect(issues(OrderRefundCreateSchema.safeParse({ amount_pence: 1, reason: ' ' }))).toEqual([
      ['reason', ORDER_ADMIN_MESSAGES.reasonRequired],
    ]);
    expect(
      issues(
        OrderRefundCreateSchema.safeParse({
          lines: [
            { order_item_id: 1, pack_quantity: 1 },
            { order_item_id: 1, pack_quantity: 2 },
          ],
          reason: 'x',
        }),
      ),
    ).toEqual([['lines', ORDER_ADMIN_MESSAGES.duplicateLine]]);
  });

  it('bounds every number', () => {
    for (const body of [
      { amount_pence: 0, reason: 'x' },
      { amount_pence: 1.5, reason: 'x' },
      { amount_pence: 100_000_000, reason: 'x' },
      { lines: [{ order_item_id: 1, pack_quantity: 0 }], reason: 'x' },
      { lines: [{ order_item_id: 1, pack_quantity: 100_001 }], reason: 'x' },
      { lines: [], reason: 'x' },
    ]) {
      expect(OrderRefundCreateSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
