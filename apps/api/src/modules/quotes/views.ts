import {
  penceToDecimal,
  quoteNumber,
  quoteRefusal,
  type QuoteLineView,
  type QuoteRow,
  type QuoteView,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { NotFound } from '../../http/errors';
import * as queries from './queries';

const iso = (value: string | Date) => new Date(value).toISOString();
const money = (pence: number | null | undefined) => (pence == null ? null : penceToDecimal(pence));

/** The buyer as a quote names them. */
function customerOf(row: queries.QuoteRow | queries.QuoteListRow): QuoteView['customer'] {
  return {
    id: row.customer_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    company: row.company,
  };
}

/** Prices per pack of a version's lines, by line id (empty for none). */
const pricesOf = (version: queries.QuoteVersionRow | undefined) =>
  new Map((version?.lines ?? []).map((line) => [line.id, line.price_per_pack_pence]));

/** Whether the quote can be ordered now and why not, by the domain's one rule. */
function refusalOf(
  status: QuoteView['status'],
  version: number,
  expiresOn: string | null,
  now: Date,
): Pick<QuoteView, 'can_accept' | 'refusal'> {
  const refusal = quoteRefusal({ status, version, expiresOn }, now);
  return { can_accept: refusal === null, refusal };
}

/**
 * A quote as the buyer and staff see it: each line with the latest version's price and, when the version
 * before priced it differently, that price (what changed); the latest version's figures; every version's
 * figures; the attachments; and whether it can be accepted now (`quoteRefusal`).
 */
export function quoteViewOf(row: queries.QuoteRow, now: Date): QuoteView {
  const latest = row.versions.find((version) => version.version === row.version);
  const before = row.versions.find((version) => version.version === row.version - 1);
  const prices = pricesOf(latest);
  const previous = pricesOf(before);
  const lines = row.lines.map((line): QuoteLineView => {
    const price = prices.get(line.id);
    const was = previous.get(line.id);
    return {
      id: line.id,
      item: line.item,
      sku: line.sku,
      title: line.title,
      packs: line.packs,
      unit_type: line.unit_type,
      units_per_pack: line.units_per_pack,
      list_price_per_pack: penceToDecimal(line.list_price_pence),
      price_per_pack: money(price),
      previous_price_per_pack: was !== undefined && was !== price ? penceToDecimal(was) : null,
      total: price === undefined ? null : penceToDecimal(price * line.packs),
    };
  });
  const expiresOn = latest?.expires_on ?? null;
  return {
    id: row.id,
    number: quoteNumber(row.id),
    status: row.status,
    ...refusalOf(row.status, row.version, expiresOn, now),
    note: row.note,
    created_at: iso(row.created_at),
    customer: customerOf(row),
    lines,
    version: latest ? row.version : 0,
    expires_on: expiresOn,
    delivery: money(latest?.delivery_pence),
    subtotal: money(latest?.subtotal_pence),
    vat: latest ? Number(latest.vat_rate) : queries.vatRateOf(row),
    vat_amount: money(latest?.vat_pence),
    total: money(latest?.total_pence),
    message: latest?.message ?? '',
    versions: row.versions.map((version) => ({
      version: version.version,
      sent_at: iso(version.sent_at),
      expires_on: version.expires_on,
      delivery: penceToDecimal(version.delivery_pence),
      subtotal: penceToDecimal(version.subtotal_pence),
      vat_amount: penceToDecimal(version.vat_pence),
      total: penceToDecimal(version.total_pence),
      message: version.message,
    })),
    attachments: row.attachments.map((attachment) => ({ ...attachment })),
    accepted_version: row.accepted_version,
    cart_id: row.cart_id,
    order_id: row.order_id,
  };
}

/**
 * The quote's view, read in one statement: the user's own when a user is given (anyone else's answers 404, as
 * a missing one does), any for staff (null). Acceptance answers with it too.
 */
export async function quoteView(
  db: Db,
  quoteId: number,
  userId: number | null,
  now: Date = new Date(),
): Promise<QuoteView> {
  const row = await queries.selectQuote(db, quoteId, userId);
  if (!row) throw new NotFound();
  return quoteViewOf(row, now);
}

/** A quote in a list. */
export function quoteRowOf(row: queries.QuoteListRow, now: Date): QuoteRow {
  return {
    id: row.id,
    number: quoteNumber(row.id),
    status: row.status,
    ...refusalOf(row.status, row.version, row.expires_on, now),
    created_at: iso(row.created_at),
    customer: customerOf(row),
    lines: row.lines,
    version: row.version,
    expires_on: row.expires_on,
    total: money(row.total_pence),
  };
}
