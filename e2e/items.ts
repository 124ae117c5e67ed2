/**
 * The seeded items the journeys order. Spec files run two at a time against one shop (vitest.config.ts), so an
 * item whose stock a journey checks to the unit is ordered by that file alone; every other order takes another
 * item with ample stock.
 */

/**
 * Heavy Duty Tape Gun 75mm: 1 a pack, tracked stock (40 seeded), £15.95 a pack. Ordered by checkout.spec.ts
 * only, which checks that its stock falls by exactly the packs it bought. Other files may put it in a cart.
 */
export const STOCK_CHECKED_TAPE_GUN = {
  product: 'tape-dispenser',
  page: '/details/tapes/tape-dispenser',
  sku: 'TD-PRO-75',
};

/**
 * Heavy Duty Tape Gun 50mm, on the same page: 1 a pack, tracked stock (85 seeded), £12.95 a pack. The item
 * the other journeys order (about 17 packs a run).
 */
export const TAPE_GUN = {
  product: 'tape-dispenser',
  page: '/details/tapes/tape-dispenser',
  sku: 'TD-PRO-50',
};

/**
 * Machine Stretch Film 500mm x 1700m: 16.9 kg a pack, 40 packs a pallet, 280 seeded. Ordered by
 * delivery.spec.ts only: two pallets (80 packs, 1,352 kg) travel by pallet, past 750 kg.
 */
export const PALLET_FILM = {
  product: 'pallet-wraps',
  page: '/details/wraps/pallet-wraps',
  sku: 'PW-MACH-500-1700-CL',
  packs: 80,
};
