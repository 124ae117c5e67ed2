// Test support for the delivery promise: a cart heavy enough to travel by pallet.
import type { TestContext } from '../helper';
import { cartLine, itemBySku, tierId } from './carts';
import { setStock } from './orders';

/** Machine Stretch Film: 17.5 kg a pack, 40 packs a pallet. */
export const PALLET_SKU = 'PW-MACH-500-1500-CL';
/** Two pallets of it, 1,400 kg: past the 750 kg from which orders travel by pallet. */
export const PALLET_LOAD_PACKS = 80;

/** The service and extra a buyer names for a pallet next day with a tail lift, as the intent and order take them. */
export const NEXT_DAY_TAIL_LIFT = {
  delivery_service: 'pallet_next_day',
  delivery_extras: ['tail_lift'],
} as const;

/** Puts two pallets of film (its stock made plentiful) in a shopper's cart. */
export async function addPalletLoad(
  ctx: TestContext,
  shopper: { cartId: number; added: (lines: object[]) => Promise<unknown> },
) {
  await setStock(ctx, PALLET_SKU, 10_000);
  const film = await itemBySku(ctx, PALLET_SKU);
  await shopper.added([
    cartLine(shopper.cartId, film.id, await tierId(ctx, film.variantId, 'pallet', 1), PALLET_LOAD_PACKS),
  ]);
}
