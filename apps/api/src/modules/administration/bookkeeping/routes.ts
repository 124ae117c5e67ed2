import {
  AccountsExportQuerySchema,
  EXPORT_KINDS,
  VatReturnQuerySchema,
  VatReturnViewSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services';

const CSV_HEADERS = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'private, no-store',
});

/**
 * For the bookkeeper: the quarter's VAT return with the documents behind it, as JSON and CSV, and
 * the invoices, credit notes and payments received of a range in Xero's or QuickBooks Online's import layouts.
 * Staff only (the administration hook).
 */
export const bookkeepingAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const service = services.administration.bookkeeping;

  app.get(
    '/vat-return/',
    {
      schema: {
        tags: ['administration'],
        summary:
          'The nine boxes of the UK VAT return for a quarter or a staggered period, with the documents behind them',
        querystring: VatReturnQuerySchema,
        response: { 200: VatReturnViewSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.vatReturn(request.query);
    },
  );

  app.get(
    '/vat-return.csv',
    {
      schema: {
        tags: ['administration'],
        summary: 'The quarter’s VAT return as CSV: the nine boxes, then the documents',
        querystring: VatReturnQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await service.vatReturnCsv(request.query);
      const name = request.query.quarter ?? request.query.period!;
      return reply.headers(CSV_HEADERS(`vat-return-${name}.csv`)).send(csv);
    },
  );

  app.get(
    '/exports/:kind.csv',
    {
      schema: {
        tags: ['administration'],
        summary:
          'Invoices, credit notes or payments received of a range of UK days, in Xero’s or QuickBooks Online’s import layout (docs/operations.md)',
        params: z.object({ kind: z.enum(EXPORT_KINDS) }),
        querystring: AccountsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { format, from, to } = request.query;
      const csv = await service.accountsExport(kind, request.query);
      return reply.headers(CSV_HEADERS(`${kind}-${format}-${from}-to-${to}.csv`)).send(csv);
    },
  );
};
