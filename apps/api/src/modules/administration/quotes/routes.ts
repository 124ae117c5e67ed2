import { QUOTE_STATUSES, QuoteRowSchema, QuoteSendSchema, QuoteViewSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, paginate, PageQuerySchema } from '../../../http/pagination';
import { sendPdf } from '../../documents/routes';
import {
  AttachmentParamsSchema,
  QuoteParamsSchema,
  QuotePdfQuerySchema,
  sendAttachment,
} from '../../quotes/routes';
import { actorOf } from '../audit';
import type { RouteOptions } from '../../../services';

const QuoteListQuerySchema = PageQuerySchema.extend({ status: z.enum(QUOTE_STATUSES).optional() }).strict();

const QuotePageSchema = pageSchema(QuoteRowSchema).extend({
  /** True when there are more than `count` matches (the count stops at 10,000). */
  count_capped: z.boolean(),
});

const tags = ['administration: quotes'];
const security = [{ bearerAuth: [] }];

/** quotes/: requests for quote, pricing and sending their versions, withdrawing them, and their files. */
export const quoteAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const quotes = services.administration.quotes;

  app.get(
    '/quotes/',
    {
      schema: {
        tags,
        security,
        summary: 'Requests for quote, newest first, with the customer, company, status, total and expiry',
        querystring: QuoteListQuerySchema,
        response: { 200: QuotePageSchema },
      },
    },
    async (request) => {
      const { count, capped, results } = await quotes.list(request.query);
      return { ...paginate(request.url, request.query, count, results), count_capped: capped };
    },
  );

  app.get(
    '/quotes/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One quote: its request, lines, versions and files',
        params: QuoteParamsSchema,
        response: { 200: QuoteViewSchema },
      },
    },
    async (request) => quotes.get(request.params.id),
  );

  app.post(
    '/quotes/:id/send/',
    {
      schema: {
        tags,
        security,
        summary:
          'Sends a version of a requested or sent quote: a price per pack for every line (once each), an optional ' +
          'discount off them all, delivery and an expiry day (today to a year ahead); the buyer is e-mailed its PDF',
        params: QuoteParamsSchema,
        body: QuoteSendSchema,
        response: { 200: QuoteViewSchema },
      },
    },
    async (request) => quotes.send(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/quotes/:id/withdraw/',
    {
      schema: {
        tags,
        security,
        summary: 'Withdraws a quote that has not been ordered: it can no longer be accepted',
        params: QuoteParamsSchema,
        response: { 200: QuoteViewSchema },
      },
    },
    async (request) => quotes.withdraw(actorOf(request), request.params.id),
  );

  app.get(
    '/quotes/:id/quote.pdf',
    {
      schema: {
        tags,
        security,
        produces: ['application/pdf'],
        summary: 'A version of any quote as a PDF (the latest unless `version` is given)',
        params: QuoteParamsSchema,
        querystring: QuotePdfQuerySchema,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await services.documents.quote(request.params.id, null, request.query.version ?? null)),
  );

  app.get(
    '/quotes/:id/attachments/:attachmentId/',
    {
      schema: {
        tags,
        security,
        summary: 'Downloads a file a buyer attached to their request',
        params: AttachmentParamsSchema,
      },
    },
    async (request, reply) =>
      sendAttachment(reply, await quotes.attachment(request.params.id, request.params.attachmentId)),
  );
};
