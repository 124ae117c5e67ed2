import {
  AwaitingApprovalViewSchema,
  OrderCreateSchema,
  OrderViewSchema,
  PaymentIntentCreateSchema,
  PaymentIntentViewSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import { logProviderFailures } from '../payments/routes';
import { CHECKOUT_LIMIT } from './payment-intent';
import type { RouteOptions } from '../../services';

/** Checkout and orders (spec 2, §7; DESIGN §4.3): every call is the signed-in user's own. */
export const orderRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { orders, rateLimiter } },
) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  logProviderFailures(app);
  const secured = { security: [{ bearerAuth: [] }], tags: ['checkout'] };

  app.post(
    '/ecommerce/payment-intents/',
    {
      schema: {
        ...secured,
        summary:
          'A card payment for the cart’s current total (pence): the same intent for the same cart contents',
        body: PaymentIntentCreateSchema,
        response: { 200: PaymentIntentViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      // Limited inside, where it asks the provider for a new or changed intent: the same cart's intent
      // again costs nothing.
      return orders.createPaymentIntent(signedInUser(request).id, request.body);
    },
  );

  app.post(
    '/orders/',
    {
      schema: {
        ...secured,
        summary:
          'The order of a payment the provider confirms, made once (the same payment answers the same order, 200); or, with payment_method "account", an order on the company’s account (201) or held for approval (202)',
        body: OrderCreateSchema,
        response: { 200: OrderViewSchema, 201: OrderViewSchema, 202: AwaitingApprovalViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { id } = signedInUser(request);
      await rateLimiter.consume(CHECKOUT_LIMIT, String(id));
      if (request.body.payment_method === 'account') {
        const outcome = await orders.placeOnAccount(id, request.body);
        if ('held' in outcome) return reply.code(202).send(outcome.held);
        return reply.code(201).send(outcome.order);
      }
      const { order, created } = await orders.placeOrder(id, request.body);
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/orders/',
    {
      schema: {
        ...secured,
        summary:
          'The user’s orders, newest first; with transaction_id, the order of that payment (none until it is made)',
        querystring: PageQuerySchema.extend({
          transaction_id: z.string().trim().min(1).max(255).optional(),
        }).strict(),
        response: { 200: pageSchema(OrderViewSchema) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { transaction_id: transactionId, ...page } = request.query;
      const { count, results } = await orders.listOrders(signedInUser(request).id, page, transactionId);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/orders/:id/',
    {
      schema: {
        ...secured,
        summary: 'One of the user’s orders',
        params: z.object({ id: queryId }),
        response: { 200: OrderViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => orders.getOrder(signedInUser(request).id, request.params.id),
  );
};
