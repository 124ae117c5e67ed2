import {
  CATALOGUE_LIMITS,
  CATALOGUE_MESSAGES as M,
  ImagePathSchema,
  type AdminCategory,
  type AdminItem,
  type AdminItemRow,
  type AdminProductDetail,
  type AdminProductImage,
  type AdminProductRow,
  type AdminTableField,
  type AdminVariantDetail,
  type CategoryCreate,
  type CategoryUpdate,
  type ItemCreate,
  type ItemUpdate,
  type LowStockItem,
  type PriceTable,
  type PriceTableUpdate,
  type ProductCreate,
  type ProductImageUpdate,
  type ProductUpdate,
  type StockAdjustment,
  type StockMovement,
  type TableFieldCreate,
  type TableFieldUpdate,
  type VariantCreate,
  type VariantUpdate,
  withRangeEnds,
} from '@shop/domain';
import type { Db } from '../../../db/client';
import { dimensionColumns, MM_PER_UNIT } from '../../../db/seed/dimensions';
import type { MeasurementUnit } from '../../../db/schema';
import { BadRequest, Conflict, Invalid, NotFound, TooManyRequests } from '../../../http/errors';
import { sanitizeStoredHtml } from '../../../lib/sanitize-html';
import { createSemaphore } from '../../../lib/semaphore';
import { audit, changedFields, type Actor } from '../audit';
import { isImageContentType, removeProductImage, storeProductImage, type StoredImage } from './images';
import * as queries from './queries';

type FieldErrors = Record<string, string[]>;
type Window = queries.Window;

/** A page of a back-office list: the rows and their (possibly capped) count. */
export interface ListPage<T> {
  count: number;
  capped: boolean;
  results: T[];
}

/** Which field a unique constraint's violation is reported on, with its message. */
const UNIQUE_FIELDS: Record<string, [field: string, message: string]> = {
  categories_slug_unique: ['slug', M.slugTaken],
  products_slug_unique: ['slug', M.slugTaken],
  products_featured_rank_unique: ['featured_rank', M.featuredTaken],
  items_sku_unique: ['sku', M.skuTaken],
};

/**
 * Runs a write; a unique violation that slipped past the service's own checks (two staff saving the same
 * slug at once) becomes the same field error instead of a 500.
 */
async function withUniqueFieldErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const violated = queries.violatedConstraint(error);
    const known = violated?.kind === 'unique' ? UNIQUE_FIELDS[violated.name] : undefined;
    if (known) throw new Invalid({ [known[0]]: [known[1]] });
    throw error;
  }
}

function addError(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

function throwIfAny(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
}

// ---------------------------------------------------------------------------------------------
// Views: rows as the API answers them
// ---------------------------------------------------------------------------------------------

function categoryView(row: queries.CategoryRow, productCount: number): AdminCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    slider_image: row.sliderImage,
    position: row.position,
    product_count: productCount,
  };
}

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

function imageView(row: queries.ImageRow): AdminProductImage {
  return { id: row.id, image: row.image, alt_text: row.altText, position: row.position };
}

function fieldView(row: queries.TableFieldRow): AdminTableField {
  return {
    id: row.id,
    name: row.name,
    field_type: row.fieldType,
    long_field: row.longField,
    position: row.position,
  };
}

const fieldsFromTuples = (tuples: queries.FieldTuple[] | null): AdminTableField[] =>
  (tuples ?? []).map(([id, name, fieldType, longField, position]) => ({
    id,
    name,
    field_type: fieldType as AdminTableField['field_type'],
    long_field: longField,
    position,
  }));

function variantView(
  row: NonNullable<Awaited<ReturnType<typeof queries.selectVariant>>>,
): AdminVariantDetail {
  return {
    id: row.variant.id,
    product: row.variant.productId,
    product_name: row.productName,
    name: row.variant.name,
    units_per_pallet: row.variant.unitsPerPallet,
    show_units_per: row.variant.showUnitsPer,
    position: row.variant.position,
    table_fields: fieldsFromTuples(row.fields),
    tier_count: row.tierCount,
  };
}

