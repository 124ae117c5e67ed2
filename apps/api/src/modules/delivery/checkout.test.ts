// The delivery promise through checkout: what the buyer is
// quoted is what the intent charges, what the order keeps and what it promises; a spec-2 client that knows
// nothing of services gets the cheapest for its address's zone; an order on account names its service.
import {
  CHECKOUT_MESSAGES,
  DELIVERY_MESSAGES,
  OrderViewSchema,
  shippingQuote,
  type DeliveryOptionView,
  type DeliveryRules,
  type OrderView,
  type PaymentIntentView,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { orders } from '../../db/schema';
import {
  datesOf,
  palletCart,
  parcelCart,
  POSTCODES,
  rulesOf,
  storedChoice,
} from '../../../test/support/delivery';
import {
  checkoutShopper,
  orderBody,
  ordersOfPayment,
  paymentOf,
  pence,
  processorIntent,
  redeliver,
  tradeCompany,
  type CheckoutShopper,
} from '../../../test/support/orders';

let ctx: TestContext;
let rules: DeliveryRules;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
  rules = await rulesOf(ctx);
});
afterAll(() => ctx.close());

/** An address of the buyer's at a postcode (and, with `defaults`, made their default). */
async function addressAt(buyer: CheckoutShopper, postalCode: string, defaults: object = {}) {
  const res = await buyer.call('POST', '/api/addresses/', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    street: '1 Shore Street',
    city: 'Elsewhere',
    state: '',
    postal_code: postalCode,
    country: 'UK',
    telephone_number: '07700 900125',
    ...defaults,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** The delivery the domain promised for an order made when `order` was (its created_at). */
function promisedAt(
  order: OrderView,
  service: 'parcel' | 'pallet_economy' | 'pallet_next_day',
  postcode: string,
) {
  const dates = datesOf(service, postcode, new Date(order.created_at), rules);
  return { dispatch_by: dates.dispatch_date, delivery_date: dates.delivery_date };
}

describe('a card order keeps the price and the promise it was quoted', () => {
  it('pallet next day with a tail lift to the mainland: quote = cart = intent = order, with the quoted dates', async () => {
    const buyer = await checkoutShopper(ctx);
    await palletCart(ctx, buyer);
    const before = await buyer.cart();

    const quoted = await buyer.call('POST', '/api/ecommerce/delivery-options/', {
      cart_id: buyer.cartId,
      postal_code: POSTCODES.mainland,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const nextDay = quoted
      .json<DeliveryOptionView[]>()
      .find((option) => option.service === 'pallet_next_day')!;
    const tailLift = nextDay.extras.find((extra) => extra.code === 'tail_lift')!;
    const delivery = pence(nextDay.price) + pence(tailLift.price);
    expect(delivery).toBe(6_500 + 2_500);

    const intent = await buyer.paidIntent({
      billing_address: buyer.addressId,
      shipping_address: buyer.addressId,
      delivery_service: 'pallet_next_day',
      delivery_extras: ['tail_lift'],
    });
    // The intent's choice is the cart's from now on, and the cart's total is what was charged.
    expect(await storedChoice(ctx, buyer.cartId)).toMatchObject({
      service: 'pallet_next_day',
      extras: ['tail_lift'],
    });
    const cart = await buyer.cart();
    expect(cart).toMatchObject({ subtotal: before.subtotal, shipping_cost: '90.00' });
    expect(cart.delivery).toMatchObject({
      service: 'pallet_next_day',
      extras: ['tail_lift'],
      price: '90.00',
    });
    const net = pence(cart.subtotal) - pence(cart.discount) + delivery;
    expect(intent.amount).toBe(net + Math.round((net * cart.vat) / 100));
    expect(intent.amount).toBe(pence(cart.total));

    const order = await buyer.placed(intent.payment_intent_id);
    expect(pence(order.total)).toBe(intent.amount);
    expect(order).toMatchObject({
      shipping_cost: '90.00',
      subtotal: cart.subtotal,
      vat_amount: cart.vat_amount,
    });
    expect(order.shipping_details).toMatchObject({ parcel_type: 'pallet', parcels_needed: 1 });
    // The order promises what was quoted a moment before (or, across a cut-off or midnight, what the rule
    // promises at the moment the order was made).
    const quotedDates = { dispatch_by: nextDay.dispatch_date, delivery_date: nextDay.delivery_date };
    const atCreation = promisedAt(order, 'pallet_next_day', POSTCODES.mainland);
    expect([quotedDates, atCreation]).toContainEqual({
      dispatch_by: order.delivery!.dispatch_by,
      delivery_date: order.delivery!.delivery_date,
    });
    expect(order.delivery).toEqual({
      service: 'pallet_next_day',
      label: 'Pallet, next day',
      extras: [{ code: 'tail_lift', label: 'Tail lift (no forklift on site)' }],
      zone: 'mainland',
      zone_label: expect.any(String),
      ...atCreation,
    });
    // Stored as shown, and read back the same.
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      shippingPence: 9_000,
      totalPence: intent.amount,
      deliveryService: 'pallet_next_day',
      deliveryExtras: ['tail_lift'],
      deliveryZone: 'mainland',
      dispatchBy: atCreation.dispatch_by,
      deliveryDate: atCreation.delivery_date,
    });
    const read = await buyer.call('GET', `/api/orders/${order.id}/`);
    expect(OrderViewSchema.parse(read.json()).delivery).toEqual(order.delivery);
  });
});

describe('a client written to spec 2 (intent of `{cart_id}` alone, addresses with the order)', () => {
  /** Pays for the cart with `{cart_id}` alone, then orders to `shippingId`. */
  async function specCheckout(buyer: CheckoutShopper, shippingId: number, webhookFirst = false) {
    const res = await buyer.call('POST', '/api/ecommerce/payment-intents/', { cart_id: buyer.cartId });
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json<PaymentIntentView>();
    expect((await buyer.confirm(intent.client_secret)).statusCode).toBe(200);
    // The processor's payment_intent.succeeded may come before the buyer's POST orders/ (decision 009).
    if (webhookFirst) expect(await redeliver(ctx, intent.payment_intent_id)).not.toContain(500);
    const placed = await buyer.call(
      'POST',
      '/api/orders/',
      orderBody(shippingId, intent.payment_intent_id, { shipping_address: shippingId }),
    );
    return { intent, placed };
  }

  it.each([
    ['POST orders/ alone', false],
    ['the webhook first', true],
  ])(
    'with a default address in the Highlands pays the Highlands parcel price, and the order charges it (%s)',
    async (_name, webhookFirst) => {
      const buyer = await checkoutShopper(ctx);
      const highlands = await addressAt(buyer, POSTCODES.highlands, { is_default_shipping: true });
      await parcelCart(ctx, buyer);
      const cart = await buyer.cart();
      const goods = pence(cart.subtotal);
      // The cart, with no postcode of its own, is priced for the default address too.
      expect(cart.delivery).toMatchObject({
        postal_code: POSTCODES.highlands,
        zone: 'highlands',
        price: '15.90',
      });

      const { intent, placed } = await specCheckout(buyer, highlands, webhookFirst);
      // The cheapest service for the zone: a parcel at £6.95 + £8.95, as the cart said.
      expect(intent.amount).toBe(Math.round((goods + 1_590) * 1.2));
      expect(intent.amount).toBe(pence(cart.total));
      expect((await paymentOf(ctx, intent.payment_intent_id)).deliveryPostalCode).toBe(POSTCODES.highlands);
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<OrderView>();
      expect(pence(order.total)).toBe(intent.amount);
      expect(order.shipping_cost).toBe('15.90');
      expect(order.shipping_address.postal_code).toBe(POSTCODES.highlands);
      expect(order.delivery).toMatchObject({
        service: 'parcel',
        extras: [],
        zone: 'highlands',
        ...promisedAt(order, 'parcel', POSTCODES.highlands),
      });
      expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(0);
    },
  );

  it.each([
    ['one tape gun', 1],
    ['four tape guns (under £150 net)', 4],
    ['twenty tape guns (over £150 net: free)', 20],
  ])('with only a mainland address pays what it paid before zones and services: %s', async (_name, packs) => {
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer, packs);
    const cart = await buyer.cart();
    // The rule before the delivery promise: £6.95 a parcel of up to 30 kg, free over £150 net.
    const before = shippingQuote(
      { lines: 1, weight_kg: cart.total_weight, goods_pence: pence(cart.subtotal) - pence(cart.discount) },
      rules.shipping,
    ).shipping_pence;
    expect(before).toBe(packs === 20 ? 0 : 695);
    const net = pence(cart.subtotal) - pence(cart.discount) + before;

    const { intent, placed } = await specCheckout(buyer, buyer.addressId);
    expect(intent.amount).toBe(net + Math.round((net * cart.vat) / 100));
    expect(intent.amount).toBe(pence(cart.total));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<OrderView>();
    expect(pence(order.total)).toBe(intent.amount);
    expect(pence(order.shipping_cost)).toBe(before);
    expect(order.delivery).toMatchObject({ service: 'parcel', zone: 'mainland' });
  });

  it('refuses an order to an address not served for a payment priced for the mainland, which waits for another', async () => {
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer);
    const man = await addressAt(buyer, POSTCODES.isleOfMan);
    const { intent, placed } = await specCheckout(buyer, man);
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toEqual({
      detail: CHECKOUT_MESSAGES.deliveryUnavailableThere(
        DELIVERY_MESSAGES.notServed('isle_of_man'),
        'mainland',
      ),
    });
    expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(0);
    // Decision 015: not refunded at once; an address the payment covers still makes the order.
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(0);
    const res = await buyer.call(
      'POST',
      '/api/orders/',
      orderBody(buyer.addressId, intent.payment_intent_id),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('an order on account names its delivery', () => {
  it('keeps pallet next day with a tail lift on a heavy cart, charged and dated by the server', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const buyer = await company.member('buyer');
    await palletCart(ctx, buyer);
    const cart = await buyer.cart();
    expect(cart.delivery).toMatchObject({ service: 'pallet_economy', price: '45.00' });

    const res = await buyer.onAccount({
      delivery_service: 'pallet_next_day',
      delivery_extras: ['tail_lift'],
      shipping_cost: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderViewSchema.parse(res.json());
    expect(order.shipping_cost).toBe('90.00');
    const net = pence(cart.subtotal) - pence(cart.discount) + 9_000;
    expect(pence(order.total)).toBe(net + Math.round((net * cart.vat) / 100));
    expect(order.delivery).toMatchObject({
      service: 'pallet_next_day',
      extras: [{ code: 'tail_lift', label: 'Tail lift (no forklift on site)' }],
      zone: 'mainland',
      ...promisedAt(order, 'pallet_next_day', POSTCODES.mainland),
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      paymentStatus: 'ON_ACCOUNT',
      deliveryService: 'pallet_next_day',
      deliveryExtras: ['tail_lift'],
      deliveryZone: 'mainland',
    });
  });

  it('refuses a service the address cannot have, 400 on delivery_service, and orders nothing', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const buyer = await company.member('buyer');
    await palletCart(ctx, buyer);
    const highlands = await addressAt(buyer, POSTCODES.highlands);
    const res = await buyer.onAccount({
      shipping_address: highlands,
      delivery_service: 'pallet_next_day',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ delivery_service: [DELIVERY_MESSAGES.serviceNotOffered] });
    expect(await buyer.orders()).toHaveLength(0);
  });

  it('refuses an address in the Isle of Man with the reason on shipping_address, and orders nothing', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const buyer = await company.member('buyer');
    await parcelCart(ctx, buyer);
    const man = await addressAt(buyer, POSTCODES.isleOfMan);
    for (const extra of [{}, { delivery_service: 'parcel' }]) {
      const res = await buyer.onAccount({ shipping_address: man, ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ shipping_address: [DELIVERY_MESSAGES.notServed('isle_of_man')] });
    }
    expect(await buyer.orders()).toHaveLength(0);
    expect((await buyer.cart()).items).toHaveLength(1);
  });
});
