import {
  AdminCategorySchema,
  AdminItemRowSchema,
  AdminItemSchema,
  AdminProductDetailSchema,
  AdminProductImageSchema,
  AdminProductRowSchema,
  AdminTableFieldSchema,
  AdminVariantDetailSchema,
  CATALOGUE_LIMITS,
  CATALOGUE_MESSAGES,
  CategoryCreateSchema,
  CategoryUpdateSchema,
  ItemCreateSchema,
  ItemUpdateSchema,
  LowStockItemSchema,
  PriceTableSchema,
  PriceTableUpdateSchema,
  ProductCreateSchema,
  ProductImageOrderSchema,
  ProductImageUpdateSchema,
  ProductUpdateSchema,
  StockAdjustmentSchema,
  StockMovementSchema,
  TableFieldCreateSchema,
  TableFieldUpdateSchema,
  VariantCreateSchema,
  VariantUpdateSchema,
} from '@shop/domain';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate, pageWindow } from '../../../http/pagination';
import { queryId } from '../../../http/query-ids';
import { uploadsDirectory } from '../../uploads/routes';
import { actorOf } from '../audit';
import { listQuerySchema, orderingOf } from '../listing';
import type { AdministrationOptions } from '../routes';
import { createCatalogueAdminService, type ListPage } from './service';

const IdParams = z.object({ id: queryId });
const ImageParams = z.object({ id: queryId, imageId: queryId });
const NoContent = { 204: z.null().describe('No content') };

/** A back-office page: DRF's shape, `count_capped` when the count stopped at COUNT_CAP. */
const adminPage = <T extends z.ZodType>(item: T) => pageSchema(item).extend({ count_capped: z.boolean() });

const CategoryListQuery = listQuerySchema(['position', 'name'], 'position').strict();
const ProductListQuery = listQuerySchema(['name', 'created_at'], 'name')
  .extend({ category: queryId.optional() })
  .strict();
const ItemListQuery = listQuerySchema(['sku', 'title', 'stock', 'created_at'], 'sku')
  .extend({ status: z.enum(['active', 'inactive']).optional(), variant: queryId.optional() })
  .strict();
const UploadQuery = z
  .object({
    alt_text: z
      .string()
      .trim()
      .max(CATALOGUE_LIMITS.altText, CATALOGUE_MESSAGES.tooLong(CATALOGUE_LIMITS.altText))
      .default(''),
  })
  .strict();

const StockAdjustedSchema = z.object({ stock: z.number().int(), movement: StockMovementSchema });

