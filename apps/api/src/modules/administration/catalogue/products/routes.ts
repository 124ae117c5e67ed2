import {
  AdminProductDetailSchema,
  AdminProductRowSchema,
  ProductCreateSchema,
  ProductUpdateSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryId } from '../../../../http/query-ids';
import { pageWindow } from '../../../../http/pagination';
import { actorOf } from '../../audit';
import { listQuerySchema, orderingOf } from '../../listing';
import { adminPage, adminPageAnswer, IdParams, NoContent, secured } from '../shared';
import type { RouteOptions } from '../../../../services';

const ProductListQuery = listQuerySchema(['name', 'created_at'], 'name')
  .extend({ category: queryId.optional() })
  .strict();

/** The back office's products, under /api/administration/products/ (their images, variants: beside this). */
export const productAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const products = services.administration.products;

  app.get(
    '/products/',
    {
      schema: {
        ...secured,
        summary: 'Products (q searches names; category filters; ordering: name or created_at)',
        querystring: ProductListQuery,
        response: { 200: adminPage(AdminProductRowSchema) },
      },
    },
    async (request) => {
      const { q, category, ordering } = request.query;
      const { field, descending } = orderingOf<'name' | 'created_at'>(ordering);
      const list = await products.listProducts(
        { q, category, ordering: field, descending },
        pageWindow(request.query),
      );
      return adminPageAnswer(request.url, request.query, list);
    },
  );

  app.post(
    '/products/',
    {
      schema: {
        ...secured,
        summary: 'Creates a product (description HTML sanitised; slug and featured rank unique)',
        body: ProductCreateSchema,
        response: { 201: AdminProductDetailSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await products.createProduct(actorOf(request), request.body)),
  );

  app.get(
    '/products/:id/',
    {
      schema: {
        ...secured,
        summary: 'A product with its images, variants, table fields and items',
        params: IdParams,
        response: { 200: AdminProductDetailSchema },
      },
    },
    async (request) => products.getProduct(request.params.id),
  );

  app.patch(
    '/products/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes a product',
        params: IdParams,
        body: ProductUpdateSchema,
        response: { 200: AdminProductDetailSchema },
      },
    },
    async (request) => products.updateProduct(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/products/:id/',
    {
      schema: {
        ...secured,
        summary: 'Deletes a product with its images, variants and items (orders keep their copies)',
        params: IdParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await products.deleteProduct(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
