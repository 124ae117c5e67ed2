import {
  CartItemsCreateSchema,
  CartItemViewSchema,
  CartViewSchema,
  CartItemUpdateSchema,
  type CartItemCreate,
} from '@shop/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import type { RouteOptions } from '../../services';

const IdParamsSchema = z.object({ id: queryId });

const CartLinesQuerySchema = PageQuerySchema.extend({ cart: queryId.optional() }).strict();

/** The cart (spec 2, §3, §7): every call is the signed-in user's own, never cached by anyone. */
export const cartRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services: { carts } }) => {
  // Before authentication, so 401s are not cached either.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const secured = { security: [{ bearerAuth: [] }], tags: ['cart'] };

  app.get(
    '/ecommerce/carts/current/',
    {
      schema: {
        ...secured,
        summary: 'The signed-in user’s cart with its totals, made on first use',
        response: { 200: CartViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => carts.currentCart(signedInUser(request).id),
  );

  app.get(
    '/ecommerce/carts/:id/',
    {
      schema: {
        ...secured,
        summary: 'A cart with its lines, totals, VAT, weight and shipping (the user’s own only)',
        params: IdParamsSchema,
        response: { 200: CartViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => carts.getCart(signedInUser(request).id, request.params.id),
  );

  app.get(
    '/ecommerce/cart-items/',
    {
      schema: {
        ...secured,
        summary: 'The lines of the user’s cart (cart=…, which must be theirs)',
        querystring: CartLinesQuerySchema,
        response: { 200: pageSchema(CartItemViewSchema) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { page, page_size, cart } = request.query;
      const { count, results } = await carts.listLines(signedInUser(request).id, cart, { page, page_size });
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/ecommerce/cart-items/:id/',
    {
      schema: {
        ...secured,
        summary: 'One line of the user’s cart',
        params: IdParamsSchema,
        response: { 200: CartItemViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => carts.getLine(signedInUser(request).id, request.params.id),
  );

  const addLines = async (request: FastifyRequest<{ Body: CartItemCreate[] }>, reply: FastifyReply) => {
    const lines = await carts.addLines(signedInUser(request).id, request.body);
    return reply.code(201).send(lines);
  };
  const addSchema = {
    ...secured,
    summary:
      'Adds lines to the user’s cart, all or none: the server checks item, tier, stock and exclusive price',
    body: CartItemsCreateSchema,
    response: { 201: z.array(CartItemViewSchema) },
  };
  app.post('/cart-items/', { schema: addSchema, onRequest: app.authenticate }, addLines);
  app.post('/ecommerce/cart-items/', { schema: addSchema, onRequest: app.authenticate }, addLines);

  app.patch(
    '/ecommerce/cart-items/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes a line’s pack count; the server recomputes its tier and checks stock',
        params: IdParamsSchema,
        body: CartItemUpdateSchema,
        response: { 200: CartItemViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => carts.updateLine(signedInUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/ecommerce/cart-items/:id/',
    {
      schema: {
        ...secured,
        summary: 'Removes a line from the user’s cart',
        params: IdParamsSchema,
        response: { 204: z.null().describe('No content') },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await carts.deleteLine(signedInUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
