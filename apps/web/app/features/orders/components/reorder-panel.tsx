import type { ReorderResult } from '@shop/domain';
import { useState } from 'react';
import { ReorderOutcome } from '~/features/commerce/components/reorder-outcome';
import { failureReason } from '~/lib/api-client';
import { reorderOrder } from '../api/reorder-order';

export const REORDER_FAILED = 'Could not add this order to your cart.';

/**
 * Reorder: the order's lines go back in the cart at today's prices, and what became of each is told in a
 * status region (a new price, fewer packs for the stock, an item no longer sold), with the way to the cart.
 */
export function ReorderPanel({ orderId }: { orderId: number }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReorderResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const reorder = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      setResult(await reorderOrder(orderId));
    } catch (error) {
      const reason = failureReason(error);
      setFailure(reason ? `${REORDER_FAILED} ${reason}` : `${REORDER_FAILED} Please try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="reorder">
      <p className="reorder__intro">Put this order’s items back in your cart at today’s prices.</p>
      <button
        type="button"
        className="button button--primary"
        aria-busy={busy}
        disabled={busy}
        onClick={() => void reorder()}
      >
        {busy ? 'Adding to cart…' : 'Reorder'}
      </button>
      <ReorderOutcome result={result} />
      <p className="form__failure" role="alert">
        {failure}
      </p>
    </div>
  );
}
