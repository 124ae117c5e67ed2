import { MonthSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import { sendPdf } from '../documents/routes';
import type { RouteOptions } from '../../services';

/** The month 'YYYY-MM'; without it, the current UK month to date. */
const StatementQuerySchema = z.object({ month: MonthSchema.optional() }).strict();

const produces = ['application/pdf'];

/**
 * GET /api/account/company/statement.pdf?month=YYYY-MM: the caller's company's statement, for its administrators;
 * without a month, this month to date.
 */
export const companyStatementRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { statements } },
) => {
  app.get(
    '/account/company/statement.pdf',
    {
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['trade accounts'],
        produces,
        summary:
          'The company’s statement of account for a month, by default this month to date (PDF): administrators only, 404 for anyone else',
        querystring: StatementQuerySchema,
      },
      onRequest: app.authenticate,
    },
    async (request, reply) =>
      sendPdf(reply, await statements.forMember(signedInUser(request).id, request.query.month)),
  );
};

/** GET /api/administration/companies/{id}/statement.pdf?month=YYYY-MM (the administration plugin checks staff). */
export const staffStatementRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { statements } },
) => {
  app.get(
    '/companies/:id/statement.pdf',
    {
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['administration: companies'],
        produces,
        summary: 'A company’s statement of account for a month, by default this month to date (PDF)',
        params: z.object({ id: queryId }),
        querystring: StatementQuerySchema,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await statements.forStaff(request.params.id, request.query.month)),
  );
};
