// Test support for the back office's orders: an order a shopper paid for, and what it left behind.
import type { AdminOrderDetail, OrderView } from '@shop/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../helper';
import { auditLog, outboundEmails, refunds, stockMovements } from '../../src/db/schema';
import { itemBySku } from './carts';
import { checkoutShopper, paidShopper, setStock } from './orders';
import type { StaffMember } from './administration';

export const TAPE = 'TD-PRO-75';
export const WRAP = 'PW-HAND-400-CL';

/** A shopper's placed order: paid with the test processor, stock tracked and plentiful. */
export async function placedOrder(
  ctx: TestContext,
  { sku = TAPE, packs = 2, name = 'buyer' }: { sku?: string; packs?: number; name?: string } = {},
) {
  await setStock(ctx, sku, 1000);
  const { buyer, intent } = await paidShopper(ctx, sku, packs, name);
  const order: OrderView = await buyer.placed(intent.payment_intent_id);
  return { buyer, intent, order, totalPence: Math.round(Number(order.total) * 100) };
}

/** An order of two lines (3 packs of tape, 2 of wrap), for refunds by line. */
export async function twoLineOrder(ctx: TestContext, name = 'lines') {
  await setStock(ctx, TAPE, 1000);
  await setStock(ctx, WRAP, 1000);
  const buyer = await checkoutShopper(ctx, name);
  await buyer.addSku(TAPE, 3);
  await buyer.addSku(WRAP, 2);
  const intent = await buyer.paidIntent();
  const order: OrderView = await buyer.placed(intent.payment_intent_id);
  return { buyer, intent, order, totalPence: Math.round(Number(order.total) * 100) };
}

export async function detailOf(staff: StaffMember, orderId: number): Promise<AdminOrderDetail> {
  const res = await staff.admin('GET', `orders/${orderId}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOrderDetail>();
}

/** Moves an order and fails the test unless the move was accepted. */
export async function moved(staff: StaffMember, orderId: number, body: object): Promise<AdminOrderDetail> {
  const res = await staff.admin('POST', `orders/${orderId}/status/`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOrderDetail>();
}

export const SHIP = { status: 'shipped', carrier: 'Royal Mail', tracking_number: 'RM123456789GB' };

export function emailsTo(ctx: TestContext, email: string) {
  return ctx.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.toAddress, email))
    .orderBy(asc(outboundEmails.id));
}

export function auditOf(ctx: TestContext, orderId: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(orderId))))
    .orderBy(asc(auditLog.id));
}

export function refundsOf(ctx: TestContext, orderId: number) {
  return ctx.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
}

export async function movementsOf(ctx: TestContext, sku: string) {
  const item = await itemBySku(ctx, sku);
  return ctx.database.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.itemId, item.id))
    .orderBy(desc(stockMovements.id));
}
