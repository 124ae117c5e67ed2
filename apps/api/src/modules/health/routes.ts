import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../http/errors';
import { isLocalDirectRequest } from '../dev-mailbox/routes';
import type { RouteOptions } from '../../services';

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;
/**
 * How often the event-loop delay is sampled. Node's histogram records the whole time between two samples
 * (10.1 ms on an idle loop at this resolution), so the delay is what exceeds it, as Elastic's APM agent
 * reports it (open-telemetry/opentelemetry-js-contrib#2794).
 */
const DELAY_RESOLUTION_MS = 10;
const delayMs = (nanoseconds: number) => Math.max(0, ms(nanoseconds - DELAY_RESOLUTION_MS * 1e6));
const mb = (bytes: number) => Math.round(bytes / 1e4) / 100;

const MetricsSchema = z.object({
  pid: z.number(),
  uptime_s: z.number(),
  rss_mb: z.number(),
  heap_used_mb: z.number(),
  heap_total_mb: z.number(),
  external_mb: z.number(),
  event_loop_delay_ms: z.object({ p50: z.number(), p99: z.number(), max: z.number(), samples: z.number() }),
});

const StatusSchema = z.object({ status: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services: { health } }) => {
  // Liveness: no I/O, so a slow database never gets a healthy process restarted.
  app.get(
    '/health/',
    { schema: { tags: ['health'], response: { 200: StatusSchema } }, config: { quiet: true } },
    async () => ({ status: 'ok' }),
  );

  // This process's memory and event-loop delay since the last read (the benchmarks record them), for clients
  // on this machine only, like the dev mailbox: others get 404.
  const delay = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());
  app.get(
    '/health/process/',
    {
      schema: { tags: ['health'], response: { 200: MetricsSchema } },
      config: { quiet: true },
    },
    async (request) => {
      if (!isLocalDirectRequest(request)) throw new NotFound();
      const memory = process.memoryUsage();
      const answer = {
        pid: process.pid,
        uptime_s: Math.round(process.uptime()),
        rss_mb: mb(memory.rss),
        heap_used_mb: mb(memory.heapUsed),
        heap_total_mb: mb(memory.heapTotal),
        external_mb: mb(memory.external),
        event_loop_delay_ms: {
          p50: delayMs(delay.percentile(50)),
          p99: delayMs(delay.percentile(99)),
          max: delayMs(delay.max),
          samples: delay.count,
        },
      };
      delay.reset();
      return answer;
    },
  );

  app.get(
    '/health/ready/',
    {
      schema: { tags: ['health'], response: { 200: StatusSchema, 503: StatusSchema } },
      config: { quiet: true },
    },
    async (request, reply) => {
      try {
        await health.ping();
        return { status: 'ready' };
      } catch (err) {
        request.log.error({ err }, 'database not ready');
        return reply.code(503).send({ status: 'database unavailable' });
      }
    },
  );
};
