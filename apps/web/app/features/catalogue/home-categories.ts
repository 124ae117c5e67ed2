import type { Category } from '@shop/domain';

/** The five categories the home page shows (spec 1, "Home"), in the catalogue's order. */
export const HOME_CATEGORY_SLUGS = ['wraps', 'bags', 'food-packaging', 'tapes', 'labels'] as const;

export function selectHomeCategories(categories: readonly Category[]): Category[] {
  const wanted = new Set<string>(HOME_CATEGORY_SLUGS);
  return categories.filter((category) => wanted.has(category.slug)).slice(0, HOME_CATEGORY_SLUGS.length);
}
