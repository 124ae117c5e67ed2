import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../http/content-disposition';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import type { RenderedDocument } from './rendered-document';
import type { DocumentsService } from './service';
import type { RouteOptions } from '../../services';

/** An order has few refunds (each at least a penny of what was paid); a bound all the same. */
export const MAX_REFUND_ORDINAL = 1000;

/** A PDF as a download, never kept by a shared cache. */
export function sendPdf(reply: FastifyReply, document: RenderedDocument) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentDisposition(document.filename))
    .header('cache-control', 'private, no-store')
    .send(document.content);
}

/**
 * The document downloads of an order: the VAT invoice and paid receipt of a paid order, and a credit note for
 * each refund. `userOf` names whose orders the caller may open: the buyer's own (anyone else's order answers 404,
 * as a missing one does), or, for staff, any (null).
 */
export const documentRoutes: FastifyPluginAsyncZod<{
  documents: DocumentsService;
  /** The OpenAPI tag, and whether the caller is the buyer (their own orders only) or staff (any order). */
  tag: string;
  userOf: (request: FastifyRequest) => number | null;
  onRequest?: onRequestHookHandler;
}> = async (app, { documents, tag, userOf, onRequest }) => {
  const schema = { security: [{ bearerAuth: [] }], tags: [tag], produces: ['application/pdf'] };
  const hooks = onRequest ? { onRequest } : {};

  for (const kind of ['invoice', 'receipt'] as const) {
    app.get(
      `/orders/:id/${kind}.pdf`,
      {
        schema: {
          ...schema,
          summary:
            kind === 'invoice'
              ? 'The order’s VAT invoice (PDF), as it was issued when the order was paid'
              : 'The order’s paid receipt (PDF)',
          params: z.object({ id: queryId }),
        },
        ...hooks,
      },
      async (request, reply) =>
        sendPdf(reply, await documents.sale(request.params.id, userOf(request), kind)),
    );
  }

  app.get(
    '/orders/:id/refunds/:n/credit-note.pdf',
    {
      schema: {
        ...schema,
        summary: 'The credit note (PDF) of the order’s n-th refund (1 = the first)',
        params: z.object({
          id: queryId,
          n: z.coerce.number().int().min(1).max(MAX_REFUND_ORDINAL),
        }),
      },
      ...hooks,
    },
    async (request, reply) =>
      sendPdf(reply, await documents.creditNote(request.params.id, userOf(request), request.params.n)),
  );
};

/** The buyer's own documents, at /api/orders/{id}/…. */
export const buyerDocumentRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { documents } },
) => {
  await app.register(documentRoutes, {
    documents,
    tag: 'documents',
    userOf: (request) => signedInUser(request).id,
    onRequest: app.authenticate,
  });
};
