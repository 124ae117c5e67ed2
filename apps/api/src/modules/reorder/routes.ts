import { ReorderResultSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import type { CartsService } from '../carts/service';
import { createReorderService } from './service';

/** Reorder: an order's lines back in the signed-in user's cart, at today's prices. */
export const reorderRoutes: FastifyPluginAsyncZod<{ db: Db; carts: CartsService }> = async (
  app,
  { db, carts },
) => {
  const reorder = createReorderService(db, carts);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/orders/:id/reorder/',
    {
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['checkout'],
        summary:
          'Puts the lines of one of the user’s orders back in their cart at today’s prices, as far as stock allows',
        params: z.object({ id: queryId }),
        response: { 200: ReorderResultSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => reorder.reorder(signedInUser(request).id, request.params.id),
  );
};
