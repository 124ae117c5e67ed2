import { ApplyImportQuerySchema, ImportAppliedSchema, ImportPreviewSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BadRequest } from '../../../http/errors';
import { actorOf } from '../audit';
import { MAX_CSV_BYTES } from './csv-format';
import type { RouteOptions } from '../../../services';

/** The OpenAPI document's word that the body is the file itself. */
const CONSUMES_CSV = ['text/csv'];

/** The CSV's bytes, as this plugin's parser hands them over. */
function csvBody(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (body === undefined || body === null) return Buffer.alloc(0);
  throw new BadRequest('Send the CSV file itself as the request body, with Content-Type: text/csv.');
}

/**
 * CSV export and import of items and prices (the format is docs/catalogue-csv.md): download the
 * catalogue, preview a file's changes and errors, then apply exactly that file, all or nothing.
 */
export const importExportAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const service = services.administration.importExport;
  // The import worker's thread, if one was started, ends with the app.
  app.addHook('onClose', () => service.close());

  // A CSV body arrives as its bytes: the preview's hash is of the file exactly as sent.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: MAX_CSV_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/import-export/items.csv',
    {
      schema: {
        tags: ['administration'],
        summary: 'Every item and its tier prices as CSV (docs/catalogue-csv.md), streamed',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await service.exportCsv((err) => {
        // A client that goes away mid-download ends the stream; anything else is a fault worth an error.
        if ((err as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE') {
          request.log.info('the catalogue export was abandoned by the client');
        } else request.log.error({ err }, 'the catalogue export stopped part way');
      });
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="items-${day}.csv"`)
        .header('cache-control', 'private, no-store');
      return reply.send(csv);
    },
  );

  app.post(
    '/import-export/items/preview/',
    {
      bodyLimit: MAX_CSV_BYTES,
      schema: {
        tags: ['administration'],
        summary: 'What importing this CSV would change, and every error by line and column; writes nothing',
        consumes: CONSUMES_CSV,
        response: { 200: ImportPreviewSchema },
      },
    },
    async (request) => service.preview(csvBody(request.body), actorOf(request)),
  );

  app.post(
    '/import-export/items/apply/',
    {
      bodyLimit: MAX_CSV_BYTES,
      schema: {
        tags: ['administration'],
        summary:
          'Applies a previewed CSV (sha256 = the preview’s) in one transaction; refused whole if any row has an error',
        consumes: CONSUMES_CSV,
        querystring: ApplyImportQuerySchema,
        response: { 200: ImportAppliedSchema },
      },
    },
    async (request) => service.apply(csvBody(request.body), request.query.sha256, actorOf(request)),
  );
};
