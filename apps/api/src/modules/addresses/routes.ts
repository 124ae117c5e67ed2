import { AddressCreateSchema, AddressUpdateSchema, AddressViewSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import type { RouteOptions } from '../../services';

const IdParamsSchema = z.object({ id: queryId });

/** The address book (spec 2, §7): every call is the signed-in user's own, never cached by anyone. */
export const addressRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { addresses } },
) => {
  // Before authentication, so 401s are not cached either.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const secured = { security: [{ bearerAuth: [] }], tags: ['addresses'] };

  app.get(
    '/addresses/',
    {
      schema: {
        ...secured,
        summary:
          'The signed-in user’s addresses, newest first (by id, descending), each saying whether it is the default billing or shipping address',
        querystring: PageQuerySchema.strict(),
        response: { 200: pageSchema(AddressViewSchema) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { count, results } = await addresses.listAddresses(signedInUser(request).id, request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.post(
    '/addresses/',
    {
      schema: {
        ...secured,
        summary:
          'Adds an address (postcode and telephone normalised, country always UK, unknown fields ignored); `is_default_billing` / `is_default_shipping` make it a checkout default',
        // Not strict: a spec call, whose unknown fields are ignored (DESIGN §4.10).
        body: AddressCreateSchema,
        response: { 201: AddressViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) =>
      reply.code(201).send(await addresses.createAddress(signedInUser(request).id, request.body)),
  );

  app.patch(
    '/addresses/:id/',
    {
      schema: {
        ...secured,
        summary:
          'Changes one of the user’s addresses (the fields given) and whether it is the default billing or shipping address',
        params: IdParamsSchema,
        body: AddressUpdateSchema.strict(),
        response: { 200: AddressViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => addresses.updateAddress(signedInUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/addresses/:id/',
    {
      schema: {
        ...secured,
        summary: 'Deletes one of the user’s addresses (orders keep their own copies)',
        params: IdParamsSchema,
        response: { 204: z.null().describe('No content') },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await addresses.deleteAddress(signedInUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
