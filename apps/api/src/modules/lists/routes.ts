import {
  ReorderResultSchema,
  SavedListAddToCartSchema,
  SavedListImportSchema,
  SavedListLinesAddSchema,
  SavedListSummarySchema,
  SavedListViewSchema,
  SavedListWriteSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import type { RouteOptions } from '../../services';

const params = z.object({ id: queryId });
const security = [{ bearerAuth: [] }];
const tags = ['account'];

/**
 * Saved lists: the signed-in buyer's own lists and their company's shared ones, their lines, a
 * list put in the cart as a reorder is, and the quick order's CSV both ways.
 */
export const listRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services: { lists } }) => {
  // Before authentication, so 401s are not cached either: every route here is the signed-in user's own.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/account/lists/',
    {
      schema: {
        security,
        tags,
        summary: 'A page of the user’s own saved lists and their company’s shared ones, by name',
        querystring: PageQuerySchema.strict(),
        response: { 200: pageSchema(SavedListSummarySchema) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { count, results } = await lists.page(signedInUser(request).id, request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.post(
    '/account/lists/',
    {
      schema: {
        security,
        tags,
        summary:
          'Makes a saved list; a shared one needs an administrator or approver of an approved trade account',
        body: SavedListWriteSchema,
        response: { 201: SavedListViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      reply.code(201);
      return lists.create(signedInUser(request).id, request.body);
    },
  );

  app.post(
    '/account/lists/import/',
    {
      schema: {
        security,
        tags,
        summary:
          'Makes a saved list from CSV text in the quick order’s `SKU, packs` format; every bad line named',
        body: SavedListImportSchema,
        response: { 201: SavedListViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      reply.code(201);
      return lists.importCsv(signedInUser(request).id, request.body);
    },
  );

  app.get(
    '/account/lists/:id/',
    {
      schema: {
        security,
        tags,
        summary: 'One saved list the user may see, with its lines',
        params,
        response: { 200: SavedListViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => lists.detail(signedInUser(request).id, request.params.id),
  );

  app.put(
    '/account/lists/:id/',
    {
      schema: {
        security,
        tags,
        summary:
          'Replaces a saved list’s name, sharing and lines (a shared one: administrators and approvers)',
        params,
        body: SavedListWriteSchema,
        response: { 200: SavedListViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => lists.replace(signedInUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/account/lists/:id/',
    {
      schema: {
        security,
        tags,
        summary: 'Deletes a saved list (a shared one: administrators and approvers)',
        params,
        response: { 204: z.null() },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await lists.remove(signedInUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/account/lists/:id/lines/',
    {
      schema: {
        security,
        tags,
        summary:
          'Adds packs of an item, or several lines, to a saved list (to a line already there, at most 100,000 packs)',
        params,
        body: SavedListLinesAddSchema,
        response: { 200: SavedListViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => lists.addLines(signedInUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/account/lists/:id/add-to-cart/',
    {
      schema: {
        security,
        tags: ['checkout'],
        summary:
          'Puts a saved list (or its ticked lines, packs as edited) in the user’s cart at today’s prices, as a reorder',
        params,
        body: SavedListAddToCartSchema.nullish(),
        response: { 200: ReorderResultSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => lists.addToCart(signedInUser(request).id, request.params.id, request.body ?? {}),
  );

  app.get(
    '/account/lists/:id/export.csv',
    {
      schema: {
        security,
        tags,
        summary: 'A saved list’s lines as CSV in the quick order’s `SKU, packs` format',
        params,
        produces: ['text/csv'],
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { filename, csv } = await lists.exportCsv(signedInUser(request).id, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
};
