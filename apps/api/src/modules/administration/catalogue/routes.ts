import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryAdminRoutes } from './categories/routes';
import { imageAdminRoutes } from './images/routes';
import { itemAdminRoutes } from './items/routes';
import { priceTableAdminRoutes } from './price-table/routes';
import { productAdminRoutes } from './products/routes';
import { stockAdminRoutes } from './stock/routes';
import { variantAdminRoutes } from './variants/routes';
import type { RouteOptions } from '../../../services';

/**
 * The back office's catalogue and stock: categories, products, images, variants, table fields,
 * items, the price grid and stock. Mounted under /api/administration/, behind its staff check.
 * One plugin per entity, registered in this order (the order of the OpenAPI document's paths).
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services, config },
) => {
  // Passed on without the register options' `prefix` (see administrationRoutes).
  const shared: RouteOptions = { services, config };
  // A successful write clears this process's catalogue caches before the answer leaves, so the staff member's
  // next page (the menu, a category) shows it at once; other processes hear of it from the database's
  // notification (migration 0006), within a second.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      services.catalogueChanges.changed();
    }
    return payload;
  });
  for (const entity of [
    categoryAdminRoutes,
    productAdminRoutes,
    imageAdminRoutes,
    variantAdminRoutes,
    priceTableAdminRoutes,
    itemAdminRoutes,
    stockAdminRoutes,
  ]) {
    await app.register(entity, shared);
  }
};
