// Test support for the delivery promise: carts of a known weight, and the domain rule's own answer
// for the moment a request was made, to compare the API's prices and dates with.
import { deliveryQuote, promisedDates, type DeliveryRules, type DeliveryService } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../helper';
import { carts } from '../../src/db/schema';
import { selectPricingSettings } from '../../src/modules/settings/queries';
import { cartLine, itemBySku, tierId } from './carts';
import { setStock, type CheckoutShopper } from './orders';

/** Heavy Duty Tape Gun: one pack of one, 0.95 kg, £15.95; a parcel. */
export const TAPE = 'TD-PRO-75';
/** Clear Pallet Top Sheets: 11.5 kg a pack, no pallet tier; 66 packs are 759 kg, one pallet. */
export const SHEETS = 'PC-TS-1200-1000-CL';

/** Postcodes of each kind the tests use. */
export const POSTCODES = {
  mainland: 'SW1A 1AA',
  highlands: 'IV2 3AB',
  isleOfMan: 'IM1 1AA',
  guernsey: 'GY1 1AA',
} as const;

/** The shop's delivery rules as the server reads them (the seeded settings). */
export async function rulesOf(ctx: TestContext): Promise<DeliveryRules> {
  return (await selectPricingSettings(ctx.database.db)).rules;
}

/** Fills a shopper's cart with packs of tape guns (a parcel cart), at the tier for that many (1-4, 5-19, 20+). */
export async function parcelCart(ctx: TestContext, buyer: CheckoutShopper, packs = 1) {
  await setStock(ctx, TAPE, 100_000);
  const item = await itemBySku(ctx, TAPE);
  const from = packs >= 20 ? 20 : packs >= 5 ? 5 : 1;
  await buyer.added([
    cartLine(buyer.cartId, item.id, await tierId(ctx, item.variantId, 'pack', from), packs),
  ]);
}

/** Fills a shopper's cart with 66 packs of top sheets: 759 kg, one pallet. */
export async function palletCart(ctx: TestContext, buyer: CheckoutShopper, packs = 66) {
  await setStock(ctx, SHEETS, 1_000_000);
  const item = await itemBySku(ctx, SHEETS);
  await buyer.added([cartLine(buyer.cartId, item.id, await tierId(ctx, item.variantId, 'pack', 20), packs)]);
}

/**
 * Runs `request` and checks what it answers against `expected` worked out by the domain rule for the moment
 * before and the moment after (a cut-off or midnight may pass between them: either answer is right then).
 */
export async function atTheTimeOf<T>(request: () => Promise<T>, expected: (now: Date) => unknown) {
  const before = expected(new Date());
  const answer = await request();
  const after = expected(new Date());
  if (JSON.stringify(before) === JSON.stringify(after)) expect(answer).toEqual(before);
  else expect([before, after]).toContainEqual(answer);
  return answer;
}

/** The dates the domain promises for a service to a postcode for an order made at `now`. */
export function datesOf(service: DeliveryService, postcode: string, now: Date, rules: DeliveryRules) {
  const dates = promisedDates(service, postcode, now, rules);
  if (!dates) throw new Error(`${service} does not reach ${postcode}`);
  return dates;
}

/** The cut-off instant the domain says to order by at `now` (the same for every service). */
export function orderByAt(now: Date, rules: DeliveryRules) {
  return deliveryQuote({ lines: 1, weight_kg: 1, goods_pence: 0 }, null, now, rules).options[0]!.order_by;
}

/** The delivery choice a cart keeps, as stored. */
export async function storedChoice(ctx: TestContext, cartId: number) {
  const [row] = await ctx.database.db
    .select({
      postalCode: carts.deliveryPostalCode,
      service: carts.deliveryService,
      extras: carts.deliveryExtras,
    })
    .from(carts)
    .where(eq(carts.id, cartId));
  return row!;
}
