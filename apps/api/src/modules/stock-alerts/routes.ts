import {
  CONTACT_MESSAGES,
  STOCK_ALERT_MESSAGES,
  StockAlertAnswerSchema,
  StockAlertConfirmSchema,
  StockAlertRequestSchema,
  StockAlertViewSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Invalid } from '../../http/errors';
import { PageQuerySchema, pageSchema, pageWindow, paginate } from '../../http/pagination';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import { STOCK_ALERT_LIMITS } from './service';
import type { RouteOptions } from '../../services';

const NoContent = z.null().describe('No content');

/**
 * Back-in-stock alerts: asked for by a signed-in buyer or, with a code e-mailed to confirm the
 * address, by a visitor; listed and cancelled in My account. They are spent by the restock (restock.ts).
 */
export const stockAlertRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { stockAlerts, rateLimiter } },
) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/stock-alerts/',
    {
      schema: {
        tags: ['stock alerts'],
        summary:
          'Asks to be e-mailed once when an out-of-stock item is back: signed in, `{item}` (active at once, to ' +
          'the account’s address); as a visitor, `{item, email}` (a 6-digit code is e-mailed, to confirm with ' +
          'confirm/). 201 when made; 200 with the alert already waiting, sending nothing while its code lives',
        security: [{}, { bearerAuth: [] }],
        body: StockAlertRequestSchema,
        response: { 200: StockAlertAnswerSchema, 201: StockAlertAnswerSchema },
      },
      // Signed in when a token is sent (a bad one is refused, never taken for a visitor); visitors are limited
      // per client, as the shop's other public calls that send e-mail are.
      onRequest: async (request, reply) => {
        if (request.headers.authorization !== undefined) return app.authenticate(request, reply);
        await rateLimiter.consume(STOCK_ALERT_LIMITS.requestsPerClient, request.ip);
      },
    },
    async (request, reply) => {
      const { item, email } = request.body;
      let answer;
      if (request.user) {
        const user = signedInUser(request);
        if (email !== undefined && email !== user.email) {
          throw new Invalid({ email: [STOCK_ALERT_MESSAGES.accountEmail] });
        }
        answer = await stockAlerts.requestForAccount(user, item);
      } else {
        if (email === undefined) throw new Invalid({ email: [CONTACT_MESSAGES.emailRequired] });
        answer = await stockAlerts.requestAsVisitor(item, email, request.ip);
      }
      return reply.code(answer.created ? 201 : 200).send(answer.alert);
    },
  );

  app.post(
    '/stock-alerts/confirm/',
    {
      schema: {
        tags: ['stock alerts'],
        summary:
          'Confirms a visitor’s alert with the code e-mailed to the address: it becomes active (and is e-mailed ' +
          'at once if the item came back meanwhile). A code expires after 10 minutes, 5 wrong tries from the ' +
          'client that asked for it and 5 from all others',
        body: StockAlertConfirmSchema,
        response: { 200: StockAlertAnswerSchema },
      },
      onRequest: (request) => rateLimiter.consume(STOCK_ALERT_LIMITS.checksPerClient, request.ip),
    },
    async (request) => stockAlerts.confirm(request.body, request.ip),
  );

  app.get(
    '/account/stock-alerts/',
    {
      schema: {
        tags: ['stock alerts'],
        security: [{ bearerAuth: [] }],
        summary: 'The caller’s alerts: those waiting, newest first, then those e-mailed in the last 30 days',
        querystring: PageQuerySchema.strict(),
        response: { 200: pageSchema(StockAlertViewSchema) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { count, results } = await stockAlerts.list(signedInUser(request).id, pageWindow(request.query));
      return paginate(request.url, request.query, count, results);
    },
  );

  app.delete(
    '/account/stock-alerts/:id/',
    {
      schema: {
        tags: ['stock alerts'],
        security: [{ bearerAuth: [] }],
        summary: 'Cancels one of the caller’s alerts (another user’s answers 404)',
        params: z.object({ id: queryId }),
        response: { 204: NoContent },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await stockAlerts.cancel(signedInUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
