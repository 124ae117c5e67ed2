import { TestAuthenticateSchema, TestConfirmSchema, TestIntentViewSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services';

/** Per client: confirmations and authentications together (a card-testing bot gets no further). */
export const TEST_PROCESSOR_LIMIT = { name: 'test-processor', limit: 60, windowMs: 15 * 60_000 };

const CardErrorSchema = z
  .object({
    detail: z.string(),
    error: z.object({
      type: z.string(),
      code: z.string(),
      decline_code: z.string().optional(),
      message: z.string(),
      param: z.string().optional(),
    }),
  })
  .describe('The card was declined or its details are wrong: Stripe’s error body, plus DRF’s detail');

/**
 * The `test` processor's own public calls, which its browser script makes (as Stripe.js calls Stripe):
 * the client secret is the caller's authority over the intent, as it is at Stripe.
 */
export const testProcessorRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { payments, rateLimiter } },
) => {
  // Only a shop on the test processor has these routes.
  const processor = payments.testProcessor;
  if (!processor) return;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const tags = ['test card processor'];

  app.post(
    '/payments/test/confirm/',
    {
      schema: {
        tags,
        summary: 'The test processor: confirms a payment intent with a card (Stripe’s test cards)',
        body: TestConfirmSchema.strict(),
        response: { 200: TestIntentViewSchema, 402: CardErrorSchema },
      },
    },
    async (request) => {
      await rateLimiter.consume(TEST_PROCESSOR_LIMIT, request.ip);
      const { client_secret, card_number, exp_month, exp_year, cvc } = request.body;
      return processor.confirm(client_secret, { number: card_number, exp_month, exp_year, cvc });
    },
  );

  app.post(
    '/payments/test/authenticate/',
    {
      schema: {
        tags,
        summary: 'The test processor: the shopper passed or failed the authentication step (3-D Secure)',
        body: TestAuthenticateSchema.strict(),
        response: { 200: TestIntentViewSchema, 402: CardErrorSchema },
      },
    },
    async (request) => {
      await rateLimiter.consume(TEST_PROCESSOR_LIMIT, request.ip);
      return processor.authenticate(request.body.client_secret, request.body.outcome);
    },
  );
};
