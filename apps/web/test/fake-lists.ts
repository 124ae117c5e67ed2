// Saved lists as the API answers them, for the lists' pages and the Add to list control.
import type { ReorderResult, SavedListLine, SavedListSummary, SavedListView } from '@shop/domain';
import { makeCart } from './fake-cart';

export function listSummary(overrides: Partial<SavedListSummary> = {}): SavedListSummary {
  return {
    id: 7,
    name: 'Warehouse monthly',
    shared: false,
    can_edit: true,
    owner_name: 'Ann Smith',
    line_count: 2,
    updated_at: '2026-03-02T10:00:00Z',
    ...overrides,
  };
}

export function listLine(
  overrides: Partial<SavedListLine> & { sku?: string; itemId?: number } = {},
): SavedListLine {
  const { sku = 'TD-PRO-75', itemId = 11, ...rest } = overrides;
  return {
    id: itemId * 10,
    item: {
      id: itemId,
      title: `Item ${sku}`,
      sku,
      units_per_pack: 1,
      stock: 100,
      track_inventory: true,
      product_slug: 'tape-guns',
      category_slug: 'tapes',
      status: 'active',
    },
    packs: 2,
    saved_price_per_pack: '15.95',
    updated_at: '2026-03-02T10:00:00Z',
    ...rest,
  };
}

export function listView(overrides: Partial<SavedListView> = {}): SavedListView {
  const lines = overrides.lines ?? [
    listLine(),
    listLine({ sku: 'BW-S-300-100', itemId: 12, packs: 1, saved_price_per_pack: '8.95' }),
  ];
  return { ...listSummary({ line_count: lines.length }), lines, ...overrides };
}

/** The answer of an add-to-cart: the cart, and each line's outcome. */
export function addedToCart(lines: ReorderResult['lines']): ReorderResult {
  return { cart: makeCart(), lines };
}
