import type { Category } from '@shop/domain';

/** The five categories spec 1 puts first on the home page ("Home"), in its order. */
export const HOME_CATEGORY_SLUGS = ['wraps', 'bags', 'food-packaging', 'tapes', 'labels'] as const;

/**
 * The home page's category cards: spec 1's five first, in its order, then every other category in the
 * catalogue's order (Boxes, Postal, and whatever the back office adds), so no range is left off the home page.
 */
export function selectHomeCategories(categories: readonly Category[]): Category[] {
  const bySlug = new Map(categories.map((category) => [category.slug, category]));
  const first = HOME_CATEGORY_SLUGS.flatMap((slug) => bySlug.get(slug) ?? []);
  const named = new Set<string>(HOME_CATEGORY_SLUGS);
  return [...first, ...categories.filter((category) => !named.has(category.slug))];
}
