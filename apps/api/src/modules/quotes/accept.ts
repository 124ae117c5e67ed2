import { QUOTE_MESSAGES, quoteRefusal, type QuoteStatus } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { BadRequest, NotFound } from '../../http/errors';

/** A quote as its acceptance reads it, locked: its latest version's prices and expiry, and its cart if any. */
interface LockedQuote {
  status: QuoteStatus;
  version: number;
  expires_on: string | null;
  prices: { id: number; price_per_pack_pence: number }[] | null;
  delivery_pence: number | null;
  cart_id: number | null;
}

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
    const [quote] = rowsOf<LockedQuote>(
      await tx.execute(sql`
        select q.status, q.version, v.expires_on::text as expires_on, v.lines as prices, v.delivery_pence,
          (select c.id from carts c where c.quote_id = q.id) as cart_id
        from quotes q
        left join quote_versions v on v.quote_id = q.id and v.version = q.version
        where q.id = ${quoteId} and q.user_id = ${userId}
        for update of q`),
    );
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
      const [cart] = rowsOf<{ id: number }>(
        await tx.execute(sql`select id from carts where quote_id = ${quoteId}`),
      );
      if (cart) return { cartId: cart.id };
    }

    // The cart, its lines and the quote's new state in one statement. Each line takes a tier of its item
    // (the column is required; the quoted price, not the tier, prices it), preferring its own unit type.
    const [made] = rowsOf<{ cart_id: number; lines: number; quoted: number }>(
      await tx.execute(sql`
        with cart as (
          insert into carts (user_id, quote_id, quoted_delivery_pence)
          values (${userId}, ${quoteId}, ${quote.delivery_pence ?? 0})
          returning id
        ),
        lines as (
          insert into cart_items (cart_id, item_id, pricing_tier_id, pack_quantity, unit_type, quoted_price_pence)
          select cart.id, line.item_id, tier.id, line.packs, line.unit_type, price.price_per_pack_pence
          from cart, quote_lines line
          join jsonb_to_recordset(${JSON.stringify(quote.prices ?? [])}::jsonb)
            as price(id int, price_per_pack_pence int) on price.id = line.id
          join items item on item.id = line.item_id and item.status = 'active'
          cross join lateral (
            select t.id from pricing_tiers t where t.product_variant_id = item.product_variant_id
            order by (t.tier_type = line.unit_type) desc, t.range_start limit 1
          ) tier
          where line.quote_id = ${quoteId}
          returning 1
        ),
        accepted as (
          update quotes set status = 'accepted', accepted_version = version, accepted_at = now(),
            updated_at = now()
          where id = ${quoteId}
        )
        select (select id from cart) as cart_id, (select count(*)::int from lines) as lines,
          (select count(*)::int from quote_lines where quote_id = ${quoteId}) as quoted`),
    );
    // A line whose item was deleted, retired or left without tiers cannot be ordered at its quoted price.
    if (!made || made.lines !== made.quoted) throw new NotAllSold();
    return { cartId: made.cart_id };
  });
}
