import type { PackUnit, QuoteAttachmentType, QuoteStatus } from '@shop/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import {
  carts,
  quotes,
  type AddressSnapshot,
  type QuotedLineSnapshot,
  type SellerSnapshot,
} from '../../db/schema';
import { DEFAULT_SHOP_SETTINGS } from '../../db/seed/shop-settings';
import { sellerNow } from '../documents/numbering';

/** Whose quotes a read may see: the buyer's own (`userId`), or any for staff (null). */
const readerMay = (userId: number | null): SQL => sql`(${userId}::int is null or q.user_id = ${userId}::int)`;

/** The buyer and their company as a quote names them, from `q` joined with `u` (users) and `c` (companies). */
const customerColumns = sql`u.id as customer_id, u.first_name, u.last_name, u.email,
  coalesce(c.trading_name, u.company_name) as company`;

// ---------------------------------------------------------------------------------------------
// The request
// ---------------------------------------------------------------------------------------------

/** A cart of the user's as a request checks it: whether it is a quote's own cart. Null when not theirs. */
export async function selectCartOfUser(
  db: Db,
  cartId: number,
  userId: number,
): Promise<{ id: number; quoteId: number | null } | null> {
  const [row] = await db
    .select({ id: carts.id, quoteId: carts.quoteId })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.userId, userId)));
  return row ?? null;
}

/** A line of the cart as a request copies it. */
export interface RequestedLine {
  itemId: number;
  sku: string;
  title: string;
  packs: number;
  unitType: PackUnit;
  unitsPerPack: number;
  listPricePence: number;
}

/**
 * Makes the quote and its lines in one statement, in the lines' order; the quote names the company the user
 * belongs to, if any. Answers the quote's id.
 */
export async function insertQuote(
  tx: Db,
  userId: number,
  note: string,
  lines: readonly RequestedLine[],
): Promise<number> {
  const column = <K extends keyof RequestedLine>(key: K) => sql.param(lines.map((line) => line[key]));
  const result = await tx.execute(sql`
    with quote as (
      insert into quotes (user_id, company_id, note)
      values (${userId}::int, (select company_id from company_members where user_id = ${userId}::int), ${note})
      returning id
    ), copied as (
      insert into quote_lines (quote_id, item_id, sku, title, packs, unit_type, units_per_pack, list_price_pence)
      select quote.id, line.item_id, line.sku, line.title, line.packs, line.unit_type::pack_unit,
        line.units_per_pack, line.list_price_pence
      from quote, unnest(${column('itemId')}::int[], ${column('sku')}::text[], ${column('title')}::text[],
          ${column('packs')}::int[], ${column('unitType')}::text[], ${column('unitsPerPack')}::int[],
          ${column('listPricePence')}::int[])
        with ordinality as line(item_id, sku, title, packs, unit_type, units_per_pack, list_price_pence, n)
      order by line.n
      returning id
    )
    select id from quote`);
  return rowsOf<{ id: number }>(result)[0]!.id;
}

// ---------------------------------------------------------------------------------------------
// The quote as its view reads it: one statement
// ---------------------------------------------------------------------------------------------

/** A line of the request as stored. */
export interface QuoteLineRow {
  id: number;
  item: number | null;
  sku: string;
  title: string;
  packs: number;
  unit_type: PackUnit;
  units_per_pack: number;
  list_price_pence: number;
}

/** A version as stored; `lines` only for the latest two (the view shows what the last one changed). */
export interface QuoteVersionRow {
  version: number;
  sent_at: string;
  expires_on: string;
  delivery_pence: number;
  subtotal_pence: number;
  vat_pence: number;
  total_pence: number;
  vat_rate: number | string;
  message: string;
  lines: QuotedLineSnapshot[] | null;
}

export interface QuoteAttachmentRow {
  id: number;
  filename: string;
  content_type: QuoteAttachmentType;
  size: number;
}

/** Everything the quote's view shows, read in one statement. */
export interface QuoteRow {
  id: number;
  status: QuoteStatus;
  note: string;
  version: number;
  accepted_version: number | null;
  order_id: number | null;
  created_at: string | Date;
  customer_id: number;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  /** The quote's own cart, once accepted. */
  cart_id: number | null;
  /** The shop's VAT rate now (a quote not yet priced shows it). */
  vat_setting: number | string | null;
  lines: QuoteLineRow[];
  versions: QuoteVersionRow[];
  attachments: QuoteAttachmentRow[];
}

/**
 * The quote with its buyer, lines, versions (oldest first) and attachments, in one statement: the user's own
 * when a user is given (someone else's reads as none), or any for staff (null). Null when there is none.
 */
