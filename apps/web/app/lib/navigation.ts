import type { MenuCategory } from '@shop/domain';
import { useRouteLoaderData } from 'react-router';

/** One entry of the side menu and the footer's category links. */
export interface NavLinkItem {
  label: string;
  href: string;
}

/** A side-menu group: its heading links to the category page, its items to product pages. */
export interface CategoryGroup {
  label: string;
  categorySlug: string;
  href: string;
  items: NavLinkItem[];
}

export function categoryHref(categorySlug: string): string {
  return `/category/${categorySlug}`;
}

export function productHref(categorySlug: string, productSlug: string): string {
  return `/details/${categorySlug}/${productSlug}`;
}

function group(
  label: string,
  categorySlug: string,
  items: [label: string, productSlug: string][],
): CategoryGroup {
  return {
    label,
    categorySlug,
    href: categoryHref(categorySlug),
    items: items.map(([itemLabel, productSlug]) => ({
      label: itemLabel,
      href: productHref(categorySlug, productSlug),
    })),
  };
}

/**
 * Spec 1's category groups (§2 Layout), in its order, with its labels. The navigation starts with them and
 * goes on with the catalogue's other categories (`categoryGroups`); they stand alone only where the
 * catalogue could not be read.
 */
export const SPEC_CATEGORY_GROUPS: readonly CategoryGroup[] = [
  group('Wraps', 'wraps', [
    ['Pallet Wraps', 'pallet-wraps'],
    ['Pallet Covers', 'pallet-covers'],
  ]),
  group('Bags', 'bags', [
    ['Mailing Bags', 'mailing-bags'],
    ['Clear Bags', 'clear-bags'],
    ['Bubble Mailers', 'bubble-mailers'],
    ['Book Mailers', 'book-mailers'],
  ]),
  group('Tapes', 'tapes', [
    ['Tapes', 'packing-tapes'],
    ['Tape Dispenser', 'tape-dispenser'],
  ]),
  group('Food Packaging', 'food-packaging', [
    ['Kraft Food Boxes', 'kraft-food-boxes'],
    ['Paper Cups', 'paper-cups'],
    ['Deli Containers', 'deli-containers'],
    ['Sandwich Wedges', 'sandwich-wedges'],
    ['Pizza Boxes', 'pizza-boxes'],
    ['Foil Containers', 'foil-containers'],
    ['Greaseproof Paper', 'greaseproof-paper'],
  ]),
  group('Labels & Rolls', 'labels', [['Thermal Labels', 'thermal-labels']]),
];

/** The menu label of a product page, if the navigation knows it. */
export function findProductLabel(categorySlug: string, productSlug: string): string | undefined {
  const href = productHref(categorySlug, productSlug);
  for (const g of SPEC_CATEGORY_GROUPS) {
    const item = g.items.find((i) => i.href === href);
    if (item) return item.label;
  }
  return undefined;
}

/**
 * The shop's category navigation, for the side menu, the footer and the category tabs: spec 1's groups
 * first, in its order and with its labels, then the catalogue's other categories in its order (a category
 * made in the back office joins at once). Each group lists the spec's items that the catalogue holds, then
 * the category's other products by name. A spec group whose category is gone is left out.
 */
export function categoryGroups(menu: readonly MenuCategory[]): CategoryGroup[] {
  const bySlug = new Map(menu.map((category) => [category.slug, category]));
  const specSlugs = new Set(SPEC_CATEGORY_GROUPS.map((g) => g.categorySlug));
  const fromSpec = SPEC_CATEGORY_GROUPS.flatMap((spec) => {
    const category = bySlug.get(spec.categorySlug);
    if (!category) return [];
    const held = new Set(category.products.map((product) => productHref(category.slug, product.slug)));
    const items = spec.items.filter((item) => held.has(item.href));
    const named = new Set(items.map((item) => item.href));
    return [{ ...spec, items: [...items, ...productLinks(category, named)] }];
  });
  const others = menu
    .filter((category) => !specSlugs.has(category.slug))
    .map((category) => ({
      label: category.name,
      categorySlug: category.slug,
      href: categoryHref(category.slug),
      items: productLinks(category, new Set()),
    }));
  return [...fromSpec, ...others];
}

function productLinks(category: MenuCategory, except: ReadonlySet<string>): NavLinkItem[] {
  return category.products
    .map((product) => ({ label: product.name, href: productHref(category.slug, product.slug) }))
    .filter((item) => !except.has(item.href));
}

/**
 * The navigation the root loader read from the catalogue for this page; spec 1's groups where there is
 * none (an error page drawn without the root's data).
 */
export function useCategoryGroups(): readonly CategoryGroup[] {
  const data = useRouteLoaderData('root') as { navigation?: CategoryGroup[] } | undefined;
  return data?.navigation ?? SPEC_CATEGORY_GROUPS;
}
