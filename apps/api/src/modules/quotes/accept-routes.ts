import { QuoteAcceptSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import { acceptQuote } from './accept';

/** Accepting a quote: the quote's own cart, to pay at its quoted prices. */
export const quoteAcceptRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
        response: {
          200: z.object({ cart_id: z.number().int(), checkout_url: z.string() }),
        },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { cartId } = await acceptQuote(
        db,
        signedInUser(request).id,
        request.params.id,
        request.body?.version,
      );
      return { cart_id: cartId, checkout_url: `/checkout?cart=${cartId}` };
    },
  );
};
