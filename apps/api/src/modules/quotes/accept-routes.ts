import { QuoteAcceptResultSchema, QuoteAcceptSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import type { RouteOptions } from '../../services';

/** Accepting a quote: the quote's own cart, to pay at its quoted prices. */
export const quoteAcceptRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { quotes } },
) => {
  app.post(
    '/quotes/:id/accept/',
    {
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['quotes'],
        summary:
          'Accepts the latest version of a sent quote: answers its own cart, to pay at the quoted prices (at most once)',
        params: z.object({ id: queryId }),
        body: QuoteAcceptSchema.optional(),
        response: { 200: QuoteAcceptResultSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const userId = signedInUser(request).id;
      const { cartId } = await quotes.accept(userId, request.params.id, request.body?.version);
      return {
        quote: await quotes.get(userId, request.params.id),
        cart_id: cartId,
        checkout_url: `/checkout?cart=${cartId}`,
      };
    },
  );
};
