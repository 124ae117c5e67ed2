import type { PackUnit } from './tiers';

/**
 * Tiers as the price grid lists them (each type's tiers by rising start) with their ends filled in: a tier
 * ends one below the next tier of its type, and the last of each type is open-ended.
 */
export function withRangeEnds<T extends { tier_type: PackUnit; range_start: number }>(
  tiers: readonly T[],
): (T & { range_end: number | null; no_end_range: boolean })[] {
  return tiers.map((tier, index) => {
    const next = tiers.slice(index + 1).find((other) => other.tier_type === tier.tier_type);
    return {
      ...tier,
      range_end: next ? next.range_start - 1 : null,
      no_end_range: next === undefined,
    };
  });
}