export async function selectQuote(db: Db, quoteId: number, userId: number | null): Promise<QuoteRow | null> {
  const result = await db.execute(sql`
    select q.id, q.status, q.note, q.version, q.accepted_version, q.order_id, q.created_at, ${customerColumns},
      (select k.id from carts k where k.quote_id = q.id) as cart_id,
      (select s.value from shop_settings s where s.key = 'vat_rate') as vat_setting,
      (select coalesce(json_agg(json_build_object('id', l.id, 'item', l.item_id, 'sku', l.sku, 'title', l.title,
          'packs', l.packs, 'unit_type', l.unit_type, 'units_per_pack', l.units_per_pack,
          'list_price_pence', l.list_price_pence) order by l.id), '[]'::json)
        from quote_lines l where l.quote_id = q.id) as lines,
      (select coalesce(json_agg(json_build_object('version', v.version, 'sent_at', v.created_at,
          'expires_on', v.expires_on, 'delivery_pence', v.delivery_pence, 'subtotal_pence', v.subtotal_pence,
          'vat_pence', v.vat_pence, 'total_pence', v.total_pence, 'vat_rate', v.vat_rate, 'message', v.message,
          'lines', case when v.version >= q.version - 1 then v.lines end) order by v.version), '[]'::json)
        from quote_versions v where v.quote_id = q.id) as versions,
      (select coalesce(json_agg(json_build_object('id', a.id, 'filename', a.filename,
          'content_type', a.content_type, 'size', a.size) order by a.id), '[]'::json)
        from quote_attachments a where a.quote_id = q.id) as attachments
    from quotes q
    join users u on u.id = q.user_id
    left join companies c on c.id = q.company_id
    where q.id = ${quoteId}::int and ${readerMay(userId)}`);
  return rowsOf<QuoteRow>(result)[0] ?? null;
}

/** The VAT rate a quote not yet priced shows: the shop's setting, or its default. */
export const vatRateOf = (row: Pick<QuoteRow, 'vat_setting'>) =>
  Number(row.vat_setting ?? DEFAULT_SHOP_SETTINGS.vat_rate);

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** A quote in a list: its buyer, state, line count and the latest version's expiry and total. */
export interface QuoteListRow {
  id: number;
  status: QuoteStatus;
  created_at: string | Date;
  version: number;
  customer_id: number;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  lines: number;
  expires_on: string | null;
  total_pence: number | null;
}

export interface QuoteListFilter {
  /** The buyer's own (null: anyone's, for staff). */
  userId: number | null;
  status?: QuoteStatus | undefined;
}

const listWhere = (filter: QuoteListFilter): SQL =>
  sql`${readerMay(filter.userId)} and (${filter.status ?? null}::quote_status is null
    or q.status = ${filter.status ?? null}::quote_status)`;

/** A page of quotes, newest first (by id: quotes_user_idx and quotes_status_idx end with it). */
export async function selectQuotePage(
  db: Db,
  filter: QuoteListFilter,
  window: { limit: number; offset: number },
): Promise<QuoteListRow[]> {
  const result = await db.execute(sql`
    select q.id, q.status, q.created_at, q.version, ${customerColumns},
      (select count(*)::int from quote_lines l where l.quote_id = q.id) as lines,
      v.expires_on::text as expires_on, v.total_pence
    from quotes q
    join users u on u.id = q.user_id
    left join companies c on c.id = q.company_id
    left join quote_versions v on v.quote_id = q.id and v.version = q.version
    where ${listWhere(filter)}
    order by q.id desc
    limit ${window.limit}::int offset ${window.offset}::int`);
  return rowsOf<QuoteListRow>(result);
}

