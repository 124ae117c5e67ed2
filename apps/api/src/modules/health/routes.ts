import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

const StatusSchema = z.object({ status: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  // Liveness: no I/O, so a slow database never gets a healthy process restarted.
  app.get(
    '/health/',
    { schema: { tags: ['health'], response: { 200: StatusSchema } }, config: { quiet: true } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/health/ready/',
    {
      schema: { tags: ['health'], response: { 200: StatusSchema, 503: StatusSchema } },
      config: { quiet: true },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ready' };
      } catch (err) {
        request.log.error({ err }, 'database not ready');
        return reply.code(503).send({ status: 'database unavailable' });
      }
    },
  );
};
