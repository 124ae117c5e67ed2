// The payment intent and the order price every line by spec 2, §4 for the cart as it is when paid for:
// a line whose basis moved because another line came or went is charged what the cart shows.
import { penceToDecimal, type CartView } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { cartLine, itemBySku, tierId } from '../../../test/support/carts';
import {
  checkoutShopper,
  linesOfOrder,
  paymentOf,
  pence,
  type CheckoutShopper,
} from '../../../test/support/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

/** BW-S-300-100: 1.9 kg a pack, 60 a pallet, shown per box; 20+ packs £7.79, pallets 1+ £6.98. */
async function bubbleWrap() {
  const item = await itemBySku(ctx, 'BW-S-300-100');
  return {
    ...item,
    tier20: await tierId(ctx, item.variantId, 'pack', 20),
    pallet: await tierId(ctx, item.variantId, 'pallet', 1),
  };
}

/** Ballast: Clear Pallet Top Sheets, 11.5 kg a pack and no pallets; 61 packs are 701.5 kg. */
async function topSheets() {
  const item = await itemBySku(ctx, 'PC-TS-1200-1000-CL');
  await ctx.database.db.update(items).set({ stock: 1_000_000 }).where(eq(items.id, item.id));
  return { ...item, tier20: await tierId(ctx, item.variantId, 'pack', 20) };
}

/** Pays for the cart as it stands and places the order; answers the intent's amount and the order. */
async function payAndPlace(buyer: CheckoutShopper) {
  const intent = await buyer.paidIntent();
  const order = await buyer.placed(intent.payment_intent_id);
  return { amount: intent.amount, order, payment: await paymentOf(ctx, intent.payment_intent_id) };
}

const bubbleLine = (cart: CartView, itemId: number) => cart.items.find((row) => row.item.id === itemId)!;

describe('the intent and the order price each line by the cart’s weight when paid for', () => {
  it('charges £7.79 a pack for 60 packs put in at pallet prices once the ballast has gone', async () => {
    const buyer = await checkoutShopper(ctx);
    const wrap = await bubbleWrap();
    const sheets = await topSheets();
    const [ballast] = await buyer.added([cartLine(buyer.cartId, sheets.id, sheets.tier20, 61)]);
    // 815.5 kg: the bubble wrap goes in on the pallet tier.
    const [bubbles] = await buyer.added([cartLine(buyer.cartId, wrap.id, wrap.pallet, 60)]);
    expect(bubbles!.price_per_pack).toBe('6.98');
    await buyer.call('DELETE', `/api/ecommerce/cart-items/${ballast!.id}/`);

    // 114 kg left: the cart, the intent and the order all say £7.79.
    const cart = await buyer.cart();
    expect(bubbleLine(cart, wrap.id)).toMatchObject({ unit_type: 'pack', price_per_pack: '7.79' });
    expect(cart.subtotal).toBe('467.40');
    const { amount, order } = await payAndPlace(buyer);
    expect(amount).toBe(pence(cart.total));
    expect(order.total).toBe(cart.total);
    expect(order.items).toEqual([
      expect.objectContaining({
        sku: 'BW-S-300-100',
        pack_quantity: 60,
        unit_type: 'pack',
        price_per_pack: '7.79',
        subtotal: '467.40',
      }),
    ]);
    expect(await linesOfOrder(ctx, order.id)).toEqual([
      expect.objectContaining({ unitType: 'pack', pricePerPackPence: 779, subtotalPence: 46_740 }),
    ]);
  });

  it('charges £6.98 a pack for 60 packs put in at pack prices once the ballast takes the cart to 750 kg', async () => {
    const buyer = await checkoutShopper(ctx);
    const wrap = await bubbleWrap();
    const sheets = await topSheets();
    const [bubbles] = await buyer.added([cartLine(buyer.cartId, wrap.id, wrap.tier20, 60)]);
    expect(bubbles!.price_per_pack).toBe('7.79');
    await buyer.added([cartLine(buyer.cartId, sheets.id, sheets.tier20, 61)]);

    const cart = await buyer.cart();
    expect(bubbleLine(cart, wrap.id)).toMatchObject({ unit_type: 'pallet', price_per_pack: '6.98' });
    const { amount, order, payment } = await payAndPlace(buyer);
    expect(amount).toBe(pence(cart.total));
    expect(payment.amountPence).toBe(pence(cart.total));
    expect(order.total).toBe(cart.total);
    expect(order.items.find((row) => row.sku === 'BW-S-300-100')).toMatchObject({
      unit_type: 'pallet',
      price_per_pack: '6.98',
      subtotal: penceToDecimal(60 * 698),
    });
  });
});
