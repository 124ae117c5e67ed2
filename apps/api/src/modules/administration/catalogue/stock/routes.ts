import { LowStockItemSchema, StockAdjustmentSchema, StockMovementSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageWindow } from '../../../../http/pagination';
import { actorOf } from '../../audit';
import { adminPage, adminPageAnswer, IdParams, secured } from '../shared';
import type { RouteOptions } from '../../../../services';

const StockAdjustedSchema = z.object({ stock: z.number().int(), movement: StockMovementSchema });

/** Items' stock: adjustments and movements under /api/administration/items/:id/, low stock under stock/low/. */
export const stockAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const stock = services.administration.stock;

  app.post(
    '/items/:id/stock-adjustments/',
    {
      schema: {
        ...secured,
        summary: 'Changes an item’s stock by delta or to set_to, with a reason (never below 0)',
        params: IdParams,
        body: StockAdjustmentSchema,
        response: { 201: StockAdjustedSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await stock.adjustStock(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/items/:id/stock-movements/',
    {
      schema: {
        ...secured,
        summary: 'An item’s stock movements, newest first',
        params: IdParams,
        querystring: PageQuerySchema.strict(),
        response: { 200: adminPage(StockMovementSchema) },
      },
    },
    async (request) =>
      adminPageAnswer(
        request.url,
        request.query,
        await stock.listMovements(request.params.id, pageWindow(request.query)),
      ),
  );

  app.get(
    '/stock/low/',
    {
      schema: {
        ...secured,
        summary: 'Tracked active items at or below their low-stock threshold, the furthest below first',
        querystring: PageQuerySchema.strict(),
        response: { 200: adminPage(LowStockItemSchema) },
      },
    },
    async (request) =>
      adminPageAnswer(request.url, request.query, await stock.listLowStock(pageWindow(request.query))),
  );
};
