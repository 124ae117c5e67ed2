import { CategorySchema, ProductSummarySchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import type { RouteOptions } from '../../services';

const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';
const slug = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9-]+$/, 'Enter a valid slug.');

const ProductQuerySchema = PageQuerySchema.extend({
  category: slug.optional(),
  slug: slug.optional(),
  search: z
    .string()
    .trim()
    .min(2, 'Ensure this field has at least 2 characters.')
    .max(100, 'Ensure this field has no more than 100 characters.')
    .optional(),
}).strict();

export const catalogueRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { catalogue } },
) => {
  app.get(
    '/categories/',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The shop’s categories, in menu order',
        querystring: PageQuerySchema.strict(),
        response: { 200: pageSchema(CategorySchema) },
      },
    },
    async (request, reply) => {
      const { count, results } = await catalogue.listCategories(request.query);
      reply.header('cache-control', PUBLIC_CACHE);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/products/',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products by category or slug, or matching a search (typo and word-order tolerant)',
        querystring: ProductQuerySchema,
        response: { 200: pageSchema(ProductSummarySchema) },
      },
    },
    async (request, reply) => {
      const { page, page_size, ...filter } = request.query;
      const { count, results } = await catalogue.listProducts(filter, { page, page_size });
      reply.header('cache-control', PUBLIC_CACHE);
      return paginate(request.url, request.query, count, results);
    },
  );
};
