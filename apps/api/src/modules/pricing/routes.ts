import {
  ExclusivePriceSchema,
  PricingTierDataSchema,
  PricingTierSchema,
  ProductVariantSchema,
  TableFieldSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import { queryId, queryIds } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import type { RouteOptions } from '../../services';

const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';
const PRIVATE_CACHE = 'private, no-store';

const PricingTierWithPricesSchema = PricingTierSchema.extend({
  pricing_data: z.array(
    z.object({
      item: z.number().int(),
      /** Price of one pack, pounds as a decimal string. */
      price: z.string(),
      price_pence: z.number().int(),
    }),
  ),
});

/** Variants, table fields, tiers and prices (spec 2, §7), and the caller's exclusive prices. */
export const pricingRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services: { pricing } }) => {
  app.get(
    '/product-variants/',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A product’s variants with their table fields and pricing tiers, in position order',
        querystring: PageQuerySchema.extend({ product: queryId }).strict(),
        response: { 200: pageSchema(ProductVariantSchema) },
      },
    },
    async (request, reply) => {
      const { page, page_size, product } = request.query;
      const { count, results } = await pricing.listProductVariants(product, { page, page_size });
      reply.header('cache-control', PUBLIC_CACHE);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/table-fields/',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The configurable columns of a variant’s item table, in position order',
        querystring: PageQuerySchema.extend({ product_variant: queryId }).strict(),
        response: { 200: pageSchema(TableFieldSchema) },
      },
    },
    async (request, reply) => {
      const { page, page_size, product_variant } = request.query;
      const { count, results } = await pricing.listTableFields(product_variant, { page, page_size });
      reply.header('cache-control', PUBLIC_CACHE);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/pricing-tier-data/',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Prices of one pack of an item (item=…, repeatable up to 100) in each of its tiers',
        querystring: PageQuerySchema.extend({ item: queryIds }).strict(),
        response: { 200: pageSchema(PricingTierDataSchema) },
      },
    },
    async (request, reply) => {
      const { page, page_size, item } = request.query;
      const { count, results } = await pricing.listTierData(item, { page, page_size });
      reply.header('cache-control', PUBLIC_CACHE);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/ecommerce/pricing-tiers/',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A variant’s pricing tiers (product_variant=…, repeatable) with each item’s price per pack',
        querystring: PageQuerySchema.extend({ product_variant: queryIds }).strict(),
        response: { 200: pageSchema(PricingTierWithPricesSchema) },
      },
    },
    async (request, reply) => {
      const { page, page_size, product_variant } = request.query;
      const { count, results } = await pricing.listTiersWithPrices(product_variant, { page, page_size });
      reply.header('cache-control', PUBLIC_CACHE);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/ecommerce/exclusive-prices/',
    {
      schema: {
        tags: ['cart'],
        summary: 'The signed-in user’s own exclusive discounts, of some items (item=…, repeatable) or all',
        security: [{ bearerAuth: [] }],
        querystring: PageQuerySchema.extend({ item: queryIds.optional() }).strict(),
        response: { 200: pageSchema(ExclusivePriceSchema) },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { page, page_size, item } = request.query;
      const user = signedInUser(request);
      const { count, results } = await pricing.listExclusivePrices(user.id, item, { page, page_size });
      reply.header('cache-control', PRIVATE_CACHE);
      return paginate(request.url, request.query, count, results);
    },
  );
};
