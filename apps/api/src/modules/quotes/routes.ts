import {
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  QuoteAttachmentQuerySchema,
  QuoteAttachmentViewSchema,
  QuoteRequestSchema,
  QuoteRowSchema,
  QuoteViewSchema,
} from '@shop/domain';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../http/content-disposition';
import { pageSchema, paginate, PageQuerySchema } from '../../http/pagination';
import { queryId, queryInteger } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import { sendPdf } from '../documents/routes';
import type { RateLimit } from '../rate-limits/service';
import type { AttachmentDownload } from './service';
import type { RouteOptions } from '../../services';

/** Requests per user an hour: each one e-mails the shop's inbox and may carry 50 MB of files. */
export const QUOTE_REQUEST_LIMIT: RateLimit = {
  name: 'quote-request-user',
  limit: 20,
  windowMs: 60 * 60_000,
};

export const QuoteParamsSchema = z.object({ id: queryId });
export const AttachmentParamsSchema = z.object({ id: queryId, attachmentId: queryId });
/** A quote's version (absent: the latest). */
export const QuotePdfQuerySchema = z.object({ version: queryInteger(1, 1000).optional() }).strict();

/** A stored file as a download: never opened in the page, never sniffed as another type, never cached. */
export function sendAttachment(reply: FastifyReply, file: AttachmentDownload) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

const tags = ['quotes'];
const security = [{ bearerAuth: [] }];

/** Requests for quote: the signed-in buyer's own, at /api/quotes/. */
export const quoteRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { quotes, documents, rateLimiter } },
) => {
  const userId = (request: Parameters<typeof signedInUser>[0]) => signedInUser(request).id;
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post(
    '/quotes/',
    {
      schema: {
        security,
        tags,
        summary:
          'Asks for a quote on the caller’s cart: its lines are copied at the prices the cart charges now, with ' +
          'the note; the cart is kept as it was, and the shop is told',
        body: QuoteRequestSchema,
        response: { 201: QuoteViewSchema },
      },
      preValidation: (request) => rateLimiter.consume(QUOTE_REQUEST_LIMIT, String(userId(request))),
    },
    async (request, reply) => reply.code(201).send(await quotes.request(userId(request), request.body)),
  );

  app.get(
    '/quotes/',
    {
      schema: {
        security,
        tags,
        summary: 'The caller’s quotes, newest first, with the latest version’s total and expiry',
        querystring: PageQuerySchema.strict(),
        response: { 200: pageSchema(QuoteRowSchema) },
      },
    },
    async (request) => {
      const { count, results } = await quotes.list(userId(request), request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/quotes/:id/',
    {
      schema: {
        security,
        tags,
        summary:
          'One of the caller’s quotes: its lines with the latest prices and what the last revision changed, ' +
          'its versions, files, and whether it can be accepted now (or why not)',
        params: QuoteParamsSchema,
        response: { 200: QuoteViewSchema },
      },
    },
    async (request) => quotes.get(userId(request), request.params.id),
  );

  app.get(
    '/quotes/:id/quote.pdf',
    {
      schema: {
        security,
        tags,
        produces: ['application/pdf'],
        summary: 'A version of the caller’s quote as a PDF (the latest unless `version` is given)',
        params: QuoteParamsSchema,
        querystring: QuotePdfQuerySchema,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await documents.quote(request.params.id, userId(request), request.query.version ?? null),
      ),
  );

  app.get(
    '/quotes/:id/attachments/:attachmentId/',
    {
      schema: {
        security,
        tags,
        summary: 'Downloads a file of the caller’s quote, as the type it was checked to be',
        params: AttachmentParamsSchema,
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await quotes.attachment(userId(request), request.params.id, request.params.attachmentId),
      ),
  );

  // The upload takes the file itself as the body: any content type arrives as bytes here, so the service can
  // refuse what is not a PDF, PNG or JPEG with its message (415), by its type and its first bytes.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: QUOTE_LIMITS.attachmentBytes },
      (_request, body, done) => done(null, body),
    );
    uploads.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(413).send({ detail: QUOTE_MESSAGES.attachmentTooLarge });
      }
      throw error;
    });
    uploads.post(
      '/quotes/:id/attachments/',
      {
        bodyLimit: QUOTE_LIMITS.attachmentBytes,
        schema: {
          security,
          tags,
          summary:
            'Attaches a file to a request not yet priced, as the raw body: a PDF, PNG or JPEG (by content type ' +
            'and first bytes; 415 otherwise), at most 10 MB (413), five a request; the name in `filename`',
          params: QuoteParamsSchema,
          querystring: QuoteAttachmentQuerySchema,
          response: { 201: QuoteAttachmentViewSchema },
        },
      },
      async (request, reply) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const attachment = await quotes.attach(userId(request), request.params.id, {
          bytes,
          contentType: request.headers['content-type'],
          filename: request.query.filename,
        });
        return reply.code(201).send(attachment);
      },
    );
  });
};