/** How many quotes the filter matches, counting no further than `cap + 1`. */
export async function countQuotesUpTo(db: Db, filter: QuoteListFilter, cap: number): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as count from (select 1 from quotes q where ${listWhere(filter)} limit ${cap + 1}::int) t`);
  return rowsOf<{ count: number }>(result)[0]!.count;
}

// ---------------------------------------------------------------------------------------------
// Writes: the quote locked first
// ---------------------------------------------------------------------------------------------

/** A quote as a write weighs it, locked until the transaction ends. */
export interface LockedQuote {
  id: number;
  userId: number;
  status: QuoteStatus;
  version: number;
  email: string;
  firstName: string;
  /** The buyer's account has been erased: nothing is sent to its placeholder address. */
  erased: boolean;
  /** The lines, as a version prices them. */
  lines: { id: number; packs: number; units_per_pack: number }[];
}

/**
 * Locks the quote's row until the transaction ends (`for update`), so a send, a withdrawal, an upload and an
 * acceptance of one quote run one after the other; with the facts they check. The user's own when a user is
 * given, any for staff (null). Null when there is none.
 */
export async function lockQuote(tx: Db, quoteId: number, userId: number | null): Promise<LockedQuote | null> {
  const result = await tx.execute(sql`
    select q.id, q.user_id as "userId", q.status, q.version, u.email, u.first_name as "firstName",
      u.deleted_at is not null as erased,
      (select coalesce(json_agg(json_build_object('id', l.id, 'packs', l.packs,
          'units_per_pack', l.units_per_pack) order by l.id), '[]'::json)
        from quote_lines l where l.quote_id = q.id) as lines
    from quotes q
    join users u on u.id = q.user_id
    where q.id = ${quoteId}::int and ${readerMay(userId)}
    for update of q`);
  return rowsOf<LockedQuote>(result)[0] ?? null;
}

/**
 * Keeps a file unless the quote already has `most`, in one statement; null when it has. Run after the quote's
 * row lock: a statement of its own sees the files another upload committed while this one waited for the lock
 * (a count read with the lock would not: its snapshot is taken before the wait).
 */
export async function insertAttachment(
  tx: Db,
  attachment: {
    quoteId: number;
    filename: string;
    contentType: QuoteAttachmentType;
    content: Buffer;
    sha256: string;
  },
  most: number,
): Promise<QuoteAttachmentRow | null> {
  // The bytes travel as hex text, decoded by the database: PGlite takes a 10 MB bytea parameter in some 20 s of
  // its one thread, and its hex text in 2 s (node-postgres sends a Buffer as hex text anyway).
  const result = await tx.execute(sql`
    insert into quote_attachments (quote_id, filename, content_type, size, sha256, content)
    select ${attachment.quoteId}::int, ${attachment.filename}, ${attachment.contentType},
      ${attachment.content.length}::int, ${attachment.sha256}, decode(${attachment.content.toString('hex')}, 'hex')
    where (select count(*) from quote_attachments a where a.quote_id = ${attachment.quoteId}::int) < ${most}::int
    returning id, filename, content_type, size`);
  return rowsOf<QuoteAttachmentRow>(result)[0] ?? null;
}

/** One attachment's bytes: of the user's own quote when a user is given, any for staff (null). */
export async function selectAttachment(
  db: Db,
  quoteId: number,
  attachmentId: number,
  userId: number | null,
): Promise<{ filename: string; content_type: QuoteAttachmentType; content: Buffer } | null> {
  // As base64 text: PGlite hands back a 10 MB bytea in some 2 s, its base64 in a fifth of that.
  const result = await db.execute(sql`
    select a.filename, a.content_type, encode(a.content, 'base64') as content
    from quote_attachments a
    join quotes q on q.id = a.quote_id
    where a.id = ${attachmentId}::int and a.quote_id = ${quoteId}::int and ${readerMay(userId)}`);
  const row = rowsOf<{ filename: string; content_type: QuoteAttachmentType; content: string }>(result)[0];
  if (!row) return null;
  return { ...row, content: Buffer.from(row.content, 'base64') };
}

/** A version as staff send it: its figures are the stored truth every later view and document reads. */
export interface VersionWrite {
  quoteId: number;
  version: number;
  lines: QuotedLineSnapshot[];
  deliveryPence: number;
  subtotalPence: number;
  vatPence: number;
  totalPence: number;
  vatRate: number;
  expiresOn: string;
  message: string;
  sentBy: number | null;
}

/**
 * Stores a version with the seller's details as a document printed now shows them, and makes it the quote's
 * latest (`sent`), in one statement.
 */
export async function insertVersion(tx: Db, version: VersionWrite): Promise<void> {
  await tx.execute(sql`
    with sent as (
      insert into quote_versions (quote_id, version, lines, delivery_pence, subtotal_pence, vat_pence, total_pence,
        vat_rate, expires_on, message, sent_by, seller)
      values (${version.quoteId}::int, ${version.version}::int, ${JSON.stringify(version.lines)}::jsonb,
        ${version.deliveryPence}::int, ${version.subtotalPence}::int, ${version.vatPence}::int,
        ${version.totalPence}::int, ${version.vatRate}::numeric, ${version.expiresOn}::date, ${version.message},
        ${version.sentBy}::int, ${sellerNow()})
      returning quote_id
    )
    update quotes set version = ${version.version}::int, status = 'sent', updated_at = now()
    where id = (select quote_id from sent)`);
}

/** Withdraws the quote, keeping when: a card payment taken before then still becomes its order (decision 013). */
export async function withdrawQuote(tx: Db, quoteId: number): Promise<void> {
  await tx
    .update(quotes)
    .set({ status: 'withdrawn', withdrawnAt: sql`now()` })
    .where(eq(quotes.id, quoteId));
}

// ---------------------------------------------------------------------------------------------
// The quote's document
// ---------------------------------------------------------------------------------------------

/** A version as its PDF prints it: the figures stored when it was sent, the request's lines and the buyer. */
export interface QuoteDocumentRow {
  id: number;
  version: number;
  sent_at: string | Date;
  expires_on: string;
  quoted: QuotedLineSnapshot[];
  delivery_pence: number;
  subtotal_pence: number;
  vat_pence: number;
  total_pence: number;
  vat_rate: number | string;
  message: string;
  seller: SellerSnapshot | null;
  first_name: string;
  last_name: string;
  email: string;
  user_company: string | null;
  company_id: number | null;
  company_legal_name: string | null;
  company_address: AddressSnapshot | null;
  lines: { id: number; sku: string; title: string; packs: number; units_per_pack: number }[];
}

/**
 * One version of a quote (`version` null: the latest) as its document prints it, in one statement: of the
 * user's own quote when a user is given, any for staff (null). Null when there is none (a quote not yet sent
 * has no document).
 */
export async function selectQuoteDocument(
  db: Db,
  quoteId: number,
  userId: number | null,
  version: number | null,
): Promise<QuoteDocumentRow | null> {
  const result = await db.execute(sql`
    select q.id, v.version, v.created_at as sent_at, v.expires_on::text as expires_on, v.lines as quoted,
      v.delivery_pence, v.subtotal_pence, v.vat_pence, v.total_pence, v.vat_rate, v.message, v.seller,
      u.first_name, u.last_name, u.email, u.company_name as user_company, q.company_id,
      c.legal_name as company_legal_name, c.invoice_address as company_address,
      (select coalesce(json_agg(json_build_object('id', l.id, 'sku', l.sku, 'title', l.title, 'packs', l.packs,
          'units_per_pack', l.units_per_pack) order by l.id), '[]'::json)
        from quote_lines l where l.quote_id = q.id) as lines
    from quotes q
    join quote_versions v on v.quote_id = q.id and v.version = coalesce(${version}::int, q.version)
    join users u on u.id = q.user_id
    left join companies c on c.id = q.company_id
    where q.id = ${quoteId}::int and ${readerMay(userId)}`);
  return rowsOf<QuoteDocumentRow>(result)[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Acceptance (accept.ts)
// ---------------------------------------------------------------------------------------------

/** A quote as its acceptance reads it, locked: its latest version's prices and expiry, and its cart if any. */
export interface QuoteToAccept {
  status: QuoteStatus;
  version: number;
  expires_on: string | null;
  prices: QuotedLineSnapshot[] | null;
  delivery_pence: number | null;
  cart_id: number | null;
}

/** Locks one of the user's quotes (`FOR UPDATE`) and reads it with its latest version; null when not theirs. */
export async function lockQuoteToAccept(
  tx: Db,
  quoteId: number,
  userId: number,
): Promise<QuoteToAccept | null> {
  const [row] = rowsOf<QuoteToAccept>(
    await tx.execute(sql`
      select q.status, q.version, v.expires_on::text as expires_on, v.lines as prices, v.delivery_pence,
        (select k.id from carts k where k.quote_id = q.id) as cart_id
      from quotes q
      left join quote_versions v on v.quote_id = q.id and v.version = q.version
      where q.id = ${quoteId} and q.user_id = ${userId}
      for update of q`),
  );
  return row ?? null;
}

/** The quote's own cart, read in a statement of its own (a fresh snapshot); null when it has none. */
export async function cartOfQuote(tx: Db, quoteId: number): Promise<number | null> {
  const [cart] = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from carts where quote_id = ${quoteId}`),
  );
  return cart?.id ?? null;
}

/**
 * Makes the quote's cart, its lines at the quoted prices and the quote's accepted state, in one statement. Each
 * line takes a tier of its item (the column is required; the quoted price, not the tier, prices it), preferring
 * its own unit type; a line whose item is deleted, retired or without tiers is left out, which `lines` below
 * `quoted` tells.
 */
export async function makeQuoteCart(
  tx: Db,
  userId: number,
  quoteId: number,
  prices: readonly QuotedLineSnapshot[],
  deliveryPence: number,
): Promise<{ cart_id: number; lines: number; quoted: number } | undefined> {
  const [made] = rowsOf<{ cart_id: number; lines: number; quoted: number }>(
    await tx.execute(sql`
      with cart as (
        insert into carts (user_id, quote_id, quoted_delivery_pence)
        values (${userId}, ${quoteId}, ${deliveryPence})
        returning id
      ),
      lines as (
        insert into cart_items (cart_id, item_id, pricing_tier_id, pack_quantity, unit_type, quoted_price_pence)
        select cart.id, line.item_id, tier.id, line.packs, line.unit_type, price.price_per_pack_pence
        from cart, quote_lines line
        join jsonb_to_recordset(${JSON.stringify(prices)}::jsonb)
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
  return made;
}
