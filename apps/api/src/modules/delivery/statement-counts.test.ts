// The delivery promise's reads in a fixed, small number of statements (the speed budget: delivery options for
// a cart of 10 lines in p95 <= 3 ms). Counted at the service, so the route's session check (one statement on
// every authenticated call) is not in these lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { countingDb, statementKind, TEN_PACK_SKUS } from '../../../test/query-counter';
import { cartLine, itemBySku, tierId } from '../../../test/support/carts';
import { checkoutShopper, setStock } from '../../../test/support/orders';
import { POSTCODES } from '../../../test/support/delivery';
import { createCartsService } from '../carts/service';
import { createDeliveryService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

describe('statements of the delivery promise', () => {
  it('answers delivery options for ten lines in 2, the promise in 1, and a PATCH of the cart in 6', async () => {
    const buyer = await checkoutShopper(ctx);
    const lines = [];
    for (const sku of TEN_PACK_SKUS) {
      await setStock(ctx, sku, 1000);
      const item = await itemBySku(ctx, sku);
      lines.push(cartLine(buyer.cartId, item.id, await tierId(ctx, item.variantId, 'pack', 1), 1));
    }
    await buyer.added(lines);
    const counter = countingDb(ctx.database);
    const delivery = createDeliveryService(counter.db, createCartsService(counter.db));

    const offered = await delivery.options(buyer.userId, buyer.cartId, POSTCODES.highlands);
    expect(Array.isArray(offered) && offered.length).toBe(1);
    const options = counter.sql.map(statementKind);
    counter.reset();

    const promise = await delivery.promise(POSTCODES.highlands);
    expect(promise.zone).toBe('highlands');
    const promised = counter.sql.map(statementKind);
    counter.reset();

    const cart = await delivery.choose(buyer.userId, buyer.cartId, {
      postal_code: POSTCODES.highlands,
      delivery_service: 'parcel',
    });
    expect(cart.items).toHaveLength(10);
    const chosen = counter.sql.map(statementKind);

    expect({ options, promised, chosen }).toEqual({
      // The cart's lines (their items, tiers, prices and the cart's choice, in one statement, only if the cart
      // is the user's) and the pricing settings, run side by side.
      options: ['select cart_items', 'select shop_settings'],
      // The settings alone: the promise is a pure function of them, the postcode and the clock.
      promised: ['select shop_settings'],
      chosen: [
        // The lines and settings the choice is checked against (as delivery options read them).
        'select cart_items',
        'select shop_settings',
        // The choice written.
        'update carts',
        // The answer, as GET carts/current/ makes it: the cart is the user's, then its lines and the settings
        // again (the carts service's own read, which prices the cart as the page shows it).
        'select carts',
        'select cart_items',
        'select shop_settings',
      ],
    });
  });

  it('answers an empty cart of the user’s own in 3 (the lines, the settings, then whether the cart is theirs)', async () => {
    const buyer = await checkoutShopper(ctx);
    const counter = countingDb(ctx.database);
    const delivery = createDeliveryService(counter.db, createCartsService(counter.db));
    expect(await delivery.options(buyer.userId, buyer.cartId, POSTCODES.mainland)).toEqual([]);
    expect(counter.sql.map(statementKind)).toEqual([
      'select cart_items',
      'select shop_settings',
      'select carts',
    ]);
  });
});
