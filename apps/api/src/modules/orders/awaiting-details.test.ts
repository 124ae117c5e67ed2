// A client written to spec 2 (§2): the intent is made with `{cart_id}` alone, the card confirmed,
// and only then POST orders/ names the addresses. The processor's `payment_intent.succeeded` webhook races
// that request; whichever comes first, the sale is made once, to the addresses the buyer named, and a paid
// payment that never gets its details is settled by reconciliation (decision 009).
import { CHECKOUT_MESSAGES, formatGbp, type OrderView, type PaymentIntentView } from '@shop/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { outboundEmails, stockMovements, testPaymentIntents } from '../../db/schema';
import {
  ADDRESS_SNAPSHOT,
  agePayment,
  checkoutShopper,
  confirmationsTo,
  orderBody,
  ordersOfPayment,
  outcomeOf,
  paymentOf,
  processorIntent,
  reconcile,
  redeliver,
  setStock,
  stockOf,
  type CheckoutShopper,
} from '../../../test/support/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
  await setStock(ctx, TAPE, 1000);
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';

/** Addresses a buyer keeps besides checkoutShopper's one (ADDRESS), with their snapshots as an order keeps them. */
const HOME = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street: '1 Home Row',
  city: 'Bath',
  state: '',
  postal_code: 'BA1 1AA',
  country: 'UK',
  telephone_number: '07700 900001',
};
const HOME_SNAPSHOT = { ...HOME, state: null, telephone_number: '+447700900001' };
const WAREHOUSE = {
  ...HOME,
  first_name: 'Goods',
  last_name: 'In',
  street: '9 Dock Road',
  city: 'Bristol',
  postal_code: 'BS1 4DJ',
  telephone_number: '07700 900002',
};
const WAREHOUSE_SNAPSHOT = { ...WAREHOUSE, state: null, telephone_number: '+447700900002' };

async function addAddress(buyer: CheckoutShopper, address: object, defaults: object = {}) {
  const res = await buyer.call('POST', '/api/addresses/', { ...address, ...defaults });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** A buyer with a pack of tape in the cart who has paid as spec 2's client does: `{cart_id}` alone, then the card. */
async function specPaid(buyer: CheckoutShopper) {
  await buyer.addSku(TAPE, 1);
  const res = await buyer.call('POST', '/api/ecommerce/payment-intents/', { cart_id: buyer.cartId });
  expect(res.statusCode, res.body).toBe(200);
  const intent = res.json<PaymentIntentView>();
  expect((await buyer.confirm(intent.client_secret)).statusCode).toBe(200);
  expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
    billingAddress: null,
    shippingAddress: null,
  });
  return intent;
}

/** The spec client's POST orders/: the addresses it chose and the spec's extra fields (orderBody). */
const specOrder = (
  buyer: CheckoutShopper,
  intentId: string,
  addresses: { shipping: number; billing: number },
) =>
  buyer.call(
    'POST',
    '/api/orders/',
    orderBody(addresses.billing, intentId, { shipping_address: addresses.shipping }),
  );

/** The processor's `payment_intent.succeeded` for the intent, as it delivers it. */
async function webhook(intentId: string) {
  expect(await redeliver(ctx, intentId)).toEqual([200]);
}

/** Intents the processor holds for the buyer's cart (the cart's charges). */
const intentsOfCart = (cartId: number) =>
  ctx.database.db
    .select()
    .from(testPaymentIntents)
    .where(sql`${testPaymentIntents.metadata}->>'cart_id' = ${String(cartId)}`);

/**
 * Exactly one sale: one order with these addresses, one pack of stock taken (items.stock and one stock
 * movement), one confirmation, one charge and nothing refunded at the processor. Answers the order's id.
 */
