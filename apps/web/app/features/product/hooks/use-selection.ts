import type { CommittedQuantity } from '@shop/domain';
import { useReducer } from 'react';
import type { UnitsByItem } from '../product-pricing';

/** The quantities chosen on the page, in units, and which of them stock capped. */
export interface Selection {
  units: UnitsByItem;
  /** Items whose last change was capped at stock (the warning shows until the next change). */
  capped: Readonly<Record<number, boolean>>;
  /** The item changed last, for the sticky bar's SKU. */
  lastChanged: number | null;
}

export type SelectionAction =
  | { type: 'set'; itemId: number; quantity: CommittedQuantity }
  | { type: 'reset'; itemIds: readonly number[] }
  | { type: 'clear' };

export const EMPTY_SELECTION: Selection = { units: {}, capped: {}, lastChanged: null };

export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'set':
      return {
        units: { ...state.units, [action.itemId]: action.quantity.units },
        capped: { ...state.capped, [action.itemId]: action.quantity.capped },
        lastChanged: action.itemId,
      };
    case 'reset': {
      const units = { ...state.units };
      const capped = { ...state.capped };
      for (const id of action.itemIds) {
        units[id] = 0;
        capped[id] = false;
      }
      return { ...state, units, capped };
    }
    case 'clear':
      return EMPTY_SELECTION;
  }
}

/** The page's selection; every quantity in it has been through the domain's quantity rules. */
export function useSelection() {
  return useReducer(selectionReducer, EMPTY_SELECTION);
}
