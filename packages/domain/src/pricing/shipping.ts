import type { ShippingSettingsInput } from '../administration/shop-settings';
import { formatGbp } from './money';

/**
 * Delivery charges (DESIGN §4.8), computed by the server from the cart's weight and its net goods value.
 * The rates live in the shop settings, which the back office edits through ShippingSettingsSchema (so the
 * schema defines them); money in pence, weights in kg.
 */
export type ShippingRates = ShippingSettingsInput;

export type ParcelType = 'none' | 'parcel' | 'pallet';

export interface ShippingQuote {
  parcel_type: ParcelType;
  parcels_needed: number;
  shipping_pence: number;
  /** True when parcels travel free because the goods are above the threshold. */
  free: boolean;
  explanation: string;
}

export interface ShippingInput {
  /** Number of cart lines; an empty cart ships nothing. */
  lines: number;
  /** Cart weight, kg. */
  weight_kg: number;
  /** Goods after exclusive discounts, before shipping and VAT, pence. */
  goods_pence: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Whole grams, so sums of floating-point weights never tip a parcel count over a boundary. */
const grams = (kg: number) => Math.round(kg * 1000);

/**
 * Parcels of at most `parcel_max_weight_kg` (at least one for a non-empty cart), free above the net
 * threshold; from `pallet_from_weight_kg` on, pallets of at most `pallet_max_weight_kg`, always charged
 * (a pallet load is far above any parcel threshold, so a free pallet would make the pallet rate moot).
 */
export function shippingQuote(input: ShippingInput, rates: ShippingRates): ShippingQuote {
  if (input.lines <= 0) {
    return { parcel_type: 'none', parcels_needed: 0, shipping_pence: 0, free: false, explanation: '' };
  }
  const weight = grams(Math.max(0, input.weight_kg));
  if (weight >= grams(rates.pallet_from_weight_kg)) {
    const pallets = Math.max(1, Math.ceil(weight / grams(rates.pallet_max_weight_kg)));
    return {
      parcel_type: 'pallet',
      parcels_needed: pallets,
      shipping_pence: pallets * rates.pallet_rate_pence,
      free: false,
      explanation:
        `Orders of ${rates.pallet_from_weight_kg} kg or more travel by pallet: ` +
        `${plural(pallets, 'pallet')} of up to ${rates.pallet_max_weight_kg} kg at ` +
        `${formatGbp(rates.pallet_rate_pence)} each.`,
    };
  }
  const parcels = Math.max(1, Math.ceil(weight / grams(rates.parcel_max_weight_kg)));
  const threshold = formatGbp(rates.free_over_net_pence);
  const packed = `${plural(parcels, 'parcel')} of up to ${rates.parcel_max_weight_kg} kg`;
  if (input.goods_pence > rates.free_over_net_pence) {
    return {
      parcel_type: 'parcel',
      parcels_needed: parcels,
      shipping_pence: 0,
      free: true,
      explanation: `Free delivery on parcel orders over ${threshold} before VAT: ${packed}.`,
    };
  }
  return {
    parcel_type: 'parcel',
    parcels_needed: parcels,
    shipping_pence: parcels * rates.parcel_rate_pence,
    free: false,
    explanation:
      `${packed} at ${formatGbp(rates.parcel_rate_pence)} each. ` +
      `Delivery is free on parcel orders over ${threshold} before VAT.`,
  };
}

/** How the cart and checkout summaries show shipping (spec 2, §2): FREE, or the charge with the parcels or pallets. */
export function shippingLabel(shippingPence: number, count: number, type: string): string {
  if (shippingPence === 0) return 'FREE';
  return `${formatGbp(shippingPence)} (${count} ${type}${count === 1 ? '' : 's'})`;
}
