import type { CartView as Cart } from '@shop/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLineChanges } from '../hooks/use-line-changes';
import { useLineRemoval } from '../hooks/use-line-removal';
import { CartDelivery } from './cart-delivery';
import { CartLines } from './cart-lines';
import { CartSummary } from './cart-summary';
import { RemovalNotice } from './removal-notice';

/**
 * Gives focus a place when the line holding it went away (its boxes went to 0): the Boxes field of the
 * line now in its place, else the last line's, else Continue Shopping on the empty cart. A layout effect,
 * so focus moves in the same commit that removes the row, never a frame later on the page's body.
 */
function useFocusAfterRemoval(lineIds: readonly number[]) {
  const tableRef = useRef<HTMLTableElement>(null);
  const emptyLinkRef = useRef<HTMLAnchorElement>(null);
  const previousIds = useRef(lineIds);
  const key = lineIds.join(',');

  useLayoutEffect(() => {
    const before = previousIds.current;
    const ids = key ? key.split(',').map(Number) : [];
    previousIds.current = ids;
    const removedAt = before.findIndex((id) => !ids.includes(id));
    if (removedAt === -1) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    const fields = tableRef.current?.querySelectorAll<HTMLInputElement>('.cart-boxes input') ?? [];
    const target = fields[Math.min(removedAt, fields.length - 1)] ?? emptyLinkRef.current;
    target?.focus();
  }, [key]);

  return { tableRef, emptyLinkRef };
}

/** The cart's lines, editable, and its summary (spec 2, §2 Cart screen), as the server computed them. */
export function CartView({ cart: loaded }: { cart: Cart }) {
  // A change of delivery answers the cart with its new totals; a new read of the cart (after a change of
  // lines) is newer still and replaces it.
  const [changed, setChanged] = useState<{ from: Cart; cart: Cart } | null>(null);
  const cart = changed?.from === loaded ? changed.cart : loaded;
  const { pendingPacks, changePacks } = useLineChanges();
  const removal = useLineRemoval(cart.id);
  const { tableRef, emptyLinkRef } = useFocusAfterRemoval(cart.items.map((line) => line.id));
  const notice = (
    <RemovalNotice notice={removal.notice} busy={removal.busy} onUndo={() => void removal.undo()} />
  );

  if (cart.items.length === 0) {
    return (
      <>
        {notice}
        <p className="cart__empty">You have no items.</p>
        <p>
          <Link ref={emptyLinkRef} className="button button--primary" to="/">
            Continue Shopping
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      {notice}
      <div className="cart">
        <CartLines
          lines={cart.items}
          tableRef={tableRef}
          pendingPacks={pendingPacks}
          onPacks={(changed, packs) => void changePacks(changed, packs)}
          removing={removal.busy}
          onRemove={(line) => void removal.remove(line)}
        />
        <div className="cart__side">
          <CartDelivery cart={cart} onCart={(next) => setChanged({ from: loaded, cart: next })} />
          <CartSummary cart={cart} />
        </div>
      </div>
    </>
  );
}
