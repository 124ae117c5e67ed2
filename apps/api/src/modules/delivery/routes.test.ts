// The delivery promise's calls: POST ecommerce/delivery-options/, PATCH ecommerce/carts/{id}/
// and GET ecommerce/delivery-promise/, checked against the domain rule for the moment of the request; and the
// checkout refusing a service not offered and ignoring any price a client sends.
import {
  ADDRESS_MESSAGES,
  DELIVERY_MESSAGES,
  DeliveryOptionsViewSchema,
  DeliveryPromiseViewSchema,
  ukDeliveryDay,
  orderByLabel,
  type CartView,
  type DeliveryOptionView,
  type DeliveryRules,
  type PaymentIntentView,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import {
  atTheTimeOf,
  datesOf,
  orderByAt,
  palletCart,
  parcelCart,
  POSTCODES,
  rulesOf,
  storedChoice,
} from '../../../test/support/delivery';
import {
  ADDRESS,
  checkoutShopper,
  linesOfOrder,
  pence,
  type CheckoutShopper,
} from '../../../test/support/orders';
import { newShopper } from '../../../test/support/carts';
import { countingDb, statementKind, statementsOf } from '../../../test/query-counter';
import { createCartsService } from '../carts/service';
import { createDeliveryService } from './service';

let ctx: TestContext;
let rules: DeliveryRules;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
  rules = await rulesOf(ctx);
});
afterAll(() => ctx.close());

const options = (buyer: { call: CheckoutShopper['call'] }, body: object) =>
  buyer.call('POST', '/api/ecommerce/delivery-options/', body);

const patchCart = (buyer: CheckoutShopper, body: object, cartId = buyer.cartId) =>
  buyer.call('PATCH', `/api/ecommerce/carts/${cartId}/`, body);

/** What of an option the domain decides at the moment of the request: service, price and dates. */
const timed = (option: DeliveryOptionView) => ({
  service: option.service,
  price: option.price,
  dispatch_date: option.dispatch_date,
  delivery_date: option.delivery_date,
  order_by: option.order_by,
});

/** The answer of delivery-options for a served postcode, as options, and 200 checked. */
async function optionsFor(buyer: CheckoutShopper, postcode: string) {
  const res = await options(buyer, { cart_id: buyer.cartId, postal_code: postcode });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  const body = DeliveryOptionsViewSchema.parse(res.json());
  if (!Array.isArray(body)) throw new Error(`not served: ${res.body}`);
  return body;
}

/** The cart's totals add up: goods less discount plus delivery, plus VAT on both. */
function expectTotalsAddUp(cart: CartView) {
  const net = pence(cart.subtotal) - pence(cart.discount) + pence(cart.shipping_cost);
  expect(pence(cart.vat_amount)).toBe(Math.round((net * cart.vat) / 100));
  expect(pence(cart.total)).toBe(net + pence(cart.vat_amount));
}

const EXTRAS = [
  { code: 'am_slot', label: 'AM slot (before 12:00)', price: '15.00' },
  { code: 'timed_slot', label: 'Timed slot (a 1-hour window)', price: '25.00' },
  { code: 'tail_lift', label: 'Tail lift (no forklift on site)', price: '25.00' },
];

