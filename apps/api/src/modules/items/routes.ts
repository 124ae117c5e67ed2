import { SizeSearchItemSchema, VariantItemSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import { queryIds } from '../../http/query-ids';
import type { RouteOptions } from '../../services';

const text = z.string().max(50).optional();

/**
 * GET items/ answers two questions: with `product_variant`, a variant's items (the product page);
 * without it, the size search of spec 1 §5, whose own messages come from the domain's parser.
 */
const ItemsQuerySchema = PageQuerySchema.extend({
  /** One variant, or several (`product_variant=1&product_variant=2`, up to 100). */
  product_variant: queryIds.optional(),
  status: z.enum(['active', 'inactive']).optional(),
  measurement_unit: text,
  category: text,
  width: text,
  height: text,
  length: text,
  approx_size: text,
  minimum_size: text,
}).strict();

export const itemRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services: { items } }) => {
  app.get(
    '/items/',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Variants’ items (product_variant=…, repeatable) or the size search (measurement_unit, category, …)',
        querystring: ItemsQuerySchema,
        response: { 200: pageSchema(z.union([VariantItemSchema, SizeSearchItemSchema])) },
      },
    },
    async (request, reply) => {
      const { page, page_size, product_variant, status, ...sizeParams } = request.query;
      reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
      if (product_variant !== undefined) {
        const { count, results } = await items.listVariantItems(product_variant, status, { page, page_size });
        return paginate(request.url, request.query, count, results);
      }
      const search = items.parseSizeSearch(sizeParams);
      const { count, results } = await items.searchBySize(search, { page, page_size });
      return paginate(request.url, request.query, count, results);
    },
  );
};
