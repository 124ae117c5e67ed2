import { SizeSearchItemSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import type { ItemsService } from './service';

const text = z.string().max(50).optional();

/**
 * GET items/ answers two questions: with `product_variant`, a variant's items (the product page);
 * without it, the size search of spec 1 §5, whose own messages come from the domain's parser.
 */
const ItemsQuerySchema = PageQuerySchema.extend({
  product_variant: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  measurement_unit: text,
  category: text,
  width: text,
  height: text,
  length: text,
  approx_size: text,
  minimum_size: text,
}).strict();

const ItemViewSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  units_per_pack: z.number().int(),
  stock: z.number().int(),
  track_inventory: z.boolean(),
  weight: z.number(),
  weight_unit: z.enum(['kg', 'lb', 'oz', 'g']),
  length_in_inches: z.number().nullable(),
  width_in_inches: z.number().nullable(),
  height_in_inches: z.number().nullable(),
  images: z.array(z.object({ image: z.string(), alt_text: z.string() })),
  data_entries: z.array(
    z.object({
      field: z.number().int(),
      value_text: z.string().nullable(),
      value_number: z.number().nullable(),
      value_image: z.string().nullable(),
    }),
  ),
  status: z.enum(['active', 'inactive']),
  measurement_unit: z.enum(['MM', 'CM', 'IN', 'M']).nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  length: z.number().nullable(),
  product_variant: z.number().int(),
});

export const itemRoutes: FastifyPluginAsyncZod<{ items: ItemsService }> = async (app, { items }) => {
  app.get(
    '/items/',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A variant’s items (product_variant=…) or the size search (measurement_unit, category, …)',
        querystring: ItemsQuerySchema,
        response: { 200: pageSchema(z.union([ItemViewSchema, SizeSearchItemSchema])) },
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
