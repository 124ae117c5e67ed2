import type { PricingTier } from '@shop/domain';

/** A tier as the quick order shows it: '10–49 packs', '50+ packs', '1 pallet', '1+ pallets'. */
export function tierLabel(tier: PricingTier): string {
  const noun = tier.tier_type === 'pallet' ? 'pallet' : 'pack';
  if (tier.no_end_range || tier.range_end === null) return `${tier.range_start}+ ${noun}s`;
  if (tier.range_end === tier.range_start) {
    return `${tier.range_start} ${tier.range_start === 1 ? noun : `${noun}s`}`;
  }
  return `${tier.range_start}–${tier.range_end} ${noun}s`;
}
