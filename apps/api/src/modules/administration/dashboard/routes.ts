import { DashboardChartsSchema, DashboardSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../../services';

/** The back office's front page: the day's and month's trade and what needs doing (one statement). */
export const dashboardAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const dashboard = services.administration.dashboard;

  app.get(
    '/dashboard/',
    {
      schema: {
        tags: ['administration'],
        summary:
          'Today’s and this month’s paid orders and revenue (UK time), orders waiting to ship and those due out today or overdue, low stock, unanswered messages, trade applications to decide and quotes to price',
        response: { 200: DashboardSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return dashboard.read();
    },
  );

  app.get(
    '/dashboard/charts/',
    {
      schema: {
        tags: ['administration'],
        summary:
          'Sales invoiced (net, VAT, orders) per UK day for 30 days and per UK month for 12, every company’s aged debt by bucket, and the ten companies most overdue',
        response: { 200: DashboardChartsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return dashboard.charts();
    },
  );
};
