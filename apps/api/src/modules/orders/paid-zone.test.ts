// A card buyer's delivery is priced for where the order goes. A client written to spec 2 makes the intent with
// `{cart_id}` alone (priced for the cart's postcode), pays, and only then names the shipping address in POST
// orders/: an address in a dearer zone (or one not served) makes no order at the price paid. The request is
// refused (409, saying what delivery there costs), the payment waits for an address it covers, and is refunded
// when none comes within the window, as decision 009 has it; the webhook and reconciliation obey the same rule.
import {
  CHECKOUT_MESSAGES,
  DELIVERY_MESSAGES,
  formatGbp,
  type DeliveryOptionView,
  type OrderView,
  type PaymentIntentView,
} from '@shop/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { outboundEmails } from '../../db/schema';
import { parcelCart } from '../../../test/support/delivery';
import {
  agePayment,
  checkoutShopper,
  orderBody,
  ordersOfPayment,
  outcomeOf,
  paymentOf,
  pence,
  processorIntent,
  reconcile,
  redeliver,
  type CheckoutShopper,
} from '../../../test/support/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

const BELFAST = 'BT1 1AA';
const INVERNESS = 'IV1 1AA';
const DOUGLAS = 'IM1 1AA';
const LONDON = 'SW1A 1AA';

/** An address of the buyer's at a postcode (with `defaults`, made a default). */
async function addressAt(buyer: CheckoutShopper, postalCode: string, defaults: object = {}) {
  const res = await buyer.call('POST', '/api/addresses/', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    street: '1 Quay Street',
    city: 'Elsewhere',
    state: '',
    postal_code: postalCode,
    country: 'UK',
    telephone_number: '07700 900126',
    ...defaults,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** The e-mails telling a buyer their payment was refunded. */
const refundMailsTo = (email: string) =>
  ctx.database.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.toAddress, email), sql`${outboundEmails.subject} ilike '%refund%'`));

/** Sets the cart's delivery postcode, as the cart page does. */
async function cartGoesTo(buyer: CheckoutShopper, postalCode: string) {
  const res = await buyer.call('PATCH', `/api/ecommerce/carts/${buyer.cartId}/`, { postal_code: postalCode });
  expect(res.statusCode, res.body).toBe(200);
}

/** Pays as spec 2's client does: the intent with `{cart_id}` alone, then the card. */
async function specPaid(buyer: CheckoutShopper): Promise<PaymentIntentView> {
  const res = await buyer.call('POST', '/api/ecommerce/payment-intents/', { cart_id: buyer.cartId });
  expect(res.statusCode, res.body).toBe(200);
  const intent = res.json<PaymentIntentView>();
  expect((await buyer.confirm(intent.client_secret)).statusCode).toBe(200);
  return intent;
}

/** POST orders/ naming one address for both shipping and billing. */
const orderTo = (buyer: CheckoutShopper, intentId: string, addressId: number) =>
  buyer.call('POST', '/api/orders/', orderBody(addressId, intentId));

/** What delivery-options/ says the cart's parcel costs to a postcode (pence, before VAT). */
async function parcelPriceTo(buyer: CheckoutShopper, postalCode: string): Promise<number> {
  const res = await buyer.call('POST', '/api/ecommerce/delivery-options/', {
    cart_id: buyer.cartId,
    postal_code: postalCode,
  });
  expect(res.statusCode, res.body).toBe(200);
  const parcel = res.json<DeliveryOptionView[]>().find((option) => option.service === 'parcel');
  return pence(parcel!.price);
}

/** Paid, no order, nothing refunded, refused for no reason of record: the payment waits for an address. */
async function expectWaiting(buyer: CheckoutShopper, intent: PaymentIntentView) {
  const id = intent.payment_intent_id;
  expect(await ordersOfPayment(ctx, id)).toHaveLength(0);
  expect(await buyer.orders()).toHaveLength(0);
  const payment = await paymentOf(ctx, id);
  expect(payment).toMatchObject({
    orderId: null,
    failureReason: null,
    refundedPence: 0,
    status: 'succeeded',
  });
  expect(payment.awaitingDetailsSince).toBeInstanceOf(Date);
  expect((await processorIntent(ctx, id)).amountRefunded).toBe(0);
}

