import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SHOP_SETTINGS } from '../../db/seed/shop-settings';
import type { DocumentKind } from '@shop/domain';

/**
 * The next number of each kind, as a statement to put in a CTE (`kind`, `last_number`). The counter's row stays
 * locked until the transaction ends, so numbers are given in commit order, and a transaction that rolls back
 * gives its number back: one sequence with no gaps (HMRC: invoice numbers in one unbroken series). A
 * PostgreSQL sequence would not do: it never gives a number back. The upsert makes a missing counter start at 1.
 */
export function nextDocumentNumbers(kinds: readonly DocumentKind[]): SQL {
  const rows = sql.join(
    kinds.map((kind) => sql`(${kind}::document_kind, 1)`),
    sql`, `,
  );
  return sql`insert into document_sequences (kind, last_number) values ${rows}
    on conflict (kind) do update set last_number = document_sequences.last_number + 1
    returning kind, last_number`;
}

/**
 * The seller's details as a document printed now would show them: the back office's invoice settings, or the
 * shop's defaults when none are stored. A document keeps this copy, so later changes never alter it.
 */
export function sellerNow(): SQL {
  return sql`coalesce((select value from shop_settings where key = 'invoice'),
    ${JSON.stringify(DEFAULT_SHOP_SETTINGS.invoice)}::jsonb)`;
}
