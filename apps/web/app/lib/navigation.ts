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

/** The shop's category navigation (spec 1, §2 Layout); the side menu and the footer both read it. */
export const CATEGORY_GROUPS: readonly CategoryGroup[] = [
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
  for (const g of CATEGORY_GROUPS) {
    const item = g.items.find((i) => i.href === href);
    if (item) return item.label;
  }
  return undefined;
}