/**
 * The back office's catalogue and stock: categories, products, images, variants, table fields,
 * items, the price grid and stock. Mounted under /api/administration/, behind its staff check.
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<AdministrationOptions> = async (
  app,
  { db, config },
) => {
  const catalogue = createCatalogueAdminService(db, { uploadsRoot: uploadsDirectory(config) });
  const tags = ['administration: catalogue'];
  const secured = { tags, security: [{ bearerAuth: [] }] };
  const page = <T>(url: string, query: z.infer<typeof PageQuerySchema>, list: ListPage<T>) => ({
    ...paginate(url, query, list.count, list.results),
    count_capped: list.capped,
  });

  // -----------------------------------------------------------------------------------------------
  // Categories
  // -----------------------------------------------------------------------------------------------

  app.get(
    '/categories/',
    {
      schema: {
        ...secured,
        summary: 'Categories with their numbers of products (ordering: position or name; q searches names)',
        querystring: CategoryListQuery,
        response: { 200: adminPage(AdminCategorySchema) },
      },
    },
    async (request) => {
      const { q, ordering } = request.query;
      const { field, descending } = orderingOf<'position' | 'name'>(ordering);
      const list = await catalogue.listCategories(
        { q, ordering: field, descending },
        pageWindow(request.query),
      );
      return page(request.url, request.query, list);
    },
  );

  app.post(
    '/categories/',
    {
      schema: {
        ...secured,
        summary: 'Creates a category (description HTML sanitised; slug unique)',
        body: CategoryCreateSchema,
        response: { 201: AdminCategorySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await catalogue.createCategory(actorOf(request), request.body)),
  );

  app.get(
    '/categories/:id/',
    {
      schema: {
        ...secured,
        summary: 'One category',
        params: IdParams,
        response: { 200: AdminCategorySchema },
      },
    },
    async (request) => catalogue.getCategory(request.params.id),
  );

  app.patch(
    '/categories/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes a category',
        params: IdParams,
        body: CategoryUpdateSchema,
        response: { 200: AdminCategorySchema },
      },
    },
    async (request) => catalogue.updateCategory(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/categories/:id/',
    {
      schema: {
        ...secured,
        summary: 'Deletes a category without products (409 while it has some)',
        params: IdParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await catalogue.deleteCategory(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // -----------------------------------------------------------------------------------------------
  // Products and their images
  // -----------------------------------------------------------------------------------------------

  app.get(
    '/products/',
    {
      schema: {
        ...secured,
        summary: 'Products (q searches names; category filters; ordering: name or created_at)',
        querystring: ProductListQuery,
        response: { 200: adminPage(AdminProductRowSchema) },
      },
    },
    async (request) => {
      const { q, category, ordering } = request.query;
      const { field, descending } = orderingOf<'name' | 'created_at'>(ordering);
      const list = await catalogue.listProducts(
        { q, category, ordering: field, descending },
        pageWindow(request.query),
      );
      return page(request.url, request.query, list);
    },
  );

  app.post(
    '/products/',
    {
      schema: {
        ...secured,
        summary: 'Creates a product (description HTML sanitised; slug and featured rank unique)',
        body: ProductCreateSchema,
        response: { 201: AdminProductDetailSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await catalogue.createProduct(actorOf(request), request.body)),
  );

  app.get(
    '/products/:id/',
    {
      schema: {
        ...secured,
        summary: 'A product with its images, variants, table fields and items',
        params: IdParams,
        response: { 200: AdminProductDetailSchema },
      },
    },
    async (request) => catalogue.getProduct(request.params.id),
  );

  app.patch(
    '/products/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes a product',
        params: IdParams,
        body: ProductUpdateSchema,
        response: { 200: AdminProductDetailSchema },
      },
    },
    async (request) => catalogue.updateProduct(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/products/:id/',
    {
      schema: {
        ...secured,
        summary: 'Deletes a product with its images, variants and items (orders keep their copies)',
        params: IdParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await catalogue.deleteProduct(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // The upload takes the image itself as the body: any content type arrives as bytes here (JSON included),
  // so the service can refuse what is not an image with a clear message.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: CATALOGUE_LIMITS.imageBytes },
      (_request, body, done) => done(null, body),
    );
    uploads.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(413).send({ detail: CATALOGUE_MESSAGES.imageTooLarge });
      }
      throw error;
    });
    uploads.post(
      '/products/:id/images/',
      {
        bodyLimit: CATALOGUE_LIMITS.imageBytes,
        schema: {
          ...secured,
          summary:
            'Uploads a product image as the raw body (JPEG, PNG, WebP, GIF or AVIF, at most 5 MB): stored as WebP ' +
            'variants 480, 960 and 1600 px wide (never enlarged) under /uploads/; alt_text in the query',
          params: IdParams,
          querystring: UploadQuery,
          response: { 201: AdminProductImageSchema },
        },
      },
      async (request, reply) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const image = await catalogue.uploadImage(actorOf(request), request.params.id, {
          bytes,
          contentType: request.headers['content-type'],
          altText: request.query.alt_text,
        });
        return reply.code(201).send(image);
      },
    );
  });

  app.put(
    '/products/:id/image-order/',
    {
      schema: {
        ...secured,
        summary: 'Puts the product’s images in this order (every image id, each once)',
        params: IdParams,
        body: ProductImageOrderSchema,
        response: { 200: z.array(AdminProductImageSchema) },
      },
    },
    async (request) => catalogue.reorderImages(actorOf(request), request.params.id, request.body.images),
  );

  app.patch(
    '/products/:id/images/:imageId/',
    {
      schema: {
        ...secured,
        summary: 'Changes an image’s alt text or position',
        params: ImageParams,
        body: ProductImageUpdateSchema,
        response: { 200: AdminProductImageSchema },
      },
    },
    async (request) =>
      catalogue.updateImage(actorOf(request), request.params.id, request.params.imageId, request.body),
  );

  app.delete(
    '/products/:id/images/:imageId/',
    {
      schema: {
        ...secured,
        summary: 'Deletes an image (its files too, when no other image uses them)',
        params: ImageParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await catalogue.deleteImage(actorOf(request), request.params.id, request.params.imageId);
      return reply.code(204).send(null);
    },
  );

  // -----------------------------------------------------------------------------------------------
  // Variants and table fields
  // -----------------------------------------------------------------------------------------------

  app.post(
    '/products/:id/variants/',
    {
      schema: {
        ...secured,
        summary: 'Adds a variant to a product',
        params: IdParams,
        body: VariantCreateSchema,
        response: { 201: AdminVariantDetailSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await catalogue.createVariant(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/variants/:id/',
    {
      schema: {
        ...secured,
        summary: 'A variant with its table fields',
        params: IdParams,
        response: { 200: AdminVariantDetailSchema },
      },
    },
    async (request) => catalogue.getVariant(request.params.id),
  );

  app.patch(
    '/variants/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes a variant',
        params: IdParams,
        body: VariantUpdateSchema,
        response: { 200: AdminVariantDetailSchema },
      },
    },
    async (request) => catalogue.updateVariant(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/variants/:id/',
    {
      schema: {
        ...secured,
        summary: 'Deletes a variant with its table fields, tiers and items',
        params: IdParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await catalogue.deleteVariant(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/variants/:id/table-fields/',
    {
      schema: {
        ...secured,
        summary: 'Adds a column to a variant’s item table',
        params: IdParams,
        body: TableFieldCreateSchema,
        response: { 201: AdminTableFieldSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await catalogue.createTableField(actorOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/table-fields/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes a table field',
        params: IdParams,
        body: TableFieldUpdateSchema,
        response: { 200: AdminTableFieldSchema },
      },
    },
    async (request) => catalogue.updateTableField(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/table-fields/:id/',
    {
      schema: {
        ...secured,
        summary: 'Deletes a table field with every item’s value for it',
        params: IdParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await catalogue.deleteTableField(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // -----------------------------------------------------------------------------------------------
  // The price grid
  // -----------------------------------------------------------------------------------------------

  app.get(
    '/variants/:id/price-table/',
    {
      schema: {
        ...secured,
        summary: 'A variant’s tiers and every item’s price per pack in each (pence; null where unset)',
        params: IdParams,
        response: { 200: PriceTableSchema },
      },
    },
    async (request) => catalogue.getPriceTable(request.params.id),
  );

  app.put(
    '/variants/:id/price-table/',
    {
      schema: {
        ...secured,
        summary:
          'Replaces the variant’s whole price table: tiers by start (each ends where the next of its type ' +
          'begins; an id keeps a tier) and one price per tier for every item; errors name the cell',
        params: IdParams,
        body: PriceTableUpdateSchema,
        response: { 200: PriceTableSchema },
      },
    },
    async (request) => catalogue.replacePriceTable(actorOf(request), request.params.id, request.body),
  );

  // -----------------------------------------------------------------------------------------------
  // Items and stock
  // -----------------------------------------------------------------------------------------------

  app.get(
    '/items/',
    {
      schema: {
        ...secured,
        summary:
          'Items (q searches SKU and title; status and variant filter; ordering: sku, title, stock, created_at)',
        querystring: ItemListQuery,
        response: { 200: adminPage(AdminItemRowSchema) },
      },
    },
    async (request) => {
      const { q, status, variant, ordering } = request.query;
      const { field, descending } = orderingOf<'sku' | 'title' | 'stock' | 'created_at'>(ordering);
      const list = await catalogue.listItems(
        { q, status, variant, ordering: field, descending },
        pageWindow(request.query),
      );
      return page(request.url, request.query, list);
    },
  );

  app.post(
    '/items/',
    {
      schema: {
        ...secured,
        summary: 'Creates an item in a variant (SKU unique; opening stock recorded as a movement)',
        body: ItemCreateSchema,
        response: { 201: AdminItemSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await catalogue.createItem(actorOf(request), request.body)),
  );

  app.get(
    '/items/:id/',
    {
      schema: {
        ...secured,
        summary: 'An item with its variant’s table fields and its values for them',
        params: IdParams,
        response: { 200: AdminItemSchema },
      },
    },
    async (request) => catalogue.getItem(request.params.id),
  );

  app.patch(
    '/items/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes an item (a new stock level is recorded as a movement)',
        params: IdParams,
        body: ItemUpdateSchema,
        response: { 200: AdminItemSchema },
      },
    },
    async (request) => catalogue.updateItem(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/items/:id/',
    {
      schema: { ...secured, summary: 'Deletes an item', params: IdParams, response: NoContent },
    },
    async (request, reply) => {
      await catalogue.deleteItem(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/items/:id/stock-adjustments/',
    {
      schema: {
        ...secured,
        summary: 'Changes an item’s stock by delta or to set_to, with a reason (never below 0)',
        params: IdParams,
        body: StockAdjustmentSchema,
        response: { 201: StockAdjustedSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await catalogue.adjustStock(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/items/:id/stock-movements/',
    {
      schema: {
        ...secured,
        summary: 'An item’s stock movements, newest first',
        params: IdParams,
        querystring: PageQuerySchema.strict(),
        response: { 200: adminPage(StockMovementSchema) },
      },
    },
    async (request) =>
      page(
        request.url,
        request.query,
        await catalogue.listMovements(request.params.id, pageWindow(request.query)),
      ),
  );

  app.get(
    '/stock/low/',
    {
      schema: {
        ...secured,
        summary: 'Tracked active items at or below their low-stock threshold, the furthest below first',
        querystring: PageQuerySchema.strict(),
        response: { 200: adminPage(LowStockItemSchema) },
      },
    },
    async (request) =>
      page(request.url, request.query, await catalogue.listLowStock(pageWindow(request.query))),
  );
};