describe('POST ecommerce/delivery-options/', () => {
  it('offers a mainland parcel cart the next-day parcel at £6.95, cut off at 14:00 on the dispatch day', async () => {
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer);
    const answer = await atTheTimeOf(
      async () => (await optionsFor(buyer, 'sw1a1aa')).map(timed),
      (now) => {
        const dates = datesOf('parcel', POSTCODES.mainland, now, rules);
        return [
          {
            service: 'parcel',
            price: '6.95',
            dispatch_date: dates.dispatch_date,
            delivery_date: dates.delivery_date,
            order_by: orderByAt(now, rules),
          },
        ];
      },
    );
    // The cut-off is 14:00 on the UK clock of the dispatch day.
    expect(orderByLabel(answer[0]!.order_by)).toMatch(/^14:00 on /);
    expect(answer[0]!.order_by.slice(0, 10)).toBe(answer[0]!.dispatch_date);
    const [parcel] = await optionsFor(buyer, POSTCODES.mainland);
    expect(parcel).toMatchObject({
      label: 'Parcel',
      extras: [],
      explanation:
        '1 parcel of up to 30 kg at £6.95 each. Delivery is free on parcel orders over £150.00 before VAT.',
    });
  });

  it('offers the Highlands the parcel with its surcharge (£6.95 + £8.95), two working days on', async () => {
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer);
    const answer = await atTheTimeOf(
      async () => (await optionsFor(buyer, POSTCODES.highlands)).map(timed),
      (now) => {
        const { dispatch_date, delivery_date } = datesOf('parcel', POSTCODES.highlands, now, rules);
        return [
          {
            service: 'parcel',
            price: '15.90',
            dispatch_date,
            delivery_date,
            order_by: orderByAt(now, rules),
          },
        ];
      },
    );
    // Later than the mainland's promise for the same order.
    const [mainland] = await optionsFor(buyer, POSTCODES.mainland);
    expect(answer[0]!.delivery_date > mainland!.delivery_date).toBe(true);
    expect(answer[0]!.dispatch_date).toBe(mainland!.dispatch_date);
  });

  it('offers a pallet cart (759 kg) economy then next day, each with the slots and tail lift to add', async () => {
    const buyer = await checkoutShopper(ctx);
    await palletCart(ctx, buyer);
    const answer = await atTheTimeOf(
      async () => (await optionsFor(buyer, POSTCODES.mainland)).map(timed),
      (now) => {
        const economy = datesOf('pallet_economy', POSTCODES.mainland, now, rules);
        const nextDay = datesOf('pallet_next_day', POSTCODES.mainland, now, rules);
        const orderBy = orderByAt(now, rules);
        return [
          {
            service: 'pallet_economy',
            price: '45.00',
            dispatch_date: economy.dispatch_date,
            delivery_date: economy.delivery_date,
            order_by: orderBy,
          },
          {
            service: 'pallet_next_day',
            price: '65.00',
            dispatch_date: nextDay.dispatch_date,
            delivery_date: nextDay.delivery_date,
            order_by: orderBy,
          },
        ];
      },
    );
    expect(answer[0]!.delivery_date > answer[1]!.delivery_date).toBe(true);
    const listed = await optionsFor(buyer, POSTCODES.mainland);
    expect(listed.map((option) => [option.label, option.extras])).toEqual([
      ['Pallet, economy', EXTRAS],
      ['Pallet, next day', EXTRAS],
    ]);
    // The Highlands have pallets by economy only, with its surcharge.
    expect(
      (await optionsFor(buyer, POSTCODES.highlands)).map((option) => [option.service, option.price]),
    ).toEqual([['pallet_economy', '80.00']]);
  });

  it.each([
    [POSTCODES.isleOfMan, 'isle_of_man'],
    [POSTCODES.guernsey, 'channel_islands'],
    ['je2 4wd', 'channel_islands'],
  ] as const)('answers %s (not served online) 200 with no options and the reason', async (postcode, zone) => {
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer);
    const res = await options(buyer, { cart_id: buyer.cartId, postal_code: postcode });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ options: [], reason: DELIVERY_MESSAGES.notServed(zone), zone });
    expect(DELIVERY_MESSAGES.notServed(zone)).toMatch(/contact us for a quote/);
  });

  it.each(['NOT A CODE', 'SW1A', '12345', 'SW1A 1AA 1', 'x'.repeat(200)])(
    'refuses the postcode %j with the address form’s message',
    async (postcode) => {
      const buyer = await checkoutShopper(ctx);
      const res = await options(buyer, { cart_id: buyer.cartId, postal_code: postcode });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ postal_code: [ADDRESS_MESSAGES.postalCodeInvalid] });
      expect(ADDRESS_MESSAGES.postalCodeInvalid).toBe('Enter a valid UK postcode.');
    },
  );

  it('refuses a body without its fields, or with fields of the wrong kind, 400 naming each', async () => {
    const buyer = await checkoutShopper(ctx);
    const none = await options(buyer, {});
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json()).sort()).toEqual(['cart_id', 'postal_code']);
    const noPostcode = await options(buyer, { cart_id: buyer.cartId });
    expect(noPostcode.statusCode).toBe(400);
    expect(Object.keys(noPostcode.json())).toEqual(['postal_code']);
    const wrongKinds = await options(buyer, { cart_id: 'mine', postal_code: 12 });
    expect(wrongKinds.statusCode).toBe(400);
    expect(Object.keys(wrongKinds.json()).sort()).toEqual(['cart_id', 'postal_code']);
    const empty = await options(buyer, { cart_id: buyer.cartId, postal_code: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ postal_code: [ADDRESS_MESSAGES.postalCodeRequired] });
  });

  it('answers 404 for another user’s cart and for a cart that does not exist, and 401 to a visitor', async () => {
    const [owner, other] = await Promise.all([checkoutShopper(ctx, 'owner'), checkoutShopper(ctx, 'other')]);
    await parcelCart(ctx, owner);
    const theirs = await options(other, { cart_id: owner.cartId, postal_code: POSTCODES.mainland });
    expect(theirs.statusCode).toBe(404);
    const unknown = await options(other, { cart_id: 2_000_000_000, postal_code: POSTCODES.mainland });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(theirs.json());
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/api/ecommerce/delivery-options/',
      payload: { cart_id: owner.cartId, postal_code: POSTCODES.mainland },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses a token whose session has ended, even though the cart is read beside the session check', async () => {
    const [owner, other] = await Promise.all([
      checkoutShopper(ctx, 'ended'),
      checkoutShopper(ctx, 'bystander'),
    ]);
    await parcelCart(ctx, owner);
    expect((await owner.call('POST', '/api/account/logout-all/')).statusCode).toBe(200);
    const own = await options(owner, { cart_id: owner.cartId, postal_code: POSTCODES.mainland });
    expect(own.statusCode).toBe(401);
    expect(own.json()).toMatchObject({ code: 'token_not_valid' });
    // Not 404: an ended session learns nothing about whose carts exist.
    const theirs = await options(owner, { cart_id: other.cartId, postal_code: POSTCODES.mainland });
    expect(theirs.statusCode).toBe(401);
    const garbled = await ctx.app.inject({
      method: 'POST',
      url: '/api/ecommerce/delivery-options/',
      headers: { authorization: 'Bearer not-a-token' },
      payload: { cart_id: owner.cartId, postal_code: POSTCODES.mainland },
    });
    expect(garbled.statusCode).toBe(401);
  });

  it('answers an empty cart of the user’s own 200 with no options', async () => {
    const buyer = await newShopper(ctx, 'empty');
    const res = await options(buyer, { cart_id: buyer.cartId, postal_code: POSTCODES.mainland });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('PATCH ecommerce/carts/{id}/', () => {
  it('sets the postcode, and the cart’s delivery, shipping, VAT and total follow', async () => {
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer);
    const before = await buyer.cart();
    expect(before).toMatchObject({ shipping_cost: '6.95' });
    // With no postcode of its own, the cart is priced for the buyer's only address (a mainland one).
    expect(before.delivery).toMatchObject({
      postal_code: ADDRESS.postal_code,
      zone: 'mainland',
      service: 'parcel',
    });

    const res = await patchCart(buyer, { postal_code: 'iv23ab' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const cart = res.json<CartView>();
    expect(cart).toMatchObject({ id: buyer.cartId, subtotal: before.subtotal, shipping_cost: '15.90' });
    expect(cart.delivery).toMatchObject({
      postal_code: POSTCODES.highlands,
      zone: 'highlands',
      zone_label: expect.any(String),
      service: 'parcel',
      label: 'Parcel',
      extras: [],
      price: '15.90',
      reason: null,
    });
    expectTotalsAddUp(cart);
    expect(pence(cart.total) - pence(before.total)).toBe(Math.round(895 * 1.2));
    // The cart page reads the same.
    expect(await buyer.cart()).toEqual(cart);
    expect(await storedChoice(ctx, buyer.cartId)).toEqual({
      postalCode: POSTCODES.highlands,
      service: null,
      extras: [],
    });
  });

  it('sets a pallet service and its extras, priced by the server, and back to the cheapest with null', async () => {
    const buyer = await checkoutShopper(ctx);
    await palletCart(ctx, buyer);
    const before = await buyer.cart();
    expect(before.delivery).toMatchObject({ service: 'pallet_economy', price: '45.00' });

    let cart = before;
    // Dated as the rule dates next day to the mainland at the moment of the request.
    await atTheTimeOf(
      async () => {
        const res = await patchCart(buyer, {
          postal_code: POSTCODES.mainland,
          delivery_service: 'pallet_next_day',
          delivery_extras: ['tail_lift', 'am_slot', 'tail_lift'],
        });
        expect(res.statusCode, res.body).toBe(200);
        cart = res.json<CartView>();
        return { dispatch_date: cart.delivery!.dispatch_date, delivery_date: cart.delivery!.delivery_date };
      },
      (now) => {
        const { dispatch_date, delivery_date } = datesOf('pallet_next_day', POSTCODES.mainland, now, rules);
        return { dispatch_date, delivery_date };
      },
    );
    // £65 next day + £25 tail lift + £15 AM slot; the extras in their own order, once each.
    expect(cart).toMatchObject({ shipping_cost: '105.00', subtotal: before.subtotal });
    expect(cart.delivery).toMatchObject({
      service: 'pallet_next_day',
      extras: ['am_slot', 'tail_lift'],
      price: '105.00',
      reason: null,
    });
    expectTotalsAddUp(cart);
    expect(pence(cart.total) - pence(before.total)).toBe(Math.round((10_500 - 4_500) * 1.2));

    // A new service without extras drops them; null is the cheapest again.
    const economy = (await patchCart(buyer, { delivery_service: 'pallet_economy' })).json<CartView>();
    expect(economy.delivery).toMatchObject({ service: 'pallet_economy', extras: [], price: '45.00' });
    const cheapest = (await patchCart(buyer, { delivery_service: null })).json<CartView>();
    expect(cheapest.delivery).toMatchObject({ service: 'pallet_economy', extras: [], price: '45.00' });
    expect(cheapest.total).toBe(before.total);
    expect(await storedChoice(ctx, buyer.cartId)).toEqual({
      postalCode: POSTCODES.mainland,
      service: null,
      extras: [],
    });
  });

  it.each([
    [
      'a pallet service on a parcel cart',
      'parcel',
      { delivery_service: 'pallet_economy' },
      'delivery_service',
      DELIVERY_MESSAGES.serviceNotOffered,
    ],
    [
      'a slot on a parcel',
      'parcel',
      { delivery_extras: ['tail_lift'] },
      'delivery_extras',
      DELIVERY_MESSAGES.extrasForPallets,
    ],
    [
      'the parcel on a pallet cart',
      'pallet',
      { delivery_service: 'parcel' },
      'delivery_service',
      DELIVERY_MESSAGES.serviceNotOffered,
    ],
    [
      'both slots',
      'pallet',
      { delivery_service: 'pallet_next_day', delivery_extras: ['am_slot', 'timed_slot'] },
      'delivery_extras',
      DELIVERY_MESSAGES.oneSlot,
    ],
    [
      'next day to the Highlands',
      'pallet',
      { postal_code: POSTCODES.highlands, delivery_service: 'pallet_next_day' },
      'delivery_service',
      DELIVERY_MESSAGES.serviceNotOffered,
    ],
  ] as const)('refuses %s 400 and writes nothing', async (_name, kind, body, field, message) => {
    const buyer = await checkoutShopper(ctx);
    await (kind === 'parcel' ? parcelCart(ctx, buyer) : palletCart(ctx, buyer));
    const chosen = await patchCart(buyer, { postal_code: POSTCODES.mainland });
    expect(chosen.statusCode).toBe(200);
    const before = await storedChoice(ctx, buyer.cartId);
    const res = await patchCart(buyer, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
    expect(await storedChoice(ctx, buyer.cartId)).toEqual(before);
    expect(await buyer.cart()).toEqual(chosen.json());
  });

  it.each([
    [{ postal_code: 'NOT A CODE' }, 'postal_code'],
    [{ delivery_service: 'drone' }, 'delivery_service'],
    [{ delivery_extras: ['helicopter'] }, 'delivery_extras.0'],
    [{ delivery_extras: 'tail_lift' }, 'delivery_extras'],
    [{ shipping_cost: '0.00' }, null],
  ])('refuses the body %j 400', async (body, field) => {
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer);
    const before = await storedChoice(ctx, buyer.cartId);
    const res = await patchCart(buyer, body);
    expect(res.statusCode).toBe(400);
    if (field) expect(Object.keys(res.json())).toEqual([field]);
    expect(await storedChoice(ctx, buyer.cartId)).toEqual(before);
  });

  it('answers 404 for another user’s cart, writing nothing, and 401 to a visitor', async () => {
    const [owner, other] = await Promise.all([checkoutShopper(ctx, 'owner'), checkoutShopper(ctx, 'other')]);
    await parcelCart(ctx, owner);
    const before = await storedChoice(ctx, owner.cartId);
    expect((await patchCart(other, { postal_code: POSTCODES.highlands }, owner.cartId)).statusCode).toBe(404);
    expect((await patchCart(other, { postal_code: POSTCODES.highlands }, 2_000_000_000)).statusCode).toBe(
      404,
    );
    expect(await storedChoice(ctx, owner.cartId)).toEqual(before);
    const visitor = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/ecommerce/carts/${owner.cartId}/`,
      payload: { postal_code: POSTCODES.highlands },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('answers hostile ids, numbers and bodies with a 4xx, never a 5xx, writing nothing', async () => {
    const buyer = await checkoutShopper(ctx, 'hostile');
    await parcelCart(ctx, buyer);
    const before = await storedChoice(ctx, buyer.cartId);
    for (const id of ['abc', '-1', '0', '1.5', '99999999999', '1e3', "1' or '1'='1"]) {
      const res = await buyer.call('PATCH', `/api/ecommerce/carts/${encodeURIComponent(id)}/`, {
        postal_code: POSTCODES.highlands,
      });
      expect(res.statusCode, `PATCH carts/${id}/`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `PATCH carts/${id}/`).toBeLessThan(500);
    }
    for (const body of [
      { delivery_service: 'drone' },
      { delivery_extras: ['tail_lift', 'tail_lift', 'am_slot', 'timed_slot'] },
      { delivery_extras: 'tail_lift' },
      { postal_code: 12 },
      { shipping_cost: '0.00' },
      [],
      'parcel',
    ]) {
      const res = await patchCart(buyer, body as object);
      // 400, or 415 for a body that is no JSON object (a bare string goes as text).
      expect([400, 415], JSON.stringify(body)).toContain(res.statusCode);
    }
    for (const cart_id of [-1, 0, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER, '1 or 1=1']) {
      const res = await options(buyer, { cart_id, postal_code: POSTCODES.mainland });
      expect(res.statusCode, `options for cart ${cart_id}`).toBe(400);
    }
    expect(await storedChoice(ctx, buyer.cartId)).toEqual(before);
  });

  it('says how much more goods make a parcel free where the threshold applies, and nothing where it does not', async () => {
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer);
    const goods = (cart: CartView) => pence(cart.subtotal) - pence(cart.discount);
    const mainland = (await patchCart(buyer, { postal_code: POSTCODES.mainland })).json<CartView>();
    // Free only over the threshold: the least that takes the goods past it.
    expect(pence(mainland.delivery!.free_delivery_shortfall!)).toBe(
      rules.shipping.free_over_net_pence + 1 - goods(mainland),
    );
    const highlands = (await patchCart(buyer, { postal_code: POSTCODES.highlands })).json<CartView>();
    expect(highlands.delivery!.free_delivery_shortfall).toBeNull();
    // Over the threshold: free already, nothing to add.
    const big = await checkoutShopper(ctx);
    await parcelCart(ctx, big, 20);
    const free = (await patchCart(big, { postal_code: POSTCODES.mainland })).json<CartView>();
    expect(free.shipping_cost).toBe('0.00');
    expect(free.delivery!.free_delivery_shortfall).toBeNull();
  });

  it('keeps a postcode in a zone not served; the cart charges no delivery and says why', async () => {
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer);
    const res = await patchCart(buyer, { postal_code: POSTCODES.isleOfMan });
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json<CartView>();
    expect(cart.shipping_cost).toBe('0.00');
    expect(cart.delivery).toEqual({
      postal_code: POSTCODES.isleOfMan,
      zone: 'isle_of_man',
      zone_label: expect.any(String),
      service: null,
      label: null,
      extras: [],
      price: null,
      dispatch_date: null,
      delivery_date: null,
      order_by: null,
      reason: DELIVERY_MESSAGES.notServed('isle_of_man'),
      free_delivery_shortfall: null,
    });
    expect(cart.shipping_details).toEqual({
      parcel_type: 'none',
      parcels_needed: 0,
      explanation: DELIVERY_MESSAGES.notServed('isle_of_man'),
    });
    expectTotalsAddUp(cart);
    expect((await storedChoice(ctx, buyer.cartId)).postalCode).toBe(POSTCODES.isleOfMan);
    // The cart cannot be paid for there.
    const intent = await buyer.call('POST', '/api/ecommerce/payment-intents/', { cart_id: buyer.cartId });
    expect(intent.statusCode).toBe(400);
    expect(intent.json()).toEqual({ shipping_address: [DELIVERY_MESSAGES.notServed('isle_of_man')] });
    // An empty postcode goes back to the buyer's own address (a mainland one).
    const cleared = (await patchCart(buyer, { postal_code: '' })).json<CartView>();
    expect(cleared.delivery).toMatchObject({
      postal_code: ADDRESS.postal_code,
      zone: 'mainland',
      price: '6.95',
    });
  });

  it('takes a new postcode where the chosen service does not go: the cheapest is charged, and the cart says why', async () => {
    const buyer = await checkoutShopper(ctx);
    await palletCart(ctx, buyer);
    const chosen = await patchCart(buyer, {
      postal_code: POSTCODES.mainland,
      delivery_service: 'pallet_next_day',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    // The buyer moves the cart to the Highlands, where pallets go by economy only.
    const res = await patchCart(buyer, { postal_code: POSTCODES.highlands });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CartView>().delivery).toMatchObject({
      postal_code: POSTCODES.highlands,
      zone: 'highlands',
      service: 'pallet_economy',
      price: '80.00',
      reason: DELIVERY_MESSAGES.serviceNotOffered,
    });
  });

  it('keeps an empty cart’s postcode when only the service is set', async () => {
    const buyer = await newShopper(ctx, 'empty');
    const set = await buyer.call('PATCH', `/api/ecommerce/carts/${buyer.cartId}/`, {
      postal_code: POSTCODES.highlands,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<CartView>().delivery).toBeNull();
    const res = await buyer.call('PATCH', `/api/ecommerce/carts/${buyer.cartId}/`, {
      delivery_service: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedChoice(ctx, buyer.cartId)).postalCode).toBe(POSTCODES.highlands);
  });
});

describe('GET ecommerce/delivery-promise/', () => {
  const promise = (query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/ecommerce/delivery-promise/${query}` });

  it('promises a mainland parcel to a visitor, cacheable for a minute', async () => {
    const answer = await atTheTimeOf(
      async () => {
        const res = await promise();
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=60');
        return DeliveryPromiseViewSchema.parse(res.json());
      },
      (now) => {
        const dates = datesOf('parcel', POSTCODES.mainland, now, rules);
        const orderBy = orderByAt(now, rules);
        return {
          postal_code: null,
          zone: 'mainland',
          zone_label: expect.any(String),
          reason: null,
          delivery_date: dates.delivery_date,
          delivery_date_label: ukDeliveryDay(dates.delivery_date),
          order_by: orderBy,
          order_by_label: orderByLabel(orderBy),
          parcel_price: '6.95',
          parcel_max_weight_kg: rules.shipping.parcel_max_weight_kg,
          free_over: '150.00',
          pallet_price: '45.00',
          pallet_from_weight_kg: rules.shipping.pallet_from_weight_kg,
        };
      },
    );
    expect(answer.order_by_label).toMatch(/^14:00 on [A-Z][a-z]+day$/);
  });

  it('prices delivery to the postcode as the cart charges it, in one statement', async () => {
    const highlands = await promise('?postal_code=IV2%203AB');
    expect(highlands.statusCode, highlands.body).toBe(200);
    // A parcel to the Highlands carries its surcharge and never goes free; the cheapest pallet is economy's.
    expect(highlands.json()).toMatchObject({
      zone: 'highlands',
      parcel_price: '15.90',
      free_over: null,
      pallet_price: '80.00',
    });
    // Scilly has parcels but no pallets.
    expect((await promise('?postal_code=TR21%200AA')).json()).toMatchObject({
      zone: 'scilly',
      parcel_price: '21.90',
      free_over: null,
      pallet_price: null,
    });

    // The same figure the cart is charged for one parcel to that postcode.
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer);
    const [parcel] = await optionsFor(buyer, POSTCODES.highlands);
    expect(parcel).toMatchObject({ service: 'parcel', price: '15.90' });
    const palletBuyer = await checkoutShopper(ctx);
    await palletCart(ctx, palletBuyer);
    const [pallet] = await optionsFor(palletBuyer, POSTCODES.highlands);
    expect(pallet).toMatchObject({ service: 'pallet_economy', price: '80.00' });

    const counter = countingDb(ctx.database);
    const delivery = createDeliveryService(counter.db, createCartsService(counter.db));
    const view = await delivery.promise(POSTCODES.highlands);
    expect(view.parcel_price).toBe('15.90');
    expect(statementsOf(counter.sql).map(statementKind)).toEqual(['select shop_settings']);
  });

  it('promises a Highlands postcode later, and says why the Isle of Man has no promise', async () => {
    const highlands = (await promise('?postal_code=iv2%203ab')).json();
    expect(highlands).toMatchObject({ postal_code: POSTCODES.highlands, zone: 'highlands', reason: null });
    const mainland = (await promise('?postal_code=SW1A%201AA')).json();
    expect(highlands.delivery_date > mainland.delivery_date).toBe(true);
    const man = await promise('?postal_code=IM1%201AA');
    expect(man.statusCode).toBe(200);
    expect(man.json()).toEqual({
      postal_code: POSTCODES.isleOfMan,
      zone: 'isle_of_man',
      zone_label: expect.any(String),
      reason: DELIVERY_MESSAGES.notServed('isle_of_man'),
      delivery_date: null,
      delivery_date_label: null,
      order_by: null,
      order_by_label: null,
      parcel_price: null,
      parcel_max_weight_kg: rules.shipping.parcel_max_weight_kg,
      free_over: null,
      pallet_price: null,
      pallet_from_weight_kg: rules.shipping.pallet_from_weight_kg,
    });
  });

  it('refuses a postcode outside the UK pattern, and unknown parameters, 400', async () => {
    const bad = await promise('?postal_code=NOPE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ postal_code: [ADDRESS_MESSAGES.postalCodeInvalid] });
    expect((await promise('?postcode=SW1A%201AA')).statusCode).toBe(400);
  });
});

describe('tampering: the server prices delivery', () => {
  it('refuses an intent naming a service not offered for the address, 400 on delivery_service', async () => {
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer);
    const addresses = { billing_address: buyer.addressId, shipping_address: buyer.addressId };
    for (const service of ['pallet_economy', 'pallet_next_day']) {
      const res = await buyer.intent({ ...addresses, delivery_service: service });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ delivery_service: [DELIVERY_MESSAGES.serviceNotOffered] });
    }
    const extras = await buyer.intent({ ...addresses, delivery_extras: ['tail_lift'] });
    expect(extras.statusCode).toBe(400);
    expect(extras.json()).toEqual({ delivery_extras: [DELIVERY_MESSAGES.extrasForPallets] });
    expect(await storedChoice(ctx, buyer.cartId)).toEqual({ postalCode: null, service: null, extras: [] });
  });

  it('refuses next day to a Highlands address at the intent, though the cart chose it for the mainland', async () => {
    const buyer = await checkoutShopper(ctx);
    await palletCart(ctx, buyer);
    const highlands = await buyer.call('POST', '/api/addresses/', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      street: '1 Shore Street',
      city: 'Inverness',
      state: '',
      postal_code: POSTCODES.highlands,
      country: 'UK',
      telephone_number: '07700 900124',
    });
    expect(highlands.statusCode).toBe(201);
    const id = highlands.json<{ id: number }>().id;
    const res = await buyer.intent({
      billing_address: id,
      shipping_address: id,
      delivery_service: 'pallet_next_day',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ delivery_service: [DELIVERY_MESSAGES.serviceNotOffered] });
  });

  it('ignores the delivery price a client sends with the intent and the order; the order charges the quote', async () => {
    const buyer = await checkoutShopper(ctx);
    await parcelCart(ctx, buyer, 2);
    const addresses = { billing_address: buyer.addressId, shipping_address: buyer.addressId };
    const [quoted] = await optionsFor(buyer, POSTCODES.mainland);
    expect(quoted!.price).toBe('6.95');
    const honest = (await buyer.intent(addresses)).json<PaymentIntentView>();

    const tampered = await buyer.intent({
      ...addresses,
      shipping_cost: 0,
      shipping: '0.00',
      price: '0.01',
      delivery_price: 0,
      amount: 1,
      total: '0.01',
    });
    expect(tampered.statusCode, tampered.body).toBe(200);
    expect(tampered.json<PaymentIntentView>()).toEqual(honest);
    const cart = await buyer.cart();
    expect(honest.amount).toBe(pence(cart.total));

    expect((await buyer.confirm(honest.client_secret)).statusCode).toBe(200);
    const placed = await buyer.order(honest.payment_intent_id, {
      shipping_cost: 0,
      delivery_price: '0.00',
      price: '0.01',
      total: '0.01',
      delivery_service: 'pallet_next_day',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ id: number; shipping_cost: string; total: string; delivery: unknown }>();
    expect(order.shipping_cost).toBe(quoted!.price);
    expect(pence(order.total)).toBe(honest.amount);
    // A card order's delivery is what its payment was priced for, whatever its body names.
    expect(order.delivery).toMatchObject({ service: 'parcel', extras: [], zone: 'mainland' });
    expect(await linesOfOrder(ctx, order.id)).toHaveLength(1);
  });
});
