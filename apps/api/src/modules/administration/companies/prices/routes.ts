import {
  AdminExclusivePriceSchema,
  ExclusivePriceCreateSchema,
  ExclusivePriceUpdateSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../../../http/pagination';
import { queryId } from '../../../../http/query-ids';
import { staffOf } from '../../customers/routes';
import type { RouteOptions } from '../../../../services';

const CompanyParamsSchema = z.object({ companyId: queryId });
const PriceParamsSchema = z.object({ companyId: queryId, priceId: queryId });

const tags = ['administration: companies'];
const security = [{ bearerAuth: [] }];

/**
 * companies/{id}/prices/: a company's exclusive prices, with the bodies and answers of a customer's
 * (customers/{id}/exclusive-prices/). Registered at the prefix `/companies/:companyId/prices`.
 */
export const companyPriceRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const prices = services.administration.companyPrices;

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'A company’s exclusive prices by item SKU, with their dates and whether they apply today',
        params: CompanyParamsSchema,
        querystring: PageQuerySchema.strict(),
        response: { 200: pageSchema(AdminExclusivePriceSchema) },
      },
    },
    async (request) => {
      const { count, results } = await prices.list(request.params.companyId, request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Gives every member of a company a discount on an item (by SKU), optionally between two UK dates; it applies while the company is approved, and a member’s own greater discount wins',
        params: CompanyParamsSchema,
        body: ExclusivePriceCreateSchema,
        response: { 201: AdminExclusivePriceSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await prices.create(staffOf(request), request.params.companyId, request.body)),
  );

  app.patch(
    '/:priceId/',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a company price’s percentage or dates',
        params: PriceParamsSchema,
        body: ExclusivePriceUpdateSchema,
        response: { 200: AdminExclusivePriceSchema },
      },
    },
    async (request) =>
      prices.update(staffOf(request), request.params.companyId, request.params.priceId, request.body),
  );

  app.delete(
    '/:priceId/',
    {
      schema: {
        tags,
        security,
        summary: 'Removes a company price (its members’ cart lines lose the discount)',
        params: PriceParamsSchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      await prices.remove(staffOf(request), request.params.companyId, request.params.priceId);
      return reply.code(204).send(null);
    },
  );
};
