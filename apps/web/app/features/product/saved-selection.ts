import type { PackUnit } from '@shop/domain';

/**
 * The selection a visitor made before Add to Cart sent them to log in or sign up, kept in the tab's
 * sessionStorage under the product's id, so the product page puts it back when they return. It holds only what
 * the visitor chose (units per item, the Box/Pallet view per variant, the item changed last); the page
 * commits each quantity again through the domain's rules, and prices come from the page as always.
 */
export interface SavedSelection {
  units: Readonly<Record<number, number>>;
  shownPer: Readonly<Record<number, PackUnit>>;
  lastChanged: number | null;
}

const key = (productId: number) => `product-selection:${productId}`;

/** Keeps the selection for the product; storage that is full or refused keeps nothing, silently. */
export function saveSelection(productId: number, selection: SavedSelection): void {
  try {
    window.sessionStorage.setItem(key(productId), JSON.stringify(selection));
  } catch {
    // Private modes and full storage refuse: the shopper chooses again, as before.
  }
}

const isId = (value: string) => /^\d{1,10}$/.test(value);

/** Reads what was kept for the product, once (it is removed), keeping only well-formed entries. */
export function takeSavedSelection(productId: number): SavedSelection | null {
  let text: string | null;
  try {
    text = window.sessionStorage.getItem(key(productId));
    window.sessionStorage.removeItem(key(productId));
  } catch {
    return null;
  }
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { units, shownPer, lastChanged } = raw as Record<string, unknown>;
  const saved: {
    units: Record<number, number>;
    shownPer: Record<number, PackUnit>;
    lastChanged: number | null;
  } = { units: {}, shownPer: {}, lastChanged: typeof lastChanged === 'number' ? lastChanged : null };
  if (typeof units === 'object' && units !== null) {
    for (const [id, value] of Object.entries(units)) {
      if (isId(id) && typeof value === 'number' && Number.isSafeInteger(value) && value > 0) {
        saved.units[Number(id)] = value;
      }
    }
  }
  if (typeof shownPer === 'object' && shownPer !== null) {
    for (const [id, value] of Object.entries(shownPer)) {
      if (isId(id) && (value === 'pack' || value === 'pallet')) saved.shownPer[Number(id)] = value;
    }
  }
  return Object.keys(saved.units).length > 0 ? saved : null;
}
