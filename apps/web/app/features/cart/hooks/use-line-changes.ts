import type { CartItemView } from '@shop/domain';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { showToast } from '~/components/ui/toasts';
import { deleteCartItem, updateCartItem } from '../api';
import { changeFailure, lineProblem, packsToSend } from '../line-change';

/** 0 packs deletes the line (spec 2, §4 Cart page). */
const writePacks = (id: number, packs: number) =>
  packs === 0 ? deleteCartItem(id) : updateCartItem(id, packs).then(() => undefined);

/** Sends a change; a stock refusal is answered once with the packs the stock allows. */
async function save(line: CartItemView, packs: number, onRetry: (packs: number) => void): Promise<void> {
  try {
    await writePacks(line.id, packs);
    return;
  } catch (error) {
    const failure = changeFailure(error, line, packs);
    if ('message' in failure) {
      showToast(failure.message, 'error');
      return;
    }
    showToast(failure.warning, 'warning');
    onRetry(failure.retryPacks);
    try {
      await writePacks(line.id, failure.retryPacks);
    } catch (again) {
      // Only one retry: stock that keeps shrinking is the server's to settle, the reload shows the result.
      const second = changeFailure(again, line, failure.retryPacks);
      if ('message' in second) showToast(second.message, 'error');
      else showToast(second.warning, 'warning');
    }
  }
}

export interface LineChanges {
  /** The count being sent for a line (shown while it is in flight); undefined when none is. */
  pendingPacks: (lineId: number) => number | undefined;
  /** Sets a line's boxes: checked, clamped to stock, sent, then the whole cart is read again. */
  changePacks: (line: CartItemView, requested: number) => Promise<void>;
}

/**
 * Changes of boxes, one line at a time per line (its controls wait while its change is in flight; other
 * lines stay usable). After each change the route's loader reads the cart again (GET carts/current/), so
 * the page shows the server's lines and totals, and the header its count.
 */
export function useLineChanges(): LineChanges {
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState<ReadonlyMap<number, number>>(() => new Map());
  // Clicks arrive faster than renders; this set is the truth about what is in flight.
  const inFlight = useRef(new Set<number>());

  const setPendingOf = (lineId: number, packs: number | undefined) =>
    setPending((current) => {
      const next = new Map(current);
      if (packs === undefined) next.delete(lineId);
      else next.set(lineId, packs);
      return next;
    });

  const changePacks = async (line: CartItemView, requested: number) => {
    const problem = lineProblem(line);
    if (problem) {
      showToast(problem, 'error');
      return;
    }
    if (inFlight.current.has(line.id)) return;
    const { packs, warning } = packsToSend(line, requested);
    if (warning) showToast(warning, 'warning');
    if (packs === line.pack_quantity) return;

    inFlight.current.add(line.id);
    setPendingOf(line.id, packs);
    try {
      await save(line, packs, (retryPacks) => setPendingOf(line.id, retryPacks));
      await revalidate();
    } finally {
      inFlight.current.delete(line.id);
      setPendingOf(line.id, undefined);
    }
  };

  return { pendingPacks: (lineId) => pending.get(lineId), changePacks };
}
