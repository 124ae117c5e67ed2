import {
  parseSizeSearch,
  searchedMillimetres,
  type PageRequest,
  type SizeSearch,
  type SizeSearchItem,
  type VariantItem,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { BadRequest } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { groupBy } from '../../lib/group-by';
import * as queries from './queries';

/** An item row with its images and data entries, as GET items/?product_variant= answers it. */
export function toVariantItem(
  row: queries.ItemRow,
  images: readonly queries.ImageRow[],
  entries: readonly queries.DataEntryRow[],
): VariantItem {
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    units_per_pack: row.unitsPerPack,
    stock: row.stock,
    track_inventory: row.trackInventory,
    weight: row.weight,
    weight_unit: row.weightUnit,
    length_in_inches: row.lengthInInches,
    width_in_inches: row.widthInInches,
    height_in_inches: row.heightInInches,
    images: images.map((image) => ({ image: image.image, alt_text: image.altText })),
    data_entries: entries.map((entry) => ({
      field: entry.field,
      value_text: entry.valueText,
      value_number: entry.valueNumber,
      value_image: entry.valueImage,
    })),
    status: row.status,
    measurement_unit: row.measurementUnit,
    width: row.width,
    height: row.height,
    length: row.length,
    product_variant: row.productVariantId,
  };
}

export function createItemsService(db: Db) {
  return {
    /** Validates the spec's size-search parameters; a bad one is a 400 with the spec's message. */
    parseSizeSearch(params: Record<string, unknown>): SizeSearch {
      const parsed = parseSizeSearch(params);
      if (!parsed.ok) throw new BadRequest(parsed.message);
      return parsed.value;
    },

    async searchBySize(
      search: SizeSearch,
      page: PageRequest,
    ): Promise<{ count: number; results: SizeSearchItem[] }> {
      const { count, rows } = await queries.searchItemsBySize(
        db,
        { categorySlug: search.category, searchedMm: searchedMillimetres(search), mode: search.mode },
        pageWindow(page),
      );
      const [itemImages, productImages] = await Promise.all([
        queries.selectItemImages(
          db,
          rows.map((row) => row.id),
        ),
        queries.selectProductImagesFor(db, [...new Set(rows.map((row) => row.productId))]),
      ]);
      const imagesOfItem = groupBy(itemImages, (image) => image.ownerId);
      const imagesOfProduct = groupBy(productImages, (image) => image.ownerId);
      const results = rows.map((row): SizeSearchItem => {
        // An item without its own picture shows its product's.
        const images = imagesOfItem.get(row.id) ?? imagesOfProduct.get(row.productId)?.slice(0, 1) ?? [];
        return {
          id: row.id,
          sku: row.sku,
          title: row.title,
          units_per_pack: row.unitsPerPack,
          measurement_unit: row.measurementUnit ?? 'MM',
          width: row.width,
          height: row.height,
          length: row.length,
          dimensions_mm: [row.dimSmallMm ?? 0, row.dimMidMm ?? 0, row.dimLargeMm ?? 0],
          images: images.map((image) => ({ image: image.image, alt_text: image.altText })),
          product: { id: row.productId, name: row.productName, slug: row.productSlug },
          category: { name: row.categoryName, slug: row.categorySlug },
          distance: Math.round(row.distance * 10_000) / 10_000,
        };
      });
      return { count, results };
    },

    /** Variants' items with their images and data entries: four queries whatever the page size. */
    async listVariantItems(
      variantIds: number[],
      status: 'active' | 'inactive' | undefined,
      page: PageRequest,
    ): Promise<{ count: number; results: VariantItem[] }> {
      const [total, rows] = await Promise.all([
        queries.countVariantItems(db, variantIds, status),
        queries.selectVariantItems(db, variantIds, status, pageWindow(page)),
      ]);
      const ids = rows.map((row) => row.id);
      const [images, entries] = await Promise.all([
        queries.selectItemImages(db, ids),
        queries.selectDataEntries(db, ids),
      ]);
      const imagesOfItem = groupBy(images, (image) => image.ownerId);
      const entriesOfItem = groupBy(entries, (entry) => entry.itemId);
      return {
        count: total,
        results: rows.map((row) =>
          toVariantItem(row, imagesOfItem.get(row.id) ?? [], entriesOfItem.get(row.id) ?? []),
        ),
      };
    },
  };
}

export type ItemsService = ReturnType<typeof createItemsService>;
