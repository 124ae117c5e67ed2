// The invoice's and receipt's delivery line names the service and extras paid for and the day the
// delivery is due, as the order stored them; an order from before the delivery promise prints as it did.
import { deliveryDayWithYear, type OrderView } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { pdfText, rowAmount } from '../../../test/pdf-text';
import { placedOrder } from '../../../test/support/administration-orders';
import { addPalletLoad, NEXT_DAY_TAIL_LIFT } from '../../../test/support/pallet-carts';
import { checkoutShopper, pence, tradeCompany } from '../../../test/support/orders';
import { orders } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

/** The text with its line breaks as spaces: a long description wraps in its cell. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

type Caller = { call: Awaited<ReturnType<typeof checkoutShopper>>['call'] };

async function textOf(caller: Caller, path: string) {
  const res = await caller.call('GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
}

function expectDeliveryLine(text: string, order: OrderView) {
  const due = deliveryDayWithYear(order.delivery!.delivery_date);
  expect(flat(text)).toContain(`Delivery: Pallet, next day, tail lift — due ${due} 1 £`);
  expect(rowAmount(text, 'Delivery:')).toBe(pence(order.shipping_cost));
}

describe('the delivery line of an order’s documents', () => {
  it('names a card order’s pallet service, its tail lift and the day due, on the invoice and the receipt', async () => {
    const buyer = await checkoutShopper(ctx, 'pallet-card');
    await addPalletLoad(ctx, buyer);
    const intent = await buyer.paidIntent({
      billing_address: buyer.addressId,
      shipping_address: buyer.addressId,
      ...NEXT_DAY_TAIL_LIFT,
    });
    const order = await buyer.placed(intent.payment_intent_id);
    expect(order.delivery).toMatchObject({
      service: 'pallet_next_day',
      extras: [{ code: 'tail_lift', label: expect.any(String) }],
      delivery_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect(pence(order.shipping_cost)).toBeGreaterThan(0);
    for (const path of [order.invoice!, order.paid_receipt!]) {
      expectDeliveryLine(await textOf(buyer, path), order);
    }
  });

  it('names an order on account’s pallet service, its tail lift and the day due on its invoice', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 50_000_000 });
    const buyer = await company.member('administrator', null, 'pallet-account');
    await addPalletLoad(ctx, buyer);
    const res = await buyer.onAccount(NEXT_DAY_TAIL_LIFT);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<OrderView>();
    expect(order.payment_status).toBe('ON_ACCOUNT');
    expect(order.delivery).toMatchObject({ service: 'pallet_next_day', extras: [{ code: 'tail_lift' }] });
    const text = await textOf(buyer, order.invoice!);
    expectDeliveryLine(text, order);
    expect(text).toContain('This invoice has not been paid.');
  });

  it('names a parcel order’s service and day due, and an order from before the promise prints “Delivery” alone', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'parcel-documents' });
    expect(order.delivery?.service).toBe('parcel');
    const parcel = await textOf(buyer, order.invoice!);
    const due = deliveryDayWithYear(order.delivery!.delivery_date);
    expect(flat(parcel)).toContain(`Delivery: Parcel — due ${due} 1 £`);
    expect(rowAmount(parcel, 'Delivery:')).toBe(pence(order.shipping_cost));

    const { buyer: older, order: old } = await placedOrder(ctx, { name: 'before-promise' });
    // As an order placed before migration 0017 is stored.
    await ctx.database.db
      .update(orders)
      .set({
        deliveryService: null,
        deliveryExtras: [],
        deliveryZone: null,
        dispatchBy: null,
        deliveryDate: null,
      })
      .where(eq(orders.id, old.id));
    const text = await textOf(older, old.invoice!);
    expect(text).toContain(`Delivery 1 £6.95 0% 20% £6.95`);
    expect(text).not.toContain('Delivery:');
    expect(text).not.toContain('due');
  });
});
