import { QUOTE_MESSAGES, quoteRefusal } from '@shop/domain';
import type { Db } from '../../db/client';
import { BadRequest, NotFound } from '../../http/errors';
import * as queries from './queries';

/** Thrown inside the transaction to undo a cart made for a quote whose items are no longer all sold. */
class NotAllSold extends BadRequest {
  constructor() {
    super(QUOTE_MESSAGES.itemsGone);
  }
}

/**
 * POST quotes/{id}/accept/: the buyer accepts the latest version of a sent quote, and it gets a cart of its
 * own (carts.quote_id) holding its lines at the quoted prices (cart_items.quoted_price_pence) and its
 * delivery at the quoted price (carts.quoted_delivery_pence), which checkout charges, by card or on account,
 * checking stock and credit as for any cart. The buyer's own cart is left as it is.
 *
 * The quote's row is locked first, so two tabs accepting at once run one after the other: the second finds
 * it accepted and is answered the same cart, and one cart makes at most one order (an order empties it and
 * marks the quote ordered in the order's own statement). `version` is the version the buyer saw: an older
 * one is refused as superseded, as are a quote not sent, expired (after its last UK day), withdrawn or
 * ordered, each with its reason.
 */
export async function acceptQuote(
  db: Db,
  userId: number,
  quoteId: number,
  version: number | undefined,
  now: Date = new Date(),
): Promise<{ cartId: number }> {
  return db.transaction(async (tx) => {
    const quote = await queries.lockQuoteToAccept(tx, quoteId, userId);
    if (!quote) throw new NotFound();
    const refusal = quoteRefusal(
      { status: quote.status, version: quote.version, expiresOn: quote.expires_on },
      now,
      version,
    );
    if (refusal) throw new BadRequest(refusal);
    if (quote.status === 'accepted') {
      // A tab that waited for the lock sees the quote as accepted, but its statement's snapshot was taken
      // before the other tab's cart was committed: read the cart again, in a statement of its own.
      if (quote.cart_id !== null) return { cartId: quote.cart_id };
      const cartId = await queries.cartOfQuote(tx, quoteId);
      if (cartId !== null) return { cartId };
    }

    const made = await queries.makeQuoteCart(
      tx,
      userId,
      quoteId,
      quote.prices ?? [],
      quote.delivery_pence ?? 0,
    );
    // A line whose item was deleted, retired or left without tiers cannot be ordered at its quoted price.
    if (!made || made.lines !== made.quoted) throw new NotAllSold();
    return { cartId: made.cart_id };
  });
}
