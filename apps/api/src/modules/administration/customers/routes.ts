import {
  AdminExclusivePriceSchema,
  CustomerDetailSchema,
  CustomerSummarySchema,
  CustomerUpdateSchema,
  ExclusivePriceCreateSchema,
  ExclusivePriceUpdateSchema,
  UserRoleSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../../http/pagination';
import { queryId } from '../../../http/query-ids';
import { signedInUser } from '../../accounts/authenticate';
import { listQuerySchema } from '../listing';
import type { Staff } from './service';
import type { RouteOptions } from '../../../services';

const CustomerParamsSchema = z.object({ id: queryId });
const PriceParamsSchema = z.object({ id: queryId, priceId: queryId });

const CustomerListQuerySchema = listQuerySchema(['created_at', 'email', 'last_name'], '-created_at')
  .extend({
    role: UserRoleSchema.optional(),
    active: z
      .enum(['true', 'false'], { message: "Enter 'true' or 'false'." })
      .transform((value) => value === 'true')
      .optional(),
  })
  .strict();

const CustomerPageSchema = pageSchema(CustomerSummarySchema).extend({
  /** True when there are more than `count` matches (the count stops at 10,000). */
  count_capped: z.boolean(),
});

const tags = ['administration: customers'];
const security = [{ bearerAuth: [] }];

/** The signed-in staff member, as the service needs them (it reads their role itself, when it acts). */
export function staffOf(request: Parameters<typeof signedInUser>[0]): Staff {
  const user = signedInUser(request);
  return { id: user.id, email: user.email };
}

/** customers/: the list and search, one customer, deactivation and exclusive prices. */
export const customerRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const customers = services.administration.customers;

  app.get(
    '/customers/',
    {
      schema: {
        tags,
        security,
        summary: 'Users, newest first or by e-mail or last name; search by e-mail, name or company',
        querystring: CustomerListQuerySchema,
        response: { 200: CustomerPageSchema },
      },
    },
    async (request) => {
      const { count, capped, results } = await customers.listCustomers(request.query);
      return { ...paginate(request.url, request.query, count, results), count_capped: capped };
    },
  );

  app.get(
    '/customers/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One user: profile, addresses, latest orders and exclusive prices',
        params: CustomerParamsSchema,
        response: { 200: CustomerDetailSchema },
      },
    },
    async (request) => customers.getCustomer(request.params.id),
  );

  app.patch(
    '/customers/:id/',
    {
      schema: {
        tags,
        security,
        summary:
          'Activates or deactivates an account: a deactivated user is signed out at their next request; staff and owner accounts by owners only (403)',
        params: CustomerParamsSchema,
        body: CustomerUpdateSchema,
        response: { 200: CustomerSummarySchema },
      },
    },
    async (request) => customers.setActive(staffOf(request), request.params.id, request.body.is_active),
  );

  app.get(
    '/customers/:id/exclusive-prices/',
    {
      schema: {
        tags,
        security,
        summary: 'A user’s exclusive prices by item SKU, with their dates and whether they apply today',
        params: CustomerParamsSchema,
        querystring: PageQuerySchema.strict(),
        response: { 200: pageSchema(AdminExclusivePriceSchema) },
      },
    },
    async (request) => {
      const { count, results } = await customers.listExclusivePrices(request.params.id, request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.post(
    '/customers/:id/exclusive-prices/',
    {
      schema: {
        tags,
        security,
        summary:
          'Gives a customer a discount on an item (by SKU), optionally between two UK dates; never to staff or owners (409)',
        params: CustomerParamsSchema,
        body: ExclusivePriceCreateSchema,
        response: { 201: AdminExclusivePriceSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await customers.createExclusivePrice(staffOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/customers/:id/exclusive-prices/:priceId/',
    {
      schema: {
        tags,
        security,
        summary: 'Changes an exclusive price’s percentage or dates',
        params: PriceParamsSchema,
        body: ExclusivePriceUpdateSchema,
        response: { 200: AdminExclusivePriceSchema },
      },
    },
    async (request) =>
      customers.updateExclusivePrice(
        staffOf(request),
        request.params.id,
        request.params.priceId,
        request.body,
      ),
  );

  app.delete(
    '/customers/:id/exclusive-prices/:priceId/',
    {
      schema: {
        tags,
        security,
        summary: 'Removes an exclusive price (cart lines that used it lose the discount)',
        params: PriceParamsSchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      await customers.deleteExclusivePrice(staffOf(request), request.params.id, request.params.priceId);
      return reply.code(204).send(null);
    },
  );
};
