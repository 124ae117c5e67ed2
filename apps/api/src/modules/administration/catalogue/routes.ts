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