function itemRowView(row: queries.ItemListRow): AdminItemRow {
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    stock: row.stock,
    track_inventory: row.trackInventory,
    low_stock_threshold: row.lowStockThreshold,
    status: row.status,
    variant: row.variantId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The item fields the audit log keeps, in the API's names. */
function itemAuditFields(row: queries.ItemRow) {
  return {
    sku: row.sku,
    title: row.title,
    units_per_pack: row.unitsPerPack,
    stock: row.stock,
    track_inventory: row.trackInventory,
    weight: row.weight,
    weight_unit: row.weightUnit,
    measurement_unit: row.measurementUnit,
    width: row.width,
    height: row.height,
    length: row.length,
    status: row.status,
    low_stock_threshold: row.lowStockThreshold,
  };
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** Errors of an item's dimensions: a unit with length and width, each within the columns' range in mm. */
function dimensionErrors(dims: {
  measurement_unit: MeasurementUnit | null;
  width: number | null;
  height: number | null;
  length: number | null;
}): FieldErrors {
  const errors: FieldErrors = {};
  const unit = dims.measurement_unit;
  if (unit === null) {
    for (const field of ['width', 'height', 'length'] as const) {
      if (dims[field] !== null) addError(errors, 'measurement_unit', M.dimensionsNeedUnit);
    }
    if (errors.measurement_unit) errors.measurement_unit = [M.dimensionsNeedUnit];
    return errors;
  }
  for (const field of ['length', 'width'] as const) {
    if (dims[field] === null) addError(errors, field, M.dimensionRequired);
  }
  for (const field of ['width', 'height', 'length'] as const) {
    const value = dims[field];
    if (value !== null && value * MM_PER_UNIT[unit] > CATALOGUE_LIMITS.dimensionMm) {
      addError(errors, field, M.dimensionTooLarge);
    }
  }
  return errors;
}

/** The columns an item's dimensions are stored in, the sorted mm columns kept in step. */
function dimensionValues(dims: {
  measurement_unit: MeasurementUnit | null;
  width: number | null;
  height: number | null;
  length: number | null;
}) {
  if (dims.measurement_unit === null) return dimensionColumns(null);
  return dimensionColumns({
    unit: dims.measurement_unit,
    length: dims.length!,
    width: dims.width!,
    height: dims.height,
  });
}

/**
 * An item's table-field values as rows to set and fields to clear, each checked against its field's type;
 * errors name the entry (`data_entries.2.value`).
 */
function dataEntryWrites(
  entries: ItemCreate['data_entries'],
  fields: queries.TableFieldRow[],
  errors: FieldErrors,
): { set: queries.DataEntryWrite[]; remove: number[] } {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const seen = new Set<number>();
  const set: queries.DataEntryWrite[] = [];
  const remove: number[] = [];
  entries.forEach((entry, index) => {
    const at = `data_entries.${index}`;
    const field = byId.get(entry.field);
    if (!field) return addError(errors, `${at}.field`, M.unknownField);
    if (seen.has(entry.field)) return addError(errors, `${at}.field`, M.duplicateField);
    seen.add(entry.field);
    const value = typeof entry.value === 'string' ? entry.value.trim() : entry.value;
    if (value === null || value === '') return void remove.push(field.id);
    const row: queries.DataEntryWrite = {
      tableFieldId: field.id,
      valueText: null,
      valueNumber: null,
      valueImage: null,
    };
    if (field.fieldType === 'text') {
      row.valueText = String(value);
    } else if (field.fieldType === 'image') {
      const path = ImagePathSchema.safeParse(String(value));
      if (!path.success) return addError(errors, `${at}.value`, M.imagePath);
      row.valueImage = path.data;
    } else {
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(number) || Math.abs(number) > 1_000_000_000) {
        return addError(errors, `${at}.value`, M.notANumber);
      }
      row.valueNumber = number;
    }
    set.push(row);
  });
  return { set, remove };
}

// ---------------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------------

/**
 * Uploads one process decodes and encodes at once. Each holds one of libuv's 4 threads, which files, compression
 * and password hashing share, and libvips' own threads, for up to a second or two; the rest are refused with 429.
 */
export const IMAGE_UPLOADS_AT_ONCE = 2;
/** An upload takes a second or two. */
const IMAGES_BUSY_RETRY_AFTER_S = 2;

/** The back office's catalogue and stock: every write in one transaction with its audit entry. */
export function createCatalogueAdminService(db: Db, options: { uploadsRoot: string }) {
  const imageWork = createSemaphore(IMAGE_UPLOADS_AT_ONCE);

  async function productDetail(id: number): Promise<AdminProductDetail> {
    const row = await queries.selectProduct(db, id);
    if (!row) throw new NotFound();
    const [images, variants] = await Promise.all([
      queries.selectImagesOfProduct(db, id),
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

  async function variantDetail(id: number): Promise<AdminVariantDetail> {
    const row = await queries.selectVariant(db, id);
    if (!row) throw new NotFound();
    return variantView(row);
  }

  async function itemDetail(id: number): Promise<AdminItem> {
    const row = await queries.selectItem(db, id);
    if (!row) throw new NotFound();
    const { item } = row;
    return {
      ...itemRowView({ ...item, variantId: item.productVariantId }),
      units_per_pack: item.unitsPerPack,
      weight: item.weight,
      weight_unit: item.weightUnit,
      measurement_unit: item.measurementUnit,
      width: item.width,
      height: item.height,
      length: item.length,
      variant_name: row.variantName,
      product: row.productId,
      product_name: row.productName,
      table_fields: fieldsFromTuples(row.fields),
      data_entries: (row.entries ?? []).map(([field, valueText, valueNumber, valueImage]) => ({
        field,
        value_text: valueText,
        value_number: valueNumber === null ? null : Number(valueNumber),
        value_image: valueImage,
      })),
    };
  }

  /** Removes upload files no image row points at any more (after the rows' transaction committed). */
  async function removeUnusedUploads(urls: string[]) {
    for (const url of new Set(urls)) {
      if (!(await queries.imageStillUsed(db, url))) await removeProductImage(url, options.uploadsRoot);
    }
  }

  return {
    // -------------------------------------------------------------------------------------------
    // Categories
    // -------------------------------------------------------------------------------------------

    async listCategories(
      filter: { q?: string | undefined; ordering: 'position' | 'name'; descending: boolean },
      window: Window,
    ): Promise<ListPage<AdminCategory>> {
      const rows = await queries.selectCategoryPage(db, filter, window);
      const count =
        rows.length > 0
          ? rows[0]!.total
          : window.offset === 0
            ? 0
            : await queries.countCategories(db, filter.q);
      return {
        count,
        capped: false,
        results: rows.map((row) => categoryView(row.category, row.productCount)),
      };
    },

    async getCategory(id: number): Promise<AdminCategory> {
      const row = await queries.selectCategory(db, id);
      if (!row) throw new NotFound();
      return categoryView(row.category, row.productCount);
    },

    async createCategory(actor: Actor, body: CategoryCreate): Promise<AdminCategory> {
      const values = { ...body, description: sanitizeStoredHtml(body.description) };
      if (await queries.categorySlugTaken(db, values.slug)) throw new Invalid({ slug: [M.slugTaken] });
      const id = await withUniqueFieldErrors(() =>
        db.transaction(async (tx) => {
          const created = await queries.insertCategory(tx, {
            name: values.name,
            slug: values.slug,
            description: values.description,
            image: values.image,
            sliderImage: values.slider_image,
            position: values.position,
          });
          await audit(tx, actor, {
            action: 'category.create',
            entityType: 'category',
            entityId: created,
            after: values,
          });
          return created;
        }),
      );
      return this.getCategory(id);
    },

    async updateCategory(actor: Actor, id: number, body: CategoryUpdate): Promise<AdminCategory> {
      const patch = {
        ...body,
        ...(body.description !== undefined ? { description: sanitizeStoredHtml(body.description) } : {}),
      };
      if (patch.slug !== undefined && (await queries.categorySlugTaken(db, patch.slug, id))) {
        throw new Invalid({ slug: [M.slugTaken] });
      }
      await withUniqueFieldErrors(() =>
        db.transaction(async (tx) => {
          const row = await queries.selectCategory(tx, id, true);
          if (!row) throw new NotFound();
          const change = changedFields(categoryView(row.category, row.productCount), patch);
          if (!change) return;
          await queries.updateCategory(tx, id, {
            name: patch.name,
            slug: patch.slug,
            description: patch.description,
            image: patch.image,
            sliderImage: patch.slider_image,
            position: patch.position,
          });
          await audit(tx, actor, {
            action: 'category.update',
            entityType: 'category',
            entityId: id,
            ...change,
          });
        }),
      );
      return this.getCategory(id);
    },

    /** Deletes a category without products; one with products is a 409 (they would have nowhere to go). */
    async deleteCategory(actor: Actor, id: number): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const row = await queries.selectCategory(tx, id, true);
          if (!row) throw new NotFound();
          if (row.productCount > 0) throw new Conflict(M.categoryHasProducts(row.productCount));
          await queries.deleteCategory(tx, id);
          await audit(tx, actor, {
            action: 'category.delete',
            entityType: 'category',
            entityId: id,
            before: categoryView(row.category, row.productCount),
          });
        });
      } catch (error) {
        // A product added to it at the same moment: the foreign key refuses the delete.
        if (queries.violatedConstraint(error)?.kind === 'foreign_key')
          throw new Conflict(M.categoryHasProducts(1));
        throw error;
      }
    },

    // -------------------------------------------------------------------------------------------
    // Products
    // -------------------------------------------------------------------------------------------

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
      const { count, capped } = await queries.countOfList(rows.length, window, () =>
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
      await removeUnusedUploads(before.images.map((image) => image.image));
    },

    // -------------------------------------------------------------------------------------------
    // Product images
    // -------------------------------------------------------------------------------------------

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
      if (!(await queries.productExists(db, productId))) throw new NotFound();
      const release = imageWork.tryAcquire();
      if (!release) throw new TooManyRequests(IMAGES_BUSY_RETRY_AFTER_S, M.imagesBusy);
      let stored: StoredImage;
      try {
        stored = await storeProductImage(upload.bytes, options.uploadsRoot);
      } finally {
        release();
      }
      const row = await db.transaction(async (tx) => {
        if (!(await queries.selectProduct(tx, productId, true))) throw new NotFound();
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
        if (!(await queries.selectProduct(tx, productId, true))) throw new NotFound();
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
      await removeUnusedUploads([removed]);
    },

    // -------------------------------------------------------------------------------------------
    // Variants and table fields
    // -------------------------------------------------------------------------------------------

    getVariant: variantDetail,

    async createVariant(actor: Actor, productId: number, body: VariantCreate): Promise<AdminVariantDetail> {
      if (body.show_units_per === 'pallet' && body.units_per_pallet === null) {
        throw new Invalid({ show_units_per: [M.palletNeedsUnits] });
      }
      const id = await db.transaction(async (tx) => {
        if (!(await queries.selectProduct(tx, productId, true))) throw new NotFound();
        const created = await queries.insertVariant(tx, {
          productId,
          name: body.name,
          unitsPerPallet: body.units_per_pallet,
          showUnitsPer: body.show_units_per,
          position: body.position,
        });
        await audit(tx, actor, {
          action: 'variant.create',
          entityType: 'variant',
          entityId: created,
          after: { product: productId, ...body },
        });
        return created;
      });
      return variantDetail(id);
    },

    async updateVariant(actor: Actor, id: number, body: VariantUpdate): Promise<AdminVariantDetail> {
      await db.transaction(async (tx) => {
        const row = await queries.selectVariant(tx, id, true);
        if (!row) throw new NotFound();
        const before = {
          name: row.variant.name,
          units_per_pallet: row.variant.unitsPerPallet,
          show_units_per: row.variant.showUnitsPer,
          position: row.variant.position,
        };
        const merged = { ...before, ...body };
        if (merged.show_units_per === 'pallet' && merged.units_per_pallet === null) {
          throw new Invalid({ show_units_per: [M.palletNeedsUnits] });
        }
        const change = changedFields(before, body);
        if (!change) return;
        await queries.updateVariant(tx, id, {
          name: body.name,
          unitsPerPallet: body.units_per_pallet,
          showUnitsPer: body.show_units_per,
          position: body.position,
        });
        await audit(tx, actor, { action: 'variant.update', entityType: 'variant', entityId: id, ...change });
      });
      return variantDetail(id);
    },

    /** Deletes a variant with its table fields, tiers and items. */
    async deleteVariant(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await queries.selectVariant(tx, id, true);
        if (!row) throw new NotFound();
        await queries.deleteVariant(tx, id);
        await audit(tx, actor, {
          action: 'variant.delete',
          entityType: 'variant',
          entityId: id,
          before: { product: row.variant.productId, name: row.variant.name },
        });
      });
    },

    async createTableField(
      actor: Actor,
      variantId: number,
      body: TableFieldCreate,
    ): Promise<AdminTableField> {
      const row = await db.transaction(async (tx) => {
        if (!(await queries.selectVariant(tx, variantId, true))) throw new NotFound();
        const created = await queries.insertTableField(tx, {
          productVariantId: variantId,
          name: body.name,
          fieldType: body.field_type,
          longField: body.long_field,
          position: body.position,
        });
        await audit(tx, actor, {
          action: 'table_field.create',
          entityType: 'table_field',
          entityId: created.id,
          after: { variant: variantId, ...body },
        });
        return created;
      });
      return fieldView(row);
    },

    async updateTableField(actor: Actor, id: number, body: TableFieldUpdate): Promise<AdminTableField> {
      return db.transaction(async (tx) => {
        const row = await queries.selectTableField(tx, id);
        if (!row) throw new NotFound();
        const change = changedFields(fieldView(row), body);
        if (!change) return fieldView(row);
        await queries.updateTableField(tx, id, {
          name: body.name,
          fieldType: body.field_type,
          longField: body.long_field,
          position: body.position,
        });
        await audit(tx, actor, {
          action: 'table_field.update',
          entityType: 'table_field',
          entityId: id,
          ...change,
        });
        return { ...fieldView(row), ...body };
      });
    },

    /** Deletes a table field and every item's value for it. */
    async deleteTableField(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await queries.selectTableField(tx, id);
        if (!row) throw new NotFound();
        await queries.deleteTableField(tx, id);
        await audit(tx, actor, {
          action: 'table_field.delete',
          entityType: 'table_field',
          entityId: id,
          before: { variant: row.productVariantId, ...fieldView(row) },
        });
      });
    },

    // -------------------------------------------------------------------------------------------
    // Items
    // -------------------------------------------------------------------------------------------

    async listItems(
      filter: queries.ItemFilter & { ordering: queries.ItemOrdering; descending: boolean },
      window: Window,
    ): Promise<ListPage<AdminItemRow>> {
      const rows = await queries.selectItemPage(db, filter, window);
      const { count, capped } = await queries.countOfList(rows.length, window, () =>
        queries.countItems(db, filter),
      );
      return { count, capped, results: rows.map(itemRowView) };
    },

    getItem: itemDetail,

    /** Creates an item; its opening stock is recorded as a stock movement. */
    async createItem(actor: Actor, body: ItemCreate): Promise<AdminItem> {
      const errors: FieldErrors = dimensionErrors(body);
      const variant = await queries.selectVariant(db, body.variant);
      if (!variant) addError(errors, 'variant', 'Choose an existing variant.');
      if (await queries.skuTaken(db, body.sku)) addError(errors, 'sku', M.skuTaken);
      const fields = variant ? await queries.selectFieldsOfVariant(db, body.variant) : [];
      const entries = dataEntryWrites(body.data_entries, fields, errors);
      throwIfAny(errors);
      const id = await withUniqueFieldErrors(() =>
        db.transaction(async (tx) => {
          if (!(await queries.selectVariant(tx, body.variant, true)))
            throw new Invalid({ variant: ['Choose an existing variant.'] });
          const created = await queries.insertItem(tx, {
            productVariantId: body.variant,
            sku: body.sku,
            title: body.title,
            unitsPerPack: body.units_per_pack,
            stock: body.stock,
            trackInventory: body.track_inventory,
            weight: body.weight,
            weightUnit: body.weight_unit,
            status: body.status,
            lowStockThreshold: body.low_stock_threshold,
            ...dimensionValues(body),
          });
          await queries.writeDataEntries(tx, created, entries.set, []);
          if (body.stock !== 0) {
            await queries.insertMovement(tx, {
              itemId: created,
              delta: body.stock,
              stockAfter: body.stock,
              reason: 'Opening stock',
              actorId: actor.id,
            });
          }
          await audit(tx, actor, {
            action: 'item.create',
            entityType: 'item',
            entityId: created,
            after: body,
          });
          return created;
        }),
      );
      return itemDetail(id);
    },

    /**
     * Updates an item. Dimensions given are merged with the stored ones and the sorted mm columns recomputed;
     * a new stock level is recorded as a stock movement; data entries given are set (null or '' clears one).
     */
    async updateItem(actor: Actor, id: number, body: ItemUpdate): Promise<AdminItem> {
      if (body.sku !== undefined && (await queries.skuTaken(db, body.sku, id))) {
        throw new Invalid({ sku: [M.skuTaken] });
      }
      await withUniqueFieldErrors(() =>
        db.transaction(async (tx) => {
          const row = await queries.lockItem(tx, id);
          if (!row) throw new NotFound();
          const { data_entries: dataEntries, ...fields } = body;
          const dims = {
            measurement_unit:
              fields.measurement_unit !== undefined ? fields.measurement_unit : row.measurementUnit,
            width: fields.width !== undefined ? fields.width : row.width,
            height: fields.height !== undefined ? fields.height : row.height,
            length: fields.length !== undefined ? fields.length : row.length,
          };
          const dimsGiven = ['measurement_unit', 'width', 'height', 'length'].some(
            (field) => fields[field as keyof typeof fields] !== undefined,
          );
          const errors: FieldErrors = dimsGiven ? dimensionErrors(dims) : {};
          const entries = dataEntries
            ? dataEntryWrites(
                dataEntries,
                await queries.selectFieldsOfVariant(tx, row.productVariantId),
                errors,
              )
            : { set: [], remove: [] };
          throwIfAny(errors);
          const change = changedFields(itemAuditFields(row), fields);
          if (change) {
            await queries.updateItem(tx, id, {
              sku: fields.sku,
              title: fields.title,
              unitsPerPack: fields.units_per_pack,
              stock: fields.stock,
              trackInventory: fields.track_inventory,
              weight: fields.weight,
              weightUnit: fields.weight_unit,
              status: fields.status,
              lowStockThreshold: fields.low_stock_threshold,
              ...(dimsGiven ? dimensionValues(dims) : {}),
            });
          }
          if (fields.stock !== undefined && fields.stock !== row.stock) {
            await queries.insertMovement(tx, {
              itemId: id,
              delta: fields.stock - row.stock,
              stockAfter: fields.stock,
              reason: 'Stock set in the item form',
              actorId: actor.id,
            });
          }
          await queries.writeDataEntries(tx, id, entries.set, entries.remove);
          if (change || dataEntries) {
            await audit(tx, actor, {
              action: 'item.update',
              entityType: 'item',
              entityId: id,
              before: change?.before ?? {},
              after: { ...change?.after, ...(dataEntries ? { data_entries: dataEntries } : {}) },
            });
          }
        }),
      );
      return itemDetail(id);
    },

    async deleteItem(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await queries.lockItem(tx, id);
        if (!row) throw new NotFound();
        await queries.deleteItem(tx, id);
        await audit(tx, actor, {
          action: 'item.delete',
          entityType: 'item',
          entityId: id,
          before: { variant: row.productVariantId, ...itemAuditFields(row) },
        });
      });
    },

    // -------------------------------------------------------------------------------------------
    // Stock
    // -------------------------------------------------------------------------------------------

    /**
     * Changes an item's stock by `delta` or to `set_to`, with a reason. The item's row is locked for the
     * change, so two adjustments (or a sale) at once apply one after the other; stock never goes below 0.
     */
    async adjustStock(
      actor: Actor,
      id: number,
      body: StockAdjustment,
    ): Promise<{ stock: number; movement: StockMovement }> {
      return db.transaction(async (tx) => {
        const row = await queries.lockItem(tx, id);
        if (!row) throw new NotFound();
        const field = body.set_to !== undefined ? 'set_to' : 'delta';
        const stock = body.set_to ?? row.stock + body.delta!;
        if (stock < 0) throw new Invalid({ [field]: [M.belowZero(row.stock)] });
        if (stock > CATALOGUE_LIMITS.stock) throw new Invalid({ [field]: [M.aboveMaximum] });
        const delta = stock - row.stock;
        await queries.updateItem(tx, id, { stock });
        await queries.insertMovement(tx, {
          itemId: id,
          delta,
          stockAfter: stock,
          reason: body.reason,
          actorId: actor.id,
        });
        await audit(tx, actor, {
          action: 'item.stock_adjust',
          entityType: 'item',
          entityId: id,
          before: { stock: row.stock },
          after: { stock, reason: body.reason },
        });
        const [latest] = await queries.selectMovements(tx, id, { limit: 1, offset: 0 });
        return {
          stock,
          movement: {
            id: latest!.id,
            delta: latest!.delta,
            stock_after: latest!.stockAfter,
            reason: latest!.reason,
            actor_email: latest!.actorEmail,
            order: latest!.orderId,
            created_at: latest!.createdAt.toISOString(),
          },
        };
      });
    },

    async listMovements(itemId: number, window: Window): Promise<ListPage<StockMovement>> {
      if (!(await queries.itemExists(db, itemId))) throw new NotFound();
      const rows = await queries.selectMovements(db, itemId, window);
      const count =
        rows.length > 0 ? rows[0]!.total : window.offset === 0 ? 0 : await queries.countMovements(db, itemId);
      return {
        count,
        capped: false,
        results: rows.map((row) => ({
          id: row.id,
          delta: row.delta,
          stock_after: row.stockAfter,
          reason: row.reason,
          actor_email: row.actorEmail,
          order: row.orderId,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },

    async listLowStock(window: Window): Promise<ListPage<LowStockItem>> {
      const rows = await queries.selectLowStock(db, window);
      const { count, capped } = await queries.countOfList(rows.length, window, () =>
        queries.countLowStock(db),
      );
      return {
        count,
        capped,
        results: rows.map((row) => ({
          id: row.id,
          sku: row.sku,
          title: row.title,
          stock: row.stock,
          low_stock_threshold: row.lowStockThreshold,
          shortfall: row.lowStockThreshold - row.stock,
          product: row.productId,
          product_name: row.productName,
        })),
      };
    },

    // -------------------------------------------------------------------------------------------
    // The price table
    // -------------------------------------------------------------------------------------------

    async getPriceTable(variantId: number): Promise<PriceTable> {
      const variant = await variantDetail(variantId);
      const [tiers, itemRows] = await Promise.all([
        queries.selectTiers(db, variantId),
        queries.selectPricedItems(db, variantId),
      ]);
      return {
        variant,
        tiers: tiers.map((tier) => ({
          id: tier.id,
          tier_type: tier.tierType,
          range_start: tier.rangeStart,
          range_end: tier.rangeEnd,
          no_end_range: tier.noEndRange,
        })),
        items: itemRows.map((item) => {
          const prices = new Map(item.prices ?? []);
          return {
            id: item.id,
            sku: item.sku,
            title: item.title,
            status: item.status,
            prices: tiers.map((tier) => prices.get(tier.id) ?? null),
          };
        }),
      };
    },

    /**
     * Replaces a variant's whole price table in one transaction: its tiers (kept by id, added, removed, each
     * ending where the next of its type starts) and every item's price in each. Every cell is checked
     * first, with errors addressed to it (`items.2.prices.1`); a bad one changes nothing.
     */
    async replacePriceTable(actor: Actor, variantId: number, body: PriceTableUpdate): Promise<PriceTable> {
      await db.transaction(async (tx) => {
        const variant = await queries.selectVariant(tx, variantId, true);
        if (!variant) throw new NotFound();
        const [existingTiers, existingItems] = await Promise.all([
          queries.selectTiers(tx, variantId),
          queries.selectPricedItems(tx, variantId),
        ]);
        const errors: FieldErrors = {};

        const known = new Set(existingTiers.map((tier) => tier.id));
        const kept = new Set<number>();
        const lastStart: Partial<Record<'pack' | 'pallet', number>> = {};
        body.tiers.forEach((tier, index) => {
          const at = `tiers.${index}`;
          if (tier.id !== undefined) {
            if (!known.has(tier.id)) addError(errors, `${at}.id`, M.unknownTier);
            else if (kept.has(tier.id)) addError(errors, `${at}.id`, M.duplicateTier);
            kept.add(tier.id);
          }
          if (tier.tier_type === 'pallet' && variant.variant.unitsPerPallet === null) {
            addError(errors, `${at}.tier_type`, M.palletTierNeedsUnits);
          }
          const previous = lastStart[tier.tier_type];
          if (previous === undefined) {
            if (tier.tier_type === 'pack' && tier.range_start !== 1)
              addError(errors, `${at}.range_start`, M.firstPackTier);
          } else if (tier.range_start <= previous) {
            addError(errors, `${at}.range_start`, M.tierOrder);
          }
          lastStart[tier.tier_type] = tier.range_start;
        });
        if (lastStart.pack === undefined) addError(errors, 'tiers', M.needPackTier);

        const variantItems = new Set(existingItems.map((item) => item.id));
        const listed = new Set<number>();
        body.items.forEach((item, index) => {
          const at = `items.${index}`;
          if (!variantItems.has(item.id)) addError(errors, `${at}.id`, M.unknownItem);
          else if (listed.has(item.id)) addError(errors, `${at}.id`, 'This item appears twice.');
          listed.add(item.id);
          if (item.prices.length !== body.tiers.length) addError(errors, `${at}.prices`, M.priceCount);
        });
        if ([...variantItems].some((id) => !listed.has(id)))
          addError(errors, 'non_field_errors', M.tableOutOfDate);
        throwIfAny(errors);

        const ranged = withRangeEnds(body.tiers);
        const toWrite = (tier: (typeof ranged)[number]) => ({
          tierType: tier.tier_type,
          rangeStart: tier.range_start,
          rangeEnd: tier.range_end,
          noEndRange: tier.no_end_range,
        });
        await queries.updateTiers(
          tx,
          ranged.filter((tier) => tier.id !== undefined).map((tier) => ({ id: tier.id!, ...toWrite(tier) })),
        );
        const newIds = await queries.insertTiers(
          tx,
          variantId,
          ranged.filter((tier) => tier.id === undefined).map(toWrite),
        );
        let next = 0;
        const tierIds = ranged.map((tier) => tier.id ?? newIds[next++]!);
        const firstPack = tierIds[ranged.findIndex((tier) => tier.tier_type === 'pack')]!;
        const removed = existingTiers.filter((tier) => !kept.has(tier.id)).map((tier) => tier.id);
        await queries.deleteTiers(tx, removed, firstPack);
        await queries.upsertPrices(
          tx,
          body.items.flatMap((item) =>
            item.prices.map((pence, index) => ({ tierId: tierIds[index]!, itemId: item.id, pence })),
          ),
        );

        const skus = new Map(existingItems.map((item) => [item.id, item.sku]));
        const tierLabel = (tier: { tier_type: string; range_start: number }) =>
          `${tier.tier_type}:${tier.range_start}`;
        const beforePrices = Object.fromEntries(
          existingItems.map((item) => {
            const prices = new Map(item.prices ?? []);
            return [item.sku, existingTiers.map((tier) => prices.get(tier.id) ?? null)];
          }),
        );
        await audit(tx, actor, {
          action: 'price_table.replace',
          entityType: 'variant',
          entityId: variantId,
          before: {
            tiers: existingTiers.map((tier) =>
              tierLabel({ tier_type: tier.tierType, range_start: tier.rangeStart }),
            ),
            prices: beforePrices,
          },
          after: {
            tiers: body.tiers.map(tierLabel),
            prices: Object.fromEntries(body.items.map((item) => [skus.get(item.id), item.prices])),
          },
        });
      });
      return this.getPriceTable(variantId);
    },
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
