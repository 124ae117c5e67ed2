import { PriceTableSchema, PriceTableUpdateSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../audit';
import { IdParams, secured } from '../shared';
import type { RouteOptions } from '../../../../services';

/** A variant's price grid, under /api/administration/variants/:id/price-table/. */
export const priceTableAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const priceTable = services.administration.priceTable;

  app.get(
    '/variants/:id/price-table/',
    {
      schema: {
        ...secured,
        summary: 'A variant’s tiers and every item’s price per pack in each (pence; null where unset)',
        params: IdParams,
        response: { 200: PriceTableSchema },
      },
    },
    async (request) => priceTable.getPriceTable(request.params.id),
  );

  app.put(
    '/variants/:id/price-table/',
    {
      schema: {
        ...secured,
        summary:
          'Replaces the variant’s whole price table: tiers by start (each ends where the next of its type ' +
          'begins; an id keeps a tier) and one price per tier for every item; errors name the cell',
        params: IdParams,
        body: PriceTableUpdateSchema,
        response: { 200: PriceTableSchema },
      },
    },
    async (request) => priceTable.replacePriceTable(actorOf(request), request.params.id, request.body),
  );
};
