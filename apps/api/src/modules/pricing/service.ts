import {
  appliedExclusivePrice,
  penceToDecimal,
  type ExclusivePrice,
  type PageRequest,
  type PricingTier,
  type PricingTierData,
  type ProductVariant,
  type TableField,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { countOfPage, pageWindow } from '../../http/pagination';
import * as queries from './queries';

// The pricing module's calls for other modules: the prices' SQL parts, which their statements join.
export {
  appliedDiscount,
  appliedPriceId,
  basisCanMove,
  companyPriceInForce,
  companyPriceOn,
  exclusivePriceInForce,
  tierPricesOf,
  tierPricesRows,
  unlessQuoted,
} from './queries';

type Paged<T> = { count: number; results: T[] };

/** A tier with the price of one pack of each item in it (GET ecommerce/pricing-tiers/). */
export interface PricingTierWithPrices extends PricingTier {
  pricing_data: { item: number; price: string; price_pence: number }[];
}

export function toTableField(row: queries.TableFieldRow): TableField {
  return { id: row.id, name: row.name, field_type: row.fieldType, long_field: row.longField };
}

export function toTier(row: queries.TierRow): PricingTier {
  return {
    id: row.id,
    tier_type: row.tierType,
    range_start: row.rangeStart,
    range_end: row.rangeEnd,
    no_end_range: row.noEndRange,
  };
}

/** A variant with its table fields and tiers, each list already in its order. */
export function toVariant(
  row: queries.VariantRow,
  fields: readonly queries.TableFieldRow[],
  tiers: readonly queries.TierRow[],
): ProductVariant {
  return {
    id: row.id,
    name: row.name,
    units_per_pallet: row.unitsPerPallet,
    show_units_per: row.showUnitsPer,
    tableFields: fields.map(toTableField),
    pricing_tiers: tiers.map(toTier),
  };
}

function toTierData(row: queries.PriceRow): PricingTierData {
  return {
    id: row.id,
    pricing_tier: row.tierId,
    item: row.itemId,
    price: penceToDecimal(row.pricePence),
    price_pence: row.pricePence,
  };
}

export function createPricingService(db: Db) {
  const reads = queries.preparePricingReads(db);

  return {
    /** A product's variants with their table fields and tiers: one statement (two for a page past the end). */
    async listProductVariants(productId: number, page: PageRequest): Promise<Paged<ProductVariant>> {
      const window = pageWindow(page);
      const rows = await reads.variantsOfProduct(productId, window);
      return {
        count: await countOfPage(rows, window, () => reads.countVariantsOfProduct(productId)),
        results: rows.map((row) => ({
          id: row.id,
          name: row.name,
          units_per_pallet: row.unitsPerPallet,
          show_units_per: row.showUnitsPer,
          tableFields: (row.fields ?? []).map(([id, name, fieldType, longField]) => ({
            id,
            name,
            field_type: fieldType,
            long_field: longField,
          })),
          pricing_tiers: (row.tiers ?? []).map(([id, tierType, rangeStart, rangeEnd, noEndRange]) => ({
            id,
            tier_type: tierType,
            range_start: rangeStart,
            range_end: rangeEnd,
            no_end_range: noEndRange,
          })),
        })),
      };
    },

    async listTableFields(variantId: number, page: PageRequest): Promise<Paged<TableField>> {
      const [total, rows] = await Promise.all([
        queries.countTableFields(db, variantId),
        queries.selectTableFields(db, [variantId], pageWindow(page)),
      ]);
      return { count: total, results: rows.map(toTableField) };
    },

    /** Prices of one pack of some items in each of their tiers: one statement (two past the end). */
    async listTierData(itemIds: number[], page: PageRequest): Promise<Paged<PricingTierData>> {
      const window = pageWindow(page);
      const rows = await reads.pricesOfItems(itemIds, window);
      return {
        count: await countOfPage(rows, window, () => reads.countPricesOfItems(itemIds)),
        results: rows.map(toTierData),
      };
    },

    /** Variants' tiers, each with its prices per item: one statement (two for a page past the end). */
    async listTiersWithPrices(
      variantIds: number[],
      page: PageRequest,
    ): Promise<Paged<PricingTierWithPrices>> {
      const window = pageWindow(page);
      const rows = await reads.tiersWithPrices(variantIds, window);
      return {
        count: await countOfPage(rows, window, () => reads.countTiers(variantIds)),
        results: rows.map((row) => ({
          ...toTier(row),
          pricing_data: (row.prices ?? []).map(([item, pricePence]) => ({
            item,
            price: penceToDecimal(pricePence),
            price_pence: pricePence,
          })),
        })),
      };
    },

    /**
     * The caller's exclusive prices, of some items or all: per item the one that applies, their own or their
     * approved company's, whichever gives the greater discount (`appliedExclusivePrice`); its `id` is that
     * price's, which the cart takes back as `user_exclusive_price`.
     */
    async listExclusivePrices(
      userId: number,
      itemIds: number[] | undefined,
      page: PageRequest,
    ): Promise<Paged<ExclusivePrice>> {
      const [total, rows] = await Promise.all([
        queries.countExclusivePrices(db, userId, itemIds),
        queries.selectExclusivePrices(db, userId, itemIds, pageWindow(page)),
      ]);
      return {
        count: total,
        results: rows.map((row) => {
          const applied = appliedExclusivePrice(row.personal, row.company)!;
          return { id: applied.id, item: row.itemId, discount_percentage: applied.discount_percentage };
        }),
      };
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
