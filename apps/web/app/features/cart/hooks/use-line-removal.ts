import { CART_MESSAGES, type CartItemView } from '@shop/domain';
import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { showToast } from '~/components/ui/toasts';
import { ApiError } from '~/lib/api-client';
import { deleteCartItem, restoreCartLine } from '../api';
import { changeFailure } from '../line-change';

/** What the cart says after a removal or an undo; the line is kept so that Undo can put it back. */
export type RemovalNotice =
  { state: 'removed'; line: CartItemView; message: string } | { state: 'restored'; message: string };

const boxes = (packs: number) => `${packs} ${packs === 1 ? 'box' : 'boxes'}`;

export interface LineRemoval {
  notice: RemovalNotice | null;
  /** The line being removed or put back, if any: its controls wait. */
  busy: boolean;
  /** DELETE the line, then read the cart again; the notice offers Undo. */
  remove: (line: CartItemView) => Promise<void>;
  /** POST the removed line back with the same boxes, then read the cart again. */
  undo: () => Promise<void>;
}

/**
 * A line's Remove, in one tap whatever its boxes, and its Undo: the removed line is kept here (not in the
 * server's cart) until the next removal, so Undo sends the same item, boxes, tier and exclusive price back
 * through the API, which checks stock and prices them again. The notice is said politely (role=status).
 */
export function useLineRemoval(cartId: number): LineRemoval {
  const { revalidate } = useRevalidator();
  const [notice, setNotice] = useState<RemovalNotice | null>(null);
  const [busy, setBusy] = useState(false);
  // Taps arrive faster than renders; this is the truth about a write in flight.
  const inFlight = useRef(false);

  const run = async (write: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await write();
      await revalidate();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const remove = (line: CartItemView) =>
    run(async () => {
      try {
        await deleteCartItem(line.id);
      } catch (error) {
        const failure = changeFailure(error, line, 0);
        showToast('message' in failure ? failure.message : failure.warning, 'error');
        return;
      }
      setNotice({
        state: 'removed',
        line,
        message: `Removed ${line.item.title} (${boxes(line.pack_quantity)}) from your cart.`,
      });
    });

  const undo = () =>
    run(async () => {
      if (notice?.state !== 'removed') return;
      const { line } = notice;
      try {
        await restoreCartLine(cartId, line);
      } catch (error) {
        const said = error instanceof ApiError && !error.generic && error.message;
        showToast(said || CART_MESSAGES.addFailed, 'error');
        return;
      }
      setNotice({
        state: 'restored',
        message: `Put back ${line.item.title} (${boxes(line.pack_quantity)}).`,
      });
    });

  return { notice, busy, remove, undo };
}