async function expectOneSale(
  buyer: CheckoutShopper,
  intent: PaymentIntentView,
  stockBefore: number,
  addresses: { shipping: object; billing: object },
) {
  const made = await ordersOfPayment(ctx, intent.payment_intent_id);
  expect(made).toHaveLength(1);
  expect(await buyer.orders()).toHaveLength(1);
  const order = made[0]!;
  expect(order).toMatchObject({
    paymentStatus: 'COMPLETED',
    totalPence: intent.amount,
    shippingAddress: addresses.shipping,
    billingAddress: addresses.billing,
  });
  expect(await stockOf(ctx, TAPE)).toBe(stockBefore - 1);
  const moved = await ctx.database.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.orderId, order.id));
  expect(moved.map((row) => row.delta)).toEqual([-1]);
  const mails = await confirmationsTo(ctx, buyer.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toContain(`order #${order.id}`);
  const charges = await intentsOfCart(buyer.cartId);
  expect(charges).toHaveLength(1);
  expect(charges[0]).toMatchObject({ status: 'succeeded', amount: intent.amount, amountRefunded: 0 });
  expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
    orderId: order.id,
    status: 'succeeded',
    refundedPence: 0,
    failureReason: null,
  });
  return order.id;
}

/** A buyer with ADDRESS (billing) and WAREHOUSE (shipping) to choose, and HOME as both defaults. */
async function buyerWithChoice(name: string) {
  const buyer = await checkoutShopper(ctx, name);
  await addAddress(buyer, HOME, { is_default_billing: true, is_default_shipping: true });
  const warehouse = await addAddress(buyer, WAREHOUSE);
  return { buyer, chosen: { shipping: warehouse, billing: buyer.addressId } };
}
const CHOSEN = { shipping: WAREHOUSE_SNAPSHOT, billing: ADDRESS_SNAPSHOT };

