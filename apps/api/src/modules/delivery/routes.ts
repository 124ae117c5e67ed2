import {
  CartDeliveryUpdateSchema,
  CartViewSchema,
  DeliveryOptionsRequestSchema,
  DeliveryOptionsViewSchema,
  DeliveryPromiseQuerySchema,
  DeliveryPromiseViewSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import type { RouteOptions } from '../../services';

/** The delivery promise's calls. */
export const deliveryRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { delivery } },
) => {
  const secured = { security: [{ bearerAuth: [] }], tags: ['delivery'] };

  app.post(
    '/ecommerce/delivery-options/',
    {
      schema: {
        ...secured,
        summary:
          'The delivery services for the user’s cart to a UK postcode, cheapest first, each with its price before VAT, promised day and cut-off (`order_by`); for a zone not served online, `{options: [], reason, zone}`',
        body: DeliveryOptionsRequestSchema,
        response: { 200: DeliveryOptionsViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { cart_id, postal_code } = request.body;
      return delivery.options(signedInUser(request).id, cart_id, postal_code);
    },
  );

  app.patch(
    '/ecommerce/carts/:id/',
    {
      schema: {
        ...secured,
        tags: ['cart'],
        summary:
          'Where the cart goes and how: `postal_code`, `delivery_service` (null: the cheapest) and a pallet’s `delivery_extras`; answers the cart with its totals',
        params: z.object({ id: queryId }),
        body: CartDeliveryUpdateSchema,
        response: { 200: CartViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return delivery.choose(signedInUser(request).id, request.params.id, request.body);
    },
  );

  app.get(
    '/ecommerce/delivery-promise/',
    {
      schema: {
        tags: ['delivery'],
        summary:
          'The product page’s promise for a parcel to a postcode (none: the mainland): the delivery day and the cut-off to order by',
        querystring: DeliveryPromiseQuerySchema,
        response: { 200: DeliveryPromiseViewSchema },
      },
    },
    async (request, reply) => {
      // The same for everyone, and good for a minute (the page counts down between fetches).
      reply.header('cache-control', 'public, max-age=60');
      return delivery.promise(request.query.postal_code ?? null);
    },
  );
};