/** Exactly one order of the payment, at the amount paid, to the zone and delivery price given. */
async function expectOneOrder(
  buyer: CheckoutShopper,
  intent: PaymentIntentView,
  res: Awaited<ReturnType<typeof orderTo>>,
  zone: string,
  shippingPence: number,
) {
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<OrderView>();
  expect(pence(order.total)).toBe(intent.amount);
  expect(pence(order.shipping_cost)).toBe(shippingPence);
  expect(order.delivery).toMatchObject({ service: 'parcel', zone });
  expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(1);
  expect(await buyer.orders()).toHaveLength(1);
  expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(0);
  return order;
}

describe('a spec-2 card checkout paid for the mainland that names an address elsewhere', () => {
  it('Northern Ireland: refused with what delivery there costs; the payment waits; a mainland address makes the order', async () => {
    const buyer = await checkoutShopper(ctx, 'belfast');
    // Twenty tape guns: over £150 before VAT, free to the mainland, not to Northern Ireland.
    await parcelCart(ctx, buyer, 20);
    const belfast = await addressAt(buyer, BELFAST);
    await cartGoesTo(buyer, LONDON);
    const due = await parcelPriceTo(buyer, BELFAST);
    expect(due).toBeGreaterThan(0);
    const intent = await specPaid(buyer);
    expect((await paymentOf(ctx, intent.payment_intent_id)).deliveryPostalCode).toBe(LONDON);

    const refused = await orderTo(buyer, intent.payment_intent_id, belfast);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      detail: CHECKOUT_MESSAGES.deliveryNotPaidFor(BELFAST, due, 0, 'mainland'),
    });
    expect(refused.json<{ detail: string }>().detail).toContain(`${BELFAST} costs ${formatGbp(due)}`);
    await expectWaiting(buyer, intent);

    // The same request again is refused the same way; an address the payment covers makes the order.
    expect((await orderTo(buyer, intent.payment_intent_id, belfast)).statusCode).toBe(409);
    const placed = await orderTo(buyer, intent.payment_intent_id, buyer.addressId);
    const order = await expectOneOrder(buyer, intent, placed, 'mainland', 0);
    expect(order.shipping_address.postal_code).toBe(LONDON);
    const again = await orderTo(buyer, intent.payment_intent_id, belfast);
    expect(again.statusCode).toBe(200);
    expect(again.json<OrderView>().id).toBe(order.id);
  });

  it('the Highlands: £6.95 paid where £15.90 is due is refused; with the webhook first too', async () => {
    const buyer = await checkoutShopper(ctx, 'inverness');
    await parcelCart(ctx, buyer, 1);
    const inverness = await addressAt(buyer, INVERNESS);
    const due = await parcelPriceTo(buyer, INVERNESS);
    expect(due).toBe(1_590);
    const intent = await specPaid(buyer);
    // The processor's payment_intent.succeeded comes before the buyer's POST orders/ (decision 009).
    expect(await redeliver(ctx, intent.payment_intent_id)).not.toContain(500);
    await expectWaiting(buyer, intent);

    const refused = await orderTo(buyer, intent.payment_intent_id, inverness);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      detail: CHECKOUT_MESSAGES.deliveryNotPaidFor(INVERNESS, 1_590, 695, 'mainland'),
    });
    // The webhook again makes nothing of the address refused, and refunds nothing.
    expect(await redeliver(ctx, intent.payment_intent_id)).not.toContain(500);
    await expectWaiting(buyer, intent);

    const placed = await orderTo(buyer, intent.payment_intent_id, buyer.addressId);
    await expectOneOrder(buyer, intent, placed, 'mainland', 695);
  });

  it('the Isle of Man (not served): refused with the reason, nothing made, and refunded when the window runs out', async () => {
    const buyer = await checkoutShopper(ctx, 'douglas');
    await parcelCart(ctx, buyer, 1);
    const douglas = await addressAt(buyer, DOUGLAS);
    const intent = await specPaid(buyer);
    const id = intent.payment_intent_id;

    const refused = await orderTo(buyer, id, douglas);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      detail: CHECKOUT_MESSAGES.deliveryUnavailableThere(
        DELIVERY_MESSAGES.notServed('isle_of_man'),
        'mainland',
      ),
    });
    await expectWaiting(buyer, intent);

    // Reconciliation neither makes the order there nor from the account's other address, nor refunds early.
    await agePayment(ctx, id, 3);
    expect(outcomeOf(await reconcile(ctx), id)).toBe('waiting');
    await expectWaiting(buyer, intent);
    await agePayment(ctx, id, 31);
    expect(outcomeOf(await reconcile(ctx), id)).toBe('refunded');
    expect(await paymentOf(ctx, id)).toMatchObject({
      orderId: null,
      refundedPence: intent.amount,
      failureReason: CHECKOUT_MESSAGES.deliveryNeverPaidFor,
    });
    expect((await processorIntent(ctx, id)).amountRefunded).toBe(intent.amount);
    expect(await ordersOfPayment(ctx, id)).toHaveLength(0);
    const late = await orderTo(buyer, id, buyer.addressId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: CHECKOUT_MESSAGES.deliveryNeverPaidFor });
    const mails = await refundMailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(formatGbp(intent.amount));
    expect(mails[0]!.textBody).toMatch(/outside the area your payment paid delivery for/);
  });

  it('after a refused address, reconciliation does not ship to the account’s default address instead', async () => {
    const buyer = await checkoutShopper(ctx, 'notdefault');
    await parcelCart(ctx, buyer, 1);
    const mainland = await addressAt(buyer, LONDON, { is_default_billing: true, is_default_shipping: true });
    const belfast = await addressAt(buyer, BELFAST);
    await cartGoesTo(buyer, LONDON);
    const intent = await specPaid(buyer);
    const id = intent.payment_intent_id;
    expect((await orderTo(buyer, id, belfast)).statusCode).toBe(409);
    // The buyer asked for Belfast: the order is theirs to redirect, not reconciliation's.
    await agePayment(ctx, id, 3);
    expect(outcomeOf(await reconcile(ctx), id)).toBe('waiting');
    await expectWaiting(buyer, intent);
    const placed = await orderTo(buyer, id, mainland);
    await expectOneOrder(buyer, intent, placed, 'mainland', 695);
  });

  it('reconciliation does not make the order at the mainland price to a default address in Northern Ireland', async () => {
    const buyer = await checkoutShopper(ctx, 'defaultni');
    await parcelCart(ctx, buyer, 1);
    await addressAt(buyer, BELFAST, { is_default_billing: true, is_default_shipping: true });
    // The cart page priced it for London, so the intent is for the mainland.
    await cartGoesTo(buyer, LONDON);
    const intent = await specPaid(buyer);
    const id = intent.payment_intent_id;
    expect(await redeliver(ctx, id)).not.toContain(500);
    // The buyer's tab closed: reconciliation would make the order to the account's defaults.
    await agePayment(ctx, id, 3);
    expect(outcomeOf(await reconcile(ctx), id)).toBe('waiting');
    await expectWaiting(buyer, intent);
    await agePayment(ctx, id, 31);
    expect(outcomeOf(await reconcile(ctx), id)).toBe('refunded');
    expect((await processorIntent(ctx, id)).amountRefunded).toBe(intent.amount);
    expect(await ordersOfPayment(ctx, id)).toHaveLength(0);
  });
});

describe('a spec-2 card checkout priced for the zone it ships to', () => {
  it.each([
    ['POST orders/ alone', false],
    ['the webhook first', true],
  ])('Northern Ireland paid and shipped there makes exactly one order (%s)', async (_name, webhookFirst) => {
    const buyer = await checkoutShopper(ctx, 'honest');
    await parcelCart(ctx, buyer, 20);
    const belfast = await addressAt(buyer, BELFAST);
    await cartGoesTo(buyer, BELFAST);
    const due = await parcelPriceTo(buyer, BELFAST);
    const intent = await specPaid(buyer);
    if (webhookFirst) expect(await redeliver(ctx, intent.payment_intent_id)).not.toContain(500);
    const placed = await orderTo(buyer, intent.payment_intent_id, belfast);
    const order = await expectOneOrder(buyer, intent, placed, 'northern_ireland', due);
    expect(order.shipping_address.postal_code).toBe(BELFAST);
    expect(await redeliver(ctx, intent.payment_intent_id)).not.toContain(500);
    expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(1);
  });
});
