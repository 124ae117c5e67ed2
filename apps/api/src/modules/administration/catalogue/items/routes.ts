import { AdminItemRowSchema, AdminItemSchema, ItemCreateSchema, ItemUpdateSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageWindow } from '../../../../http/pagination';
import { queryId } from '../../../../http/query-ids';
import { actorOf } from '../../audit';
import { listQuerySchema, orderingOf } from '../../listing';
import { adminPage, adminPageAnswer, IdParams, NoContent, secured } from '../shared';
import type { RouteOptions } from '../../../../services';

const ItemListQuery = listQuerySchema(['sku', 'title', 'stock', 'created_at'], 'sku')
  .extend({ status: z.enum(['active', 'inactive']).optional(), variant: queryId.optional() })
  .strict();

/** The back office's items, under /api/administration/items/ (their stock: stock/routes.ts). */
export const itemAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const items = services.administration.items;

  app.get(
    '/items/',
    {
      schema: {
        ...secured,
        summary:
          'Items (q searches SKU and title; status and variant filter; ordering: sku, title, stock, created_at)',
        querystring: ItemListQuery,
        response: { 200: adminPage(AdminItemRowSchema) },
      },
    },
    async (request) => {
      const { q, status, variant, ordering } = request.query;
      const { field, descending } = orderingOf<'sku' | 'title' | 'stock' | 'created_at'>(ordering);
      const list = await items.listItems(
        { q, status, variant, ordering: field, descending },
        pageWindow(request.query),
      );
      return adminPageAnswer(request.url, request.query, list);
    },
  );

  app.post(
    '/items/',
    {
      schema: {
        ...secured,
        summary: 'Creates an item in a variant (SKU unique; opening stock recorded as a movement)',
        body: ItemCreateSchema,
        response: { 201: AdminItemSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await items.createItem(actorOf(request), request.body)),
  );

  app.get(
    '/items/:id/',
    {
      schema: {
        ...secured,
        summary: 'An item with its variant’s table fields and its values for them',
        params: IdParams,
        response: { 200: AdminItemSchema },
      },
    },
    async (request) => items.getItem(request.params.id),
  );

  app.patch(
    '/items/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes an item (a new stock level is recorded as a movement)',
        params: IdParams,
        body: ItemUpdateSchema,
        response: { 200: AdminItemSchema },
      },
    },
    async (request) => items.updateItem(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/items/:id/',
    {
      schema: { ...secured, summary: 'Deletes an item', params: IdParams, response: NoContent },
    },
    async (request, reply) => {
      await items.deleteItem(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
