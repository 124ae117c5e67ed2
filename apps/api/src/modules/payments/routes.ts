import { PaymentConfigSchema } from '@shop/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequest } from '../../http/errors';
import { ProviderUnavailable, WebhookSignatureError } from './provider';
import type { RouteOptions } from '../../services';

/**
 * Logs why the payment provider could not be reached, for the operator (the client only hears "try again"):
 * the provider's own error (type, HTTP status, request id; never a key) is the cause. For a route plugin.
 */
export function logProviderFailures(app: FastifyInstance) {
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof ProviderUnavailable) {
      request.log.warn({ err: error }, 'the payment provider could not be reached');
    }
  });
}

/** The provider's side of payments: which script the checkout loads, and the signed webhook. */
export const paymentRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services: { orders } }) => {
  logProviderFailures(app);
  app.get(
    '/payments/config/',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Which card provider the checkout uses, and its publishable key',
        response: { 200: PaymentConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return orders.paymentConfig();
    },
  );

  // The signature covers the body byte for byte: read it as text, never re-serialised JSON.
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/webhook/',
    {
      schema: {
        tags: ['checkout'],
        summary:
          'The payment provider’s signed events (Stripe’s scheme: Stripe-Signature); unsigned or forged ones get 400',
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        body: z
          .string()
          .max(512 * 1024)
          .describe('The event, as the provider sent it'),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      try {
        await orders.handleWebhook(request.body, request.headers['stripe-signature']);
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw new BadRequest(err.message);
        throw err;
      }
      return { received: true as const };
    },
  );
};
