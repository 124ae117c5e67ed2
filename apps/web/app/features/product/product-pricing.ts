import {
  type ExclusivePrice,
  type LineTotals,
  lineTotals,
  type PackUnit,
  priceBasis,
  type PricingTier,
  type ProductPage,
  type ProductPageItem,
  type ProductPageVariant,
  sumTotals,
  tierForQuantity,
  type Totals,
  weightToKg,
  withVat,
} from '@shop/domain';

/** Units chosen per item id; an item that is missing has 0. */
export type UnitsByItem = Readonly<Record<number, number>>;

/** What the page knows about the logged-in customer (nothing for visitors). */
export interface CustomerPricing {
  /** Exclusive prices by item id. */
  exclusive: ReadonlyMap<number, ExclusivePrice>;
  /** The weight already in the customer's cart, kg (0 for visitors and while unknown). */
  cartWeightKg: number;
}

export const NO_CUSTOMER: CustomerPricing = { exclusive: new Map(), cartWeightKg: 0 };

/** The weight of one pack in kg (item weights are per pack). */
export function packWeightKg(item: ProductPageItem): number {
  return weightToKg(item.weight, item.weight_unit);
}

/** The item's list price per pack in a tier, pence; null when the item has no price there. */
export function listPrice(item: ProductPageItem, tierId: number): number | null {
  return item.prices.find((price) => price.pricing_tier === tierId)?.price_pence ?? null;
}

/** A tier column's header: '1-9 packs', '10+ packs', '1+ pallets', '5 packs'. */
export function tierLabel(tier: PricingTier): string {
  const noun = tier.tier_type === 'pallet' ? 'pallet' : 'pack';
  if (tier.no_end_range || tier.range_end === null) return `${tier.range_start}+ ${noun}s`;
  if (tier.range_end === tier.range_start) {
    return `${tier.range_start} ${tier.range_start === 1 ? noun : `${noun}s`}`;
  }
  return `${tier.range_start}-${tier.range_end} ${noun}s`;
}

/** Tier columns in table order: pack tiers by start, then pallet tiers by start. */
export function tierColumns(variant: ProductPageVariant): PricingTier[] {
  const order = (tier: PricingTier) => (tier.tier_type === 'pack' ? 0 : 1);
  return [...variant.pricing_tiers].sort((a, b) => order(a) - order(b) || a.range_start - b.range_start);
}

/** How one selected item is priced. */
export interface ItemPricing {
  item: ProductPageItem;
  variant: ProductPageVariant;
  units: number;
  packs: number;
  /** The tier the quantity falls in and the unit type the cart records; null when the variant has no tiers. */
  tier: PricingTier | null;
  unitType: PackUnit;
  /** The tier's list price per pack, pence; null when the item has no price in that tier. */
  pricePerPackPence: number | null;
  exclusive: ExclusivePrice | null;
  /** The line's totals; null when it cannot be priced. */
  line: LineTotals | null;
}

export interface PagePricing {
  /** The price basis of each variant, by variant id. */
  basis: ReadonlyMap<number, PackUnit>;
  /** Every item of the page with a quantity above 0, in page order. */
  selected: ItemPricing[];
  /** The pricing of an item by id, for every item (selected or not). */
  byItem: ReadonlyMap<number, ItemPricing>;
  /** Weight of the whole page's selection, kg. */
  selectionWeightKg: number;
  totals: Totals;
}

/**
 * Prices the page's selection (spec 2, §4): the selection's weight over all variants, then each variant's
 * price basis from it and the cart's weight, then each item's tier, price and line totals. The Box/Pallet
 * toggle is no input: it changes how quantities are shown, and the page shows what the cart will charge.
 * All the rules are the domain's; this only feeds them.
 */
export function pricePage(page: ProductPage, units: UnitsByItem, customer: CustomerPricing): PagePricing {
  let selectionWeightKg = 0;
  for (const variant of page.variants) {
    for (const item of variant.items) {
      const packs = Math.floor((units[item.id] ?? 0) / item.units_per_pack);
      selectionWeightKg += packs * packWeightKg(item);
    }
  }

  const basis = new Map<number, PackUnit>();
  const byItem = new Map<number, ItemPricing>();
  const selected: ItemPricing[] = [];
  for (const variant of page.variants) {
    const variantBasis = priceBasis(variant, customer.cartWeightKg, selectionWeightKg);
    basis.set(variant.id, variantBasis);
    for (const item of variant.items) {
      const itemUnits = units[item.id] ?? 0;
      const packs = Math.floor(itemUnits / item.units_per_pack);
      const found = tierForQuantity(
        variant.pricing_tiers,
        variantBasis,
        packs,
        item.units_per_pack,
        variant.units_per_pallet,
      );
      const pricePerPackPence = found ? listPrice(item, found.tier.id) : null;
      const exclusive = customer.exclusive.get(item.id) ?? null;
      const line =
        pricePerPackPence === null
          ? null
          : lineTotals({
              packs,
              units_per_pack: item.units_per_pack,
              price_per_pack_pence: pricePerPackPence,
              discount_percentage: exclusive?.discount_percentage ?? 0,
              pack_weight_kg: packWeightKg(item),
            });
      const pricing: ItemPricing = {
        item,
        variant,
        units: itemUnits,
        packs,
        tier: found?.tier ?? null,
        unitType: found?.unitType ?? 'pack',
        pricePerPackPence,
        exclusive,
        line,
      };
      byItem.set(item.id, pricing);
      if (packs > 0) selected.push(pricing);
    }
  }

  const lines = selected.flatMap((pricing) => (pricing.line ? [pricing.line] : []));
  return { basis, selected, byItem, selectionWeightKg, totals: sumTotals(lines) };
}

/** A net amount as the chosen display shows it: as is, or with VAT added (rounded once). */
export function shownPence(pence: number, display: 'ex' | 'inc'): number {
  return display === 'inc' ? withVat(pence) : pence;
}
