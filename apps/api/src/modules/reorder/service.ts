import type { ReorderResult } from '@shop/domain';
import type { Db } from '../../db/client';
import { NotFound } from '../../http/errors';
import type { CartsService } from '../carts/service';
import { putOrderBackInCart } from './put-back';
import * as queries from './queries';

export function createReorderService(db: Db, carts: CartsService) {
  const orderLines = queries.prepareOwnOrderLines(db);

  return {
    /**
     * POST orders/{id}/reorder/: puts the lines of one of the user's orders back in their cart at
     * today's prices, all in one transaction holding the cart's row lock, through the cart's own add
     * (`putOrderBackInCart`). Answers the cart and each line's outcome, against the price paid.
     */
    async reorder(userId: number, orderId: number): Promise<ReorderResult> {
      const ordered = await orderLines(orderId, userId);
      if (ordered.length === 0) throw new NotFound();
      return putOrderBackInCart(db, carts, userId, ordered);
    },
  };
}

export type ReorderService = ReturnType<typeof createReorderService>;
