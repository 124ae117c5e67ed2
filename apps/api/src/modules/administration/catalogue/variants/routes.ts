import {
  AdminTableFieldSchema,
  AdminVariantDetailSchema,
  TableFieldCreateSchema,
  TableFieldUpdateSchema,
  VariantCreateSchema,
  VariantUpdateSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../audit';
import { IdParams, NoContent, secured } from '../shared';
import type { RouteOptions } from '../../../../services';

/** A product's variants and their table fields, under /api/administration/ (variants/, table-fields/). */
export const variantAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const variants = services.administration.variants;

  app.post(
    '/products/:id/variants/',
    {
      schema: {
        ...secured,
        summary: 'Adds a variant to a product',
        params: IdParams,
        body: VariantCreateSchema,
        response: { 201: AdminVariantDetailSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await variants.createVariant(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/variants/:id/',
    {
      schema: {
        ...secured,
        summary: 'A variant with its table fields',
        params: IdParams,
        response: { 200: AdminVariantDetailSchema },
      },
    },
    async (request) => variants.getVariant(request.params.id),
  );

  app.patch(
    '/variants/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes a variant',
        params: IdParams,
        body: VariantUpdateSchema,
        response: { 200: AdminVariantDetailSchema },
      },
    },
    async (request) => variants.updateVariant(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/variants/:id/',
    {
      schema: {
        ...secured,
        summary: 'Deletes a variant with its table fields, tiers and items',
        params: IdParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await variants.deleteVariant(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/variants/:id/table-fields/',
    {
      schema: {
        ...secured,
        summary: 'Adds a column to a variant’s item table',
        params: IdParams,
        body: TableFieldCreateSchema,
        response: { 201: AdminTableFieldSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await variants.createTableField(actorOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/table-fields/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes a table field',
        params: IdParams,
        body: TableFieldUpdateSchema,
        response: { 200: AdminTableFieldSchema },
      },
    },
    async (request) => variants.updateTableField(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/table-fields/:id/',
    {
      schema: {
        ...secured,
        summary: 'Deletes a table field with every item’s value for it',
        params: IdParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await variants.deleteTableField(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
