import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../http/errors';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import type { DevMailboxService } from './service';

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
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\./.test(ip);
}

/**
 * The development mailbox: the outbox as JSON, for reading codes without an SMTP server. Registered only
 * when DEV_MAILBOX is on; `localOnly` hides it from every client but this machine's.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{
  devMailbox: DevMailboxService;
  localOnly: boolean;
}> = async (app, { devMailbox, localOnly }) => {
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
        if (localOnly && !isLoopback(request.ip)) throw new NotFound();
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
