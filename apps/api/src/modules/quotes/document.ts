import { companyAccountNumber, quoteNumber } from '@shop/domain';
import type { Db } from '../../db/client';
import { addressLines } from '../documents/render';
import type { QuoteDocument } from '../documents/quote';
import * as queries from './queries';

/**
 * The buyer's block: one addressee, the buyer at their company ("Jane Smith, Brightbox Logistics Ltd" and the
 * company's invoice address, or the account's company name), then their e-mail. The invoice address's own
 * contact name (often "Accounts Payable") is left out, so the quote is not addressed to two people.
 */
function buyerLines(row: queries.QuoteDocumentRow): string[] {
  const name = `${row.first_name} ${row.last_name}`.trim();
  const company = row.company_legal_name
    ? [
        row.company_legal_name,
        ...(row.company_address
          ? addressLines({ ...row.company_address, first_name: '', last_name: '' })
          : []),
      ]
    : row.user_company
      ? [row.user_company]
      : [];
  return [name, ...company, row.email].filter(Boolean);
}

/**
 * A version of a quote (`version` null: the latest) as its PDF prints it, or null when there is none for this
 * reader: the user's own quote when a user is given, any for staff (null). The figures are the version's only.
 */
export async function quoteDocument(
  db: Db,
  quoteId: number,
  userId: number | null,
  version: number | null,
): Promise<QuoteDocument | null> {
  const row = await queries.selectQuoteDocument(db, quoteId, userId, version);
  if (!row?.seller) return null;
  const prices = new Map(row.quoted.map((line) => [line.id, line.price_per_pack_pence]));
  return {
    kind: 'quote',
    number: quoteNumber(row.id),
    version: row.version,
    sentAt: new Date(row.sent_at),
    expiresOn: row.expires_on,
    seller: row.seller,
    buyer: buyerLines(row),
    accountNumber: row.company_id === null ? null : companyAccountNumber(row.company_id),
    lines: row.lines.map((line) => {
      const price = prices.get(line.id) ?? 0;
      return {
        sku: line.sku,
        title: line.title,
        packs: line.packs,
        unitsPerPack: line.units_per_pack,
        pricePence: price,
        totalPence: price * line.packs,
      };
    }),
    deliveryPence: row.delivery_pence,
    subtotalPence: row.subtotal_pence,
    vatRate: Number(row.vat_rate),
    vatPence: row.vat_pence,
    totalPence: row.total_pence,
    message: row.message,
  };
}
