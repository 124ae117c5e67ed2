import { ContactQuerySchema, NewsletterSubscriptionSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimit } from '../rate-limits/service';
import type { RouteOptions } from '../../services';

/** Per client: enough for a person, too few for a script. */
export const CONTACT_LIMIT: RateLimit = { name: 'contact', limit: 5, windowMs: 10 * 60_000 };
export const NEWSLETTER_LIMIT: RateLimit = { name: 'newsletter', limit: 10, windowMs: 10 * 60_000 };

const MessageSchema = z.object({ message: z.string() });
const SubscribedSchema = z.object({ success: z.literal(true), message: z.string() });

export const contactRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { contact, rateLimiter } },
) => {
  app.post(
    '/administration/contact/',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send the shop a query (stored, and e-mailed through the outbox)',
        body: ContactQuerySchema.strict(),
        response: { 201: MessageSchema },
      },
      onRequest: (request) => rateLimiter.consume(CONTACT_LIMIT, request.ip),
    },
    async (request, reply) => reply.code(201).send(await contact.submitQuery(request.body)),
  );

  app.post(
    '/newsletter/',
    {
      schema: {
        tags: ['contact'],
        summary: 'Subscribe an e-mail address to the newsletter (idempotent)',
        body: NewsletterSubscriptionSchema.strict(),
        response: { 200: SubscribedSchema, 201: SubscribedSchema },
      },
      onRequest: (request) => rateLimiter.consume(NEWSLETTER_LIMIT, request.ip),
    },
    async (request, reply) => {
      const { created, ...body } = await contact.subscribe(request.body.email);
      return reply.code(created ? 201 : 200).send(body);
    },
  );
};
