import {
  AdminProductImageSchema,
  CATALOGUE_LIMITS,
  CATALOGUE_MESSAGES,
  ProductImageOrderSchema,
  ProductImageUpdateSchema,
} from '@shop/domain';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryId } from '../../../../http/query-ids';
import { actorOf } from '../../audit';
import { IdParams, NoContent, secured } from '../shared';
import type { RouteOptions } from '../../../../services';

const ImageParams = z.object({ id: queryId, imageId: queryId });
const UploadQuery = z
  .object({
    alt_text: z
      .string()
      .trim()
      .max(CATALOGUE_LIMITS.altText, CATALOGUE_MESSAGES.tooLong(CATALOGUE_LIMITS.altText))
      .default(''),
  })
  .strict();

/** A product's images, under /api/administration/products/:id/images/ and image-order/. */
export const imageAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const images = services.administration.images;

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
        const image = await images.uploadImage(actorOf(request), request.params.id, {
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
    async (request) => images.reorderImages(actorOf(request), request.params.id, request.body.images),
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
      images.updateImage(actorOf(request), request.params.id, request.params.imageId, request.body),
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
      await images.deleteImage(actorOf(request), request.params.id, request.params.imageId);
      return reply.code(204).send(null);
    },
  );
};
