/**
 * The stock rule of the cart, the quick order, the reorder and the checkout: a tracked item's stock counts
 * units, and what is already held of it (the cart's lines, the lines before in the same request) is not
 * free. An untracked item (its stock null here) is never short.
 */

/** The units of an item's stock still free once `heldUnits` are held (never below 0): what messages name. */
export function unitsStockLeaves(stock: number, heldUnits: number): number {
  return Math.max(0, stock - heldUnits);
}

/**
 * The whole packs of `unitsPerPack` units an item's stock still allows once `heldUnits` are held; Infinity
 * when the stock is not tracked (null). A quantity of packs fits exactly when it is at most this.
 */
export function packsStockAllows(stock: number | null, heldUnits: number, unitsPerPack: number): number {
  if (stock === null) return Number.POSITIVE_INFINITY;
  return Math.floor(unitsStockLeaves(stock, heldUnits) / unitsPerPack);
}
