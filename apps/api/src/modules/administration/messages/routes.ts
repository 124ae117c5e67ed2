import {
  ContactMessageSchema,
  ContactMessageSummarySchema,
  MessageHandledSchema,
  MessageReplySchema,
  MessageStatusSchema,
  NewsletterSubscriberSchema,
  SubscriptionStatusSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../../http/pagination';
import { queryId } from '../../../http/query-ids';
import { signedInUser } from '../../accounts/authenticate';
import type { RouteOptions } from '../../../services';

const IdParamsSchema = z.object({ id: queryId });
const security = [{ bearerAuth: [] }];

/** The signed-in staff member as the actor of a change they make. */
function actor(request: Parameters<typeof signedInUser>[0]) {
  const user = signedInUser(request);
  return { id: user.id, email: user.email };
}

/** messages/ (contact queries) and newsletter/ (subscribers) in the back office. */
export const messageRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const messages = services.administration.messages;
  const tags = ['administration: messages'];

  app.get(
    '/messages/',
    {
      schema: {
        tags,
        security,
        summary: 'Contact queries, newest first: waiting for an answer (the default), handled or all',
        querystring: PageQuerySchema.extend({ status: MessageStatusSchema.default('unhandled') }).strict(),
        response: { 200: pageSchema(ContactMessageSummarySchema) },
      },
    },
    async (request) => {
      const { count, results } = await messages.listMessages(request.query.status, request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/messages/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One contact query with its text',
        params: IdParamsSchema,
        response: { 200: ContactMessageSchema },
      },
    },
    async (request) => messages.getMessage(request.params.id),
  );

  app.post(
    '/messages/:id/handled/',
    {
      schema: {
        tags,
        security,
        summary: 'Marks a contact query handled, or waiting for an answer again',
        params: IdParamsSchema,
        body: MessageHandledSchema,
        response: { 200: ContactMessageSchema },
      },
    },
    async (request) => messages.setHandled(actor(request), request.params.id, request.body.handled),
  );

  app.post(
    '/messages/:id/reply/',
    {
      schema: {
        tags,
        security,
        summary: 'E-mails a reply to the sender (through the outbox) and marks the query handled',
        params: IdParamsSchema,
        body: MessageReplySchema,
        response: { 200: ContactMessageSchema },
      },
    },
    async (request) => messages.reply(actor(request), request.params.id, request.body),
  );

  const newsletterTags = ['administration: newsletter'];

  app.get(
    '/newsletter/',
    {
      schema: {
        tags: newsletterTags,
        security,
        summary: 'Newsletter subscribers, newest first; search by e-mail',
        querystring: PageQuerySchema.extend({
          status: SubscriptionStatusSchema.default('subscribed'),
          q: z.string().trim().max(100).optional(),
        }).strict(),
        response: { 200: pageSchema(NewsletterSubscriberSchema) },
      },
    },
    async (request) => {
      const { status, q } = request.query;
      const { count, results } = await messages.listSubscribers(status, q, request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/newsletter.csv',
    {
      schema: {
        tags: newsletterTags,
        security,
        summary: 'The subscribed addresses as a CSV file: email, subscribed_at',
        querystring: z.object({}).strict(),
      },
    },
    async (_request, reply) => {
      const csv = await messages.exportSubscribers();
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.post(
    '/newsletter/:id/unsubscribe/',
    {
      schema: {
        tags: newsletterTags,
        security,
        summary: 'Unsubscribes an address (it may subscribe again on the storefront)',
        params: IdParamsSchema,
        response: { 200: NewsletterSubscriberSchema },
      },
    },
    async (request) => messages.unsubscribe(actor(request), request.params.id),
  );
};
