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
import { countOfPage, pageWindow } from '../../http/pagination';
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
  const sizeSearches = queries.prepareSizeSearches(db);
  const variantItems = queries.prepareVariantItems(db);

  return {
    /** Validates the spec's size-search parameters; a bad one is a 400 with the spec's message. */
    parseSizeSearch(params: Record<string, unknown>): SizeSearch {
      const parsed = parseSizeSearch(params);
      if (!parsed.ok) throw new BadRequest(parsed.message);
      return parsed.value;
    },

    /** The size search: one statement (two for an empty page past the end). */
    async searchBySize(
      search: SizeSearch,
      page: PageRequest,
    ): Promise<{ count: number; results: SizeSearchItem[] }> {
      const input = {
        categorySlug: search.category,
        searchedMm: searchedMillimetres(search),
        mode: search.mode,
      };
      const window = pageWindow(page);
      const rows = await sizeSearches.page(input, window);
      const count = await countOfPage(rows, window, () => sizeSearches.count(input));
      const results = rows.map((row): SizeSearchItem => {
        // An item without its own picture shows its product's.
        const images = row.images ?? (row.productImage ? [row.productImage] : []);
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
          images: images.map(([image, altText]) => ({ image, alt_text: altText })),
          product: { id: row.productId, name: row.productName, slug: row.productSlug },
          category: { name: row.category[0], slug: row.category[1] },
          distance: Math.round(row.distance * 10_000) / 10_000,
        };
      });
      return { count, results };
    },

    /** Variants' items with their images and data entries: one statement (two for a page past the end). */
    async listVariantItems(
      variantIds: number[],
      status: 'active' | 'inactive' | undefined,
      page: PageRequest,
    ): Promise<{ count: number; results: VariantItem[] }> {
      const window = pageWindow(page);
      const rows = await variantItems.page(variantIds, status, window);
      return {
        count: await countOfPage(rows, window, () => variantItems.count(variantIds, status)),
        results: rows.map((row) => {
          const { images, entries } = queries.imagesAndEntriesOf(row);
          return toVariantItem(row, images, entries);
        }),
      };
    },
  };
}

export type ItemsService = ReturnType<typeof createItemsService>;
