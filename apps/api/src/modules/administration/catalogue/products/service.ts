import {
  CATALOGUE_MESSAGES as M,
  type AdminProductDetail,
  type AdminProductRow,
  type ProductCreate,
  type ProductUpdate,
} from '@shop/domain';
import type { Db } from '../../../../db/client';
import { NotFound } from '../../../../http/errors';
import { sanitizeStoredHtml } from '../../../../lib/sanitize-html';
import { audit, changedFields, type Actor } from '../../audit';
import { imageView, removeUnusedUploads, selectImagesOfProduct } from '../images/service';
import type { Window } from '../query-parts';
import {
  addError,
  countOfList,
  type FieldErrors,
  type ListPage,
  throwIfAny,
  withUniqueFieldErrors,
} from '../shared';
import { fieldsFromTuples } from '../variants/service';
import * as queries from './queries';

function productRowView(row: queries.ProductListRow): AdminProductRow {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    category: row.categoryId,
    category_name: row.categoryName,
    category_slug: row.categorySlug,
    featured_rank: row.featuredRank,
    created_at: row.createdAt.toISOString(),
  };
}

/** The back office's products: every write in one transaction with its audit entry. */
export function createProductAdminService(db: Db, options: { uploadsRoot: string }) {
  async function productDetail(id: number): Promise<AdminProductDetail> {
    const row = await queries.selectProduct(db, id);
    if (!row) throw new NotFound();
    const [images, variants] = await Promise.all([
      selectImagesOfProduct(db, id),
      queries.selectVariantsOfProduct(db, id),
    ]);
    const { product } = row;
    return {
      ...productRowView({
        ...product,
        categoryName: row.categoryName,
        categorySlug: row.categorySlug,
      }),
      description: product.description,
      updated_at: product.updatedAt.toISOString(),
      images: images.map(imageView),
      variants: variants.map((variant) => ({
        id: variant.variant.id,
        product: variant.variant.productId,
        name: variant.variant.name,
        units_per_pallet: variant.variant.unitsPerPallet,
        show_units_per: variant.variant.showUnitsPer,
        position: variant.variant.position,
        table_fields: fieldsFromTuples(variant.fields),
        tier_count: variant.tierCount,
        items: (variant.items ?? []).map(([itemId, sku, title, stock, trackInventory, status]) => ({
          id: itemId,
          sku,
          title,
          stock,
          track_inventory: trackInventory,
          status,
        })),
      })),
    };
  }

  return {
    async listProducts(
      filter: {
        q?: string | undefined;
        category?: number | undefined;
        ordering: 'name' | 'created_at';
        descending: boolean;
      },
      window: Window,
    ): Promise<ListPage<AdminProductRow>> {
      const rows = await queries.selectProductPage(db, filter, window);
      const { count, capped } = await countOfList(rows.length, window, () =>
        queries.countProducts(db, filter),
      );
      return { count, capped, results: rows.map(productRowView) };
    },

    getProduct: productDetail,

    async createProduct(actor: Actor, body: ProductCreate): Promise<AdminProductDetail> {
      const values = { ...body, description: sanitizeStoredHtml(body.description) };
      const errors: FieldErrors = {};
      if (!(await queries.categoryExists(db, values.category)))
        addError(errors, 'category', M.unknownCategory);
      if (await queries.productSlugTaken(db, values.slug)) addError(errors, 'slug', M.slugTaken);
      if (values.featured_rank !== null && (await queries.featuredRankTaken(db, values.featured_rank))) {
        addError(errors, 'featured_rank', M.featuredTaken);
      }
      throwIfAny(errors);
      const id = await withUniqueFieldErrors(() =>
        db.transaction(async (tx) => {
          const created = await queries.insertProduct(tx, {
            categoryId: values.category,
            name: values.name,
            slug: values.slug,
            description: values.description,
            featuredRank: values.featured_rank,
          });
          await audit(tx, actor, {
            action: 'product.create',
            entityType: 'product',
            entityId: created,
            after: values,
          });
          return created;
        }),
      );
      return productDetail(id);
    },

    async updateProduct(actor: Actor, id: number, body: ProductUpdate): Promise<AdminProductDetail> {
      const patch = {
        ...body,
        ...(body.description !== undefined ? { description: sanitizeStoredHtml(body.description) } : {}),
      };
      const errors: FieldErrors = {};
      if (patch.category !== undefined && !(await queries.categoryExists(db, patch.category))) {
        addError(errors, 'category', M.unknownCategory);
      }
      if (patch.slug !== undefined && (await queries.productSlugTaken(db, patch.slug, id))) {
        addError(errors, 'slug', M.slugTaken);
      }
      if (
        patch.featured_rank !== undefined &&
        patch.featured_rank !== null &&
        (await queries.featuredRankTaken(db, patch.featured_rank, id))
      ) {
        addError(errors, 'featured_rank', M.featuredTaken);
      }
      throwIfAny(errors);
      await withUniqueFieldErrors(() =>
        db.transaction(async (tx) => {
          const row = await queries.selectProduct(tx, id, true);
          if (!row) throw new NotFound();
          const { product } = row;
          const before = {
            category: product.categoryId,
            name: product.name,
            slug: product.slug,
            description: product.description,
            featured_rank: product.featuredRank,
          };
          const change = changedFields(before, patch);
          if (!change) return;
          await queries.updateProduct(tx, id, {
            categoryId: patch.category,
            name: patch.name,
            slug: patch.slug,
            description: patch.description,
            featuredRank: patch.featured_rank,
          });
          await audit(tx, actor, {
            action: 'product.update',
            entityType: 'product',
            entityId: id,
            ...change,
          });
        }),
      );
      return productDetail(id);
    },

    /** Deletes a product with its images, variants and items (orders keep their own copies of lines). */
    async deleteProduct(actor: Actor, id: number): Promise<void> {
      const before = await productDetail(id);
      await db.transaction(async (tx) => {
        if (!(await queries.selectProduct(tx, id, true))) throw new NotFound();
        await queries.deleteProduct(tx, id);
        await audit(tx, actor, {
          action: 'product.delete',
          entityType: 'product',
          entityId: id,
          before: {
            name: before.name,
            slug: before.slug,
            category: before.category,
            variants: before.variants.map((variant) => ({
              name: variant.name,
              items: variant.items.map((item) => item.sku),
            })),
          },
        });
      });
      await removeUnusedUploads(
        db,
        options.uploadsRoot,
        before.images.map((image) => image.image),
      );
    },
  };
}
