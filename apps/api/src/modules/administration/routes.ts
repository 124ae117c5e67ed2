import { StaffMeSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookkeepingAdminRoutes } from './bookkeeping/routes';
import { catalogueAdminRoutes } from './catalogue/routes';
import { companyAdminRoutes } from './companies/routes';
import { dashboardAdminRoutes } from './dashboard/routes';
import { importExportAdminRoutes } from './import-export/routes';
import { customerRoutes } from './customers/routes';
import { staffRoutes } from './staff/routes';
import { messageRoutes } from './messages/routes';
import { settingsRoutes } from './settings/routes';
import { orderAdminRoutes } from './orders/routes';
import { quoteAdminRoutes } from './quotes/routes';
import { companyPriceRoutes } from './companies/prices/routes';
import { receivablesAdminRoutes } from '../receivables/routes';
import { staffStatementRoutes } from '../receivables/statement-routes';
import type { RouteOptions } from '../../services';

/**
 * Everything under /api/administration/ except the public contact form: staff and owners only.
 * A visitor gets 401 and a customer 403, from the hook below, before any handler runs. Each area registers
 * its routes here.
 */
export const administrationRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services, config },
) => {
  app.addHook('onRequest', app.requireStaff);

  app.get(
    '/me/',
    {
      schema: {
        tags: ['administration'],
        summary: 'The signed-in staff member (the back office checks its access with this)',
        response: { 200: StaffMeSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      return { id: user.id, email: user.email, role: user.role as 'staff' | 'owner' };
    },
  );

  // Each area of the back office, one plugin per area. Fastify hands a plugin its register options, `prefix`
  // included: passed on as they are, each area would sit under /administration/administration/.
  const shared: RouteOptions = { services, config };
  for (const area of [
    dashboardAdminRoutes,
    orderAdminRoutes,
    quoteAdminRoutes,
    catalogueAdminRoutes,
    importExportAdminRoutes,
    customerRoutes,
    companyAdminRoutes,
    receivablesAdminRoutes,
    staffRoutes,
    messageRoutes,
    settingsRoutes,
    bookkeepingAdminRoutes,
  ]) {
    await app.register(area, shared);
  }
  await app.register(companyPriceRoutes, { ...shared, prefix: '/companies/:companyId/prices' });
  await app.register(staffStatementRoutes, shared);
};
