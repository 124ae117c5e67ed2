import {
  MAX_SKU_LENGTH,
  QUICK_ORDER_SEARCH_MIN_LENGTH,
  QuickOrderCheckResultSchema,
  QuickOrderCheckSchema,
  QuickOrderSkuSuggestionSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import { signedInUser } from '../accounts/authenticate';
import type { RouteOptions } from '../../services';

const SkuSearchQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().min(QUICK_ORDER_SEARCH_MIN_LENGTH).max(MAX_SKU_LENGTH),
}).strict();

/** The quick order for trade buyers: pasted lines checked in one go, and SKU suggestions. */
export const quickOrderRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { quickOrder } },
) => {
  app.post(
    '/ecommerce/quick-order/check/',
    {
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['cart'],
        summary:
          'Checks up to 200 lines of SKU and packs for the user’s cart: item, stock, tier, price and total of each',
        body: QuickOrderCheckSchema,
        response: { 200: QuickOrderCheckResultSchema },
      },
      // Before authentication, so 401s are not cached either.
      onRequest: [
        async (_request, reply) => {
          reply.header('cache-control', 'private, no-store');
        },
        app.authenticate,
      ],
    },
    async (request) => quickOrder.check(signedInUser(request).id, request.body.lines),
  );

  app.get(
    '/ecommerce/quick-order/skus/',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Active, priced items whose SKU or title contains the search text, SKU prefixes first',
        querystring: SkuSearchQuerySchema,
        response: { 200: pageSchema(QuickOrderSkuSuggestionSchema) },
      },
    },
    async (request, reply) => {
      const { search, page, page_size } = request.query;
      reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
      const { count, results } = await quickOrder.suggestSkus(search, { page, page_size });
      return paginate(request.url, request.query, count, results);
    },
  );
};
