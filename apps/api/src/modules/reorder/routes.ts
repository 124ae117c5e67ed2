import { ReorderResultSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import type { RouteOptions } from '../../services';

/** Reorder: an order's lines back in the signed-in user's cart, at today's prices. */
export const reorderRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services: { reorder } }) => {
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