describe('a spec-2 client’s checkout, with the webhook racing its POST orders/', () => {
  it('makes the sale when the webhook comes first: the order waits for the buyer’s addresses', async () => {
    const stock = await stockOf(ctx, TAPE);
    const { buyer, chosen } = await buyerWithChoice('first');
    const intent = await specPaid(buyer);
    await webhook(intent.payment_intent_id);
    // Paid, no order, nothing refunded: waiting for the details.
    const waiting = await paymentOf(ctx, intent.payment_intent_id);
    expect(waiting).toMatchObject({ orderId: null, failureReason: null, refundedPence: 0 });
    expect(waiting.awaitingDetailsSince).toBeInstanceOf(Date);
    expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(0);
    // A duplicate delivery changes nothing.
    await webhook(intent.payment_intent_id);
    expect((await paymentOf(ctx, intent.payment_intent_id)).awaitingDetailsSince).toEqual(
      waiting.awaitingDetailsSince,
    );

    const res = await specOrder(buyer, intent.payment_intent_id, chosen);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = await expectOneSale(buyer, intent, stock, CHOSEN);
    expect(res.json<OrderView>()).toMatchObject({ id: orderId, shipping_address: WAREHOUSE_SNAPSHOT });

    const again = await specOrder(buyer, intent.payment_intent_id, chosen);
    expect(again.statusCode).toBe(200);
    expect(again.json<OrderView>().id).toBe(orderId);
    await webhook(intent.payment_intent_id);
    await expectOneSale(buyer, intent, stock, CHOSEN);
  });

  it('makes the sale when the webhook comes after the buyer’s POST orders/', async () => {
    const stock = await stockOf(ctx, TAPE);
    const { buyer, chosen } = await buyerWithChoice('after');
    const intent = await specPaid(buyer);
    const res = await specOrder(buyer, intent.payment_intent_id, chosen);
    expect(res.statusCode, res.body).toBe(201);
    await webhook(intent.payment_intent_id);
    const orderId = await expectOneSale(buyer, intent, stock, CHOSEN);
    expect(res.json<OrderView>().id).toBe(orderId);
  });

  it('makes the sale when the webhook and POST orders/ come at the same time', async () => {
    for (const name of ['same1', 'same2', 'same3']) {
      const stock = await stockOf(ctx, TAPE);
      const { buyer, chosen } = await buyerWithChoice(name);
      const intent = await specPaid(buyer);
      const [res] = await Promise.all([
        specOrder(buyer, intent.payment_intent_id, chosen),
        webhook(intent.payment_intent_id),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const orderId = await expectOneSale(buyer, intent, stock, CHOSEN);
      expect(res.json<OrderView>().id).toBe(orderId);
    }
  });
});

describe('a spec-2 client’s tab closed after paying (no POST orders/)', () => {
  /** Paid and the webhook delivered, then the grace period passes: answers the intent. */
  async function abandoned(buyer: CheckoutShopper) {
    const intent = await specPaid(buyer);
    await webhook(intent.payment_intent_id);
    expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(0);
    // Within the grace period reconciliation leaves it to the checkout in progress.
    expect(outcomeOf(await reconcile(ctx), intent.payment_intent_id)).toBeUndefined();
    await agePayment(ctx, intent.payment_intent_id, 3);
    return intent;
  }

  it('makes the order from the account’s default billing and shipping addresses', async () => {
    const stock = await stockOf(ctx, TAPE);
    const buyer = await checkoutShopper(ctx, 'defaults');
    await addAddress(buyer, HOME, { is_default_billing: true });
    await addAddress(buyer, WAREHOUSE, { is_default_shipping: true });
    const intent = await abandoned(buyer);
    expect(outcomeOf(await reconcile(ctx), intent.payment_intent_id)).toBe('ordered');
    const orderId = await expectOneSale(buyer, intent, stock, {
      shipping: WAREHOUSE_SNAPSHOT,
      billing: HOME_SNAPSHOT,
    });
    // The buyer's late request, the webhook again and later passes: the same order, nothing more.
    const late = await specOrder(buyer, intent.payment_intent_id, {
      shipping: buyer.addressId,
      billing: buyer.addressId,
    });
    expect(late.statusCode).toBe(200);
    expect(late.json<OrderView>().id).toBe(orderId);
    await webhook(intent.payment_intent_id);
    await agePayment(ctx, intent.payment_intent_id, 60);
    expect(outcomeOf(await reconcile(ctx), intent.payment_intent_id)).toBeUndefined();
    await expectOneSale(buyer, intent, stock, { shipping: WAREHOUSE_SNAPSHOT, billing: HOME_SNAPSHOT });
  });

  it('uses the one default the account has for both addresses', async () => {
    const stock = await stockOf(ctx, TAPE);
    const buyer = await checkoutShopper(ctx, 'onedefault');
    await addAddress(buyer, HOME, { is_default_shipping: true });
    const intent = await abandoned(buyer);
    expect(outcomeOf(await reconcile(ctx), intent.payment_intent_id)).toBe('ordered');
    await expectOneSale(buyer, intent, stock, { shipping: HOME_SNAPSHOT, billing: HOME_SNAPSHOT });
  });

  it('uses the account’s only saved address when it has no defaults', async () => {
    const stock = await stockOf(ctx, TAPE);
    const buyer = await checkoutShopper(ctx, 'onlyone');
    const intent = await abandoned(buyer);
    expect(outcomeOf(await reconcile(ctx), intent.payment_intent_id)).toBe('ordered');
    await expectOneSale(buyer, intent, stock, { shipping: ADDRESS_SNAPSHOT, billing: ADDRESS_SNAPSHOT });
  });

  it('without addresses, waits for the window, then refunds in full and tells the buyer', async () => {
    const stock = await stockOf(ctx, TAPE);
    const buyer = await checkoutShopper(ctx, 'noaddress');
    expect((await buyer.call('DELETE', `/api/addresses/${buyer.addressId}/`)).statusCode).toBe(204);
    const intent = await abandoned(buyer);
    const id = intent.payment_intent_id;

    expect(outcomeOf(await reconcile(ctx), id)).toBe('waiting');
    await agePayment(ctx, id, 26);
    expect(outcomeOf(await reconcile(ctx), id)).toBe('waiting');
    expect(await paymentOf(ctx, id)).toMatchObject({ orderId: null, failureReason: null, refundedPence: 0 });
    expect((await processorIntent(ctx, id)).amountRefunded).toBe(0);
    expect(await refundMailsTo(buyer.email)).toHaveLength(0);

    // The next check (every 10 minutes by now) after the 30 minutes of PAYMENT_DETAILS_WAIT_MINUTES' default.
    await agePayment(ctx, id, 10);
    expect(outcomeOf(await reconcile(ctx), id)).toBe('refunded');
    expect(await paymentOf(ctx, id)).toMatchObject({
      orderId: null,
      status: 'refunded',
      refundedPence: intent.amount,
      failureReason: CHECKOUT_MESSAGES.detailsNeverArrived,
    });
    expect((await processorIntent(ctx, id)).amountRefunded).toBe(intent.amount);
    expect(await ordersOfPayment(ctx, id)).toHaveLength(0);
    expect(await stockOf(ctx, TAPE)).toBe(stock);
    expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(0);
    const mails = await refundMailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(formatGbp(intent.amount));
    expect(mails[0]!.textBody).toMatch(/no order was (placed|made)/i);
    expect(mails[0]!.textBody).toMatch(/delivery details/i);
    expect(mails[0]!.textBody).toMatch(/order again/i);

    // Later passes change nothing.
    await agePayment(ctx, id, 60);
    expect(outcomeOf(await reconcile(ctx), id)).toBeUndefined();
    expect(await refundMailsTo(buyer.email)).toHaveLength(1);
    expect((await processorIntent(ctx, id)).amountRefunded).toBe(intent.amount);
  });

  it('with several addresses and no default, waits too; the window is reconciliation’s to set', async () => {
    const buyer = await checkoutShopper(ctx, 'several');
    await addAddress(buyer, HOME);
    const intent = await abandoned(buyer);
    const id = intent.payment_intent_id;
    expect(outcomeOf(await reconcile(ctx, { detailsWaitMs: 10 * 60_000 }), id)).toBe('waiting');
    await agePayment(ctx, id, 11);
    expect(outcomeOf(await reconcile(ctx, { detailsWaitMs: 10 * 60_000 }), id)).toBe('refunded');
    expect(await paymentOf(ctx, id)).toMatchObject({
      orderId: null,
      refundedPence: intent.amount,
      failureReason: CHECKOUT_MESSAGES.detailsNeverArrived,
    });
    const late = await specOrder(buyer, id, { shipping: buyer.addressId, billing: buyer.addressId });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: CHECKOUT_MESSAGES.detailsNeverArrived });
    expect(await buyer.orders()).toHaveLength(0);
  });

  it('never refunds a payment whose order the buyer made while the window ran out', async () => {
    const stock = await stockOf(ctx, TAPE);
    const buyer = await checkoutShopper(ctx, 'lastminute');
    const other = await addAddress(buyer, HOME);
    const intent = await abandoned(buyer);
    const id = intent.payment_intent_id;
    await agePayment(ctx, id, 31);
    // Reconciliation's view of the payment, read before the buyer's order is made.
    const stale = await paymentOf(ctx, id);
    const chosen = { shipping: other, billing: buyer.addressId };
    expect((await specOrder(buyer, id, chosen)).statusCode).toBe(201);
    const settled = await ctx.app.services.orders.settlePayment(stale, await processorIntent(ctx, id), {
      detailsWaitMs: 30 * 60_000,
    });
    expect(settled).toMatchObject({ kind: 'existing' });
    await expectOneSale(buyer, intent, stock, { shipping: HOME_SNAPSHOT, billing: ADDRESS_SNAPSHOT });
    expect(await refundMailsTo(buyer.email)).toHaveLength(0);
  });

  it('settles a payment whose window runs out as the buyer orders: an order or a refund, never both', async () => {
    for (const name of ['race1', 'race2', 'race3']) {
      const stock = await stockOf(ctx, TAPE);
      const buyer = await checkoutShopper(ctx, name);
      const other = await addAddress(buyer, HOME);
      const intent = await abandoned(buyer);
      const id = intent.payment_intent_id;
      await agePayment(ctx, id, 31);
      const [report, res] = await Promise.all([
        reconcile(ctx),
        specOrder(buyer, id, { shipping: other, billing: buyer.addressId }),
      ]);
      const refunded = (await processorIntent(ctx, id)).amountRefunded;
      if (res.statusCode === 201) {
        expect(outcomeOf(report, id)).not.toBe('refunded');
        expect(refunded).toBe(0);
        await expectOneSale(buyer, intent, stock, { shipping: HOME_SNAPSHOT, billing: ADDRESS_SNAPSHOT });
        expect(await refundMailsTo(buyer.email)).toHaveLength(0);
      } else {
        expect(res.statusCode).toBe(409);
        expect(outcomeOf(report, id)).toBe('refunded');
        expect(refunded).toBe(intent.amount);
        expect(await ordersOfPayment(ctx, id)).toHaveLength(0);
        expect(await stockOf(ctx, TAPE)).toBe(stock);
        expect(await refundMailsTo(buyer.email)).toHaveLength(1);
      }
    }
  });
});

/** The e-mails telling a buyer their payment was refunded because no delivery details came. */
function refundMailsTo(email: string) {
  return ctx.database.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.toAddress, email), sql`${outboundEmails.subject} ilike '%refund%'`));
}
