import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../http/errors';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import type { RouteOptions } from '../../services';

const MessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(['pending', 'sent', 'failed']),
  created_at: z.string(),
});

const MailboxQuerySchema = PageQuerySchema.extend({
  to: z.string().trim().min(1).max(254).optional(),
}).strict();

/** True for a client on this machine (IPv4, IPv6 or IPv4-mapped loopback). */
export function isLoopback(ip: string | undefined): boolean {
  return ip !== undefined && (ip === '::1' || /^(::ffff:)?127\./.test(ip));
}

/** Headers a proxy adds; a request carrying any of them may have come from anywhere. */
function cameThroughProxy(headers: Record<string, unknown>): boolean {
  return Object.keys(headers).some((name) => name === 'forwarded' || name.startsWith('x-forwarded-'));
}

/**
 * A client on this machine, talking to the shop directly. The socket's own peer address decides, never
 * `request.ip`, which TRUST_PROXY lets a client choose; a proxy on this machine would make every client look
 * local, so anything a proxy marks is refused.
 */
export function isLocalDirectRequest(request: FastifyRequest): boolean {
  return isLoopback(request.raw.socket.remoteAddress) && !cameThroughProxy(request.headers);
}

/**
 * The development mailbox: the outbox as JSON, for reading codes without an SMTP server. Registered only
 * when DEV_MAILBOX is on, and answers nobody but a direct client on this machine (others get 404).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { devMailbox } },
) => {
  app.get(
    '/dev/mailbox/',
    {
      schema: {
        tags: ['development'],
        summary: 'The outbox, newest first (development only; `to` filters by recipient)',
        querystring: MailboxQuerySchema,
        response: { 200: pageSchema(MessageSchema) },
      },
      onRequest: async (request) => {
        if (!isLocalDirectRequest(request)) throw new NotFound();
      },
    },
    async (request, reply) => {
      const { to, ...page } = request.query;
      const { count, results } = await devMailbox.listMessages(to, page);
      reply.header('cache-control', 'no-store');
      return paginate(request.url, page, count, results);
    },
  );
};
