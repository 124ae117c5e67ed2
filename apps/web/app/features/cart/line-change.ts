import {
  CART_MESSAGES,
  type CartItemView,
  commitUnits,
  parseInsufficientStock,
  stockCapMessage,
} from '@shop/domain';
import { ApiError } from '~/lib/api-client';

/*
 * The rules of a change of boxes on the cart page (spec 2, §4 Cart page and §8 Cart), apart from React:
 * what may be sent, how many packs, and what a refusal means.
 */

/** A line as it may arrive: the server always sends every field, an old or foreign answer might not. */
type LooseLine = Partial<Omit<CartItemView, 'item'>> & {
  item?: Partial<CartItemView['item']> | null;
};

/** Why a line cannot be changed, with the spec's message; null when it can. */
export function lineProblem(line: CartItemView): string | null {
  const loose = line as LooseLine;
  if (typeof loose.id !== 'number' || !loose.item) return CART_MESSAGES.invalidCartItem;
  if (!loose.item.product_variant) return CART_MESSAGES.missingVariant;
  if (!loose.pricing_tier) return CART_MESSAGES.noPricingTiers;
  return null;
}

/** The packs to send for a requested count, and the stock warning when tracked stock lowered it. */
export interface PackChange {
  packs: number;
  warning: string | null;
}

/**
 * A requested number of boxes made sendable: whole, at least 0 (0 deletes the line), and, when stock is
 * tracked, at most the whole packs in stock, with the spec's warning; the one-line maximum applies
 * silently otherwise (the product page's rule, `commitUnits`).
 */
export function packsToSend(line: CartItemView, requested: number): PackChange {
  const { item } = line;
  const packs = Number.isFinite(requested) ? Math.max(0, Math.floor(requested)) : 0;
  const { units, capped } = commitUnits(packs * item.units_per_pack, item);
  return {
    packs: units / item.units_per_pack,
    warning: capped ? stockCapMessage(item.stock, item.title) : null,
  };
}

/** What a refused change leads to: a smaller count to send instead (with a warning), or a message. */
export type ChangeFailure = { retryPacks: number; warning: string } | { message: string };

/**
 * The meaning of a refused PATCH or DELETE of `packs` boxes:
 * - the insufficient-stock detail naming the line's item: send the whole packs the available units allow
 *   (0 deletes), with the stock warning for those units;
 * - 404: the line is gone;
 * - 'Invalid pricing tier for item {sku}.': the server priced the line before (it is in the cart with a
 *   tier) and recomputes the tier from the count, falling back to the highest one when no range contains
 *   it; so a refusal means the tier for this count has no price for the item, which is the spec's
 *   'No pricing tier available for quantity {n}'. 'No pricing tiers available for this item' is kept for
 *   a line that arrives without any tier (`lineProblem`);
 * - any other detail of the server's is shown as it is; without one, the spec's fallback.
 */
export function changeFailure(error: unknown, line: CartItemView, packs: number): ChangeFailure {
  if (!(error instanceof ApiError) || error.kind !== 'response')
    return { message: CART_MESSAGES.updateFailed };
  if (error.status === 404) return { message: CART_MESSAGES.itemNotInCart };
  const { item } = line;
  const stock = parseInsufficientStock(error.message);
  if (stock && stock.sku === item.sku) {
    const availablePacks = Math.floor(stock.available / item.units_per_pack);
    const warning = stockCapMessage(stock.available, item.title);
    return availablePacks < packs ? { retryPacks: availablePacks, warning } : { message: warning };
  }
  if (error.message === CART_MESSAGES.invalidTier(item.sku)) {
    return { message: CART_MESSAGES.noTierForQuantity(packs) };
  }
  if (error.generic || !error.message) return { message: CART_MESSAGES.updateFailed };
  return { message: error.message };
}
