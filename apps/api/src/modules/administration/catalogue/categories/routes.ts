import { AdminCategorySchema, CategoryCreateSchema, CategoryUpdateSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow } from '../../../../http/pagination';
import { actorOf } from '../../audit';
import { listQuerySchema, orderingOf } from '../../listing';
import { adminPage, adminPageAnswer, IdParams, NoContent, secured } from '../shared';
import type { RouteOptions } from '../../../../services';

const CategoryListQuery = listQuerySchema(['position', 'name'], 'position').strict();

/** The back office's categories, under /api/administration/categories/. */
export const categoryAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const categories = services.administration.categories;

  app.get(
    '/categories/',
    {
      schema: {
        ...secured,
        summary: 'Categories with their numbers of products (ordering: position or name; q searches names)',
        querystring: CategoryListQuery,
        response: { 200: adminPage(AdminCategorySchema) },
      },
    },
    async (request) => {
      const { q, ordering } = request.query;
      const { field, descending } = orderingOf<'position' | 'name'>(ordering);
      const list = await categories.listCategories(
        { q, ordering: field, descending },
        pageWindow(request.query),
      );
      return adminPageAnswer(request.url, request.query, list);
    },
  );

  app.post(
    '/categories/',
    {
      schema: {
        ...secured,
        summary: 'Creates a category (description HTML sanitised; slug unique)',
        body: CategoryCreateSchema,
        response: { 201: AdminCategorySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await categories.createCategory(actorOf(request), request.body)),
  );

  app.get(
    '/categories/:id/',
    {
      schema: {
        ...secured,
        summary: 'One category',
        params: IdParams,
        response: { 200: AdminCategorySchema },
      },
    },
    async (request) => categories.getCategory(request.params.id),
  );

  app.patch(
    '/categories/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes a category',
        params: IdParams,
        body: CategoryUpdateSchema,
        response: { 200: AdminCategorySchema },
      },
    },
    async (request) => categories.updateCategory(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/categories/:id/',
    {
      schema: {
        ...secured,
        summary: 'Deletes a category without products (409 while it has some)',
        params: IdParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await categories.deleteCategory(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
