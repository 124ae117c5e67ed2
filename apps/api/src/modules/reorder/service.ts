import { discounted, type ReorderResult } from '@shop/domain';
import type { Db } from '../../db/client';
import { NotFound } from '../../http/errors';
import type { CartsService } from '../carts/service';
import { putBackInCart } from './put-back';
import * as queries from './queries';

export function createReorderService(db: Db, carts: CartsService) {
  const orderLines = queries.prepareOwnOrderLines(db);

  return {
    /**
     * POST orders/{id}/reorder/: puts the lines of one of the user's orders back in their cart at
     * today's prices, all in one transaction holding the cart's row lock, through the cart's own add
     * (`putBackInCart`). Answers the cart and each line's outcome, against the price paid.
     */
    async reorder(userId: number, orderId: number): Promise<ReorderResult> {
      const ordered = await orderLines(orderId, userId);
      if (ordered.length === 0) throw new NotFound();
      const lines = ordered.map((line) => ({
        ...line,
        // What one pack cost on the order, after the buyer's exclusive discount.
        oldPricePence: discounted(line.pricePerPackPence, line.discountPercentage),
      }));
      const { cartId, lines: answers } = await db.transaction((tx) => putBackInCart(tx, userId, lines));
      return { cart: await carts.getCart(userId, cartId), lines: answers };
    },
  };
}

export type ReorderService = ReturnType<typeof createReorderService>;
