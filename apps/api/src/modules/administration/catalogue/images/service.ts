import { CATALOGUE_MESSAGES as M, type AdminProductImage, type ProductImageUpdate } from '@shop/domain';
import type { Db } from '../../../../db/client';
import { BadRequest, Invalid, NotFound, TooManyRequests } from '../../../../http/errors';
import { createSemaphore } from '../../../../lib/semaphore';
import { audit, changedFields, type Actor } from '../../audit';
import { productExists, selectProduct } from '../products/lookup';
import { isImageContentType, removeProductImage, storeProductImage, type StoredImage } from './files';
import * as queries from './queries';

// The images' calls for the other catalogue entities.
export { selectImagesOfProduct } from './queries';

/** An image as the API answers it. */
export function imageView(row: queries.ImageRow): AdminProductImage {
  return { id: row.id, image: row.image, alt_text: row.altText, position: row.position };
}

/**
 * Uploads one process decodes and encodes at once. Each holds one of libuv's 4 threads, which files, compression
 * and password hashing share, and libvips' own threads, for up to a second or two; the rest are refused with 429.
 */
export const IMAGE_UPLOADS_AT_ONCE = 2;
/** An upload takes a second or two. */
const IMAGES_BUSY_RETRY_AFTER_S = 2;

/** Removes upload files no image row points at any more (after the rows' transaction committed). */
export async function removeUnusedUploads(db: Db, uploadsRoot: string, urls: string[]) {
  for (const url of new Set(urls)) {
    if (!(await queries.imageStillUsed(db, url))) await removeProductImage(url, uploadsRoot);
  }
}

/** A product's images: files on disk, rows in one transaction with their audit entry. */
export function createImageAdminService(db: Db, options: { uploadsRoot: string }) {
  const imageWork = createSemaphore(IMAGE_UPLOADS_AT_ONCE);

  return {
    /**
     * Stores an uploaded image: its WebP variants on disk, then its row (after the product's other images).
     * A type other than an image's, or bytes sharp cannot read, are refused with a 400.
     */
    async uploadImage(
      actor: Actor,
      productId: number,
      upload: { bytes: Buffer; contentType: string | undefined; altText: string },
    ): Promise<AdminProductImage> {
      if (!isImageContentType(upload.contentType) || upload.bytes.length === 0) {
        throw new BadRequest(M.imageType);
      }
      if (!(await productExists(db, productId))) throw new NotFound();
      const release = imageWork.tryAcquire();
      if (!release) throw new TooManyRequests(IMAGES_BUSY_RETRY_AFTER_S, M.imagesBusy);
      let stored: StoredImage;
      try {
        stored = await storeProductImage(upload.bytes, options.uploadsRoot);
      } finally {
        release();
      }
      const row = await db.transaction(async (tx) => {
        if (!(await selectProduct(tx, productId, true))) throw new NotFound();
        const created = await queries.insertImage(tx, {
          productId,
          image: stored.url,
          altText: upload.altText,
          position: await queries.nextImagePosition(tx, productId),
        });
        await audit(tx, actor, {
          action: 'product_image.create',
          entityType: 'product',
          entityId: productId,
          after: { image: created.image, alt_text: created.altText, position: created.position },
        });
        return created;
      });
      return imageView(row);
    },

    async updateImage(
      actor: Actor,
      productId: number,
      imageId: number,
      body: ProductImageUpdate,
    ): Promise<AdminProductImage> {
      return db.transaction(async (tx) => {
        const row = await queries.selectImage(tx, productId, imageId);
        if (!row) throw new NotFound();
        const change = changedFields(imageView(row), body);
        if (!change) return imageView(row);
        await queries.updateImage(tx, imageId, { altText: body.alt_text, position: body.position });
        await audit(tx, actor, {
          action: 'product_image.update',
          entityType: 'product_image',
          entityId: imageId,
          ...change,
        });
        return imageView({
          ...row,
          altText: body.alt_text ?? row.altText,
          position: body.position ?? row.position,
        });
      });
    },

    /** Puts a product's images in the given order: every one of them, each once. */
    async reorderImages(actor: Actor, productId: number, ids: number[]): Promise<AdminProductImage[]> {
      await db.transaction(async (tx) => {
        if (!(await selectProduct(tx, productId, true))) throw new NotFound();
        const images = await queries.selectImagesOfProduct(tx, productId);
        const current = images.map((image) => image.id);
        const same =
          ids.length === current.length &&
          new Set(ids).size === ids.length &&
          ids.every((id) => current.includes(id));
        if (!same) throw new Invalid({ images: [M.imageOrder] });
        await queries.reorderImages(tx, productId, ids);
        await audit(tx, actor, {
          action: 'product_image.reorder',
          entityType: 'product',
          entityId: productId,
          before: { images: current },
          after: { images: ids },
        });
      });
      return (await queries.selectImagesOfProduct(db, productId)).map(imageView);
    },

    async deleteImage(actor: Actor, productId: number, imageId: number): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const row = await queries.selectImage(tx, productId, imageId);
        if (!row) throw new NotFound();
        await queries.deleteImage(tx, imageId);
        await audit(tx, actor, {
          action: 'product_image.delete',
          entityType: 'product_image',
          entityId: imageId,
          before: { product: productId, image: row.image, alt_text: row.altText },
        });
        return row.image;
      });
      await removeUnusedUploads(db, options.uploadsRoot, [removed]);
    },
  };
}
