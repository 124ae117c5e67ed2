import type { CompanyRole, DeliveryExtra, DeliveryService, DocumentKind } from '@shop/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AddressSnapshot, BillToSnapshot, PaymentTermsSnapshot, SellerSnapshot } from '../../db/schema';
import { DEFAULT_SHOP_SETTINGS } from '../../db/seed/shop-settings';

/** An order as its invoice and receipt print it: every figure as stored when it was paid. */
export interface SaleRow {
  id: number;
  created_at: string | Date;
  invoice_number: number | null;
  receipt_number: number | null;
  seller: SellerSnapshot | null;
  billing_address: AddressSnapshot;
  /** A company's order: the company it is invoiced to (see billToOf). */
  bill_to: BillToSnapshot | null;
  shipping_address: AddressSnapshot;
  subtotal_pence: number;
  discount_pence: number;
  shipping_pence: number;
  vat_pence: number;
  total_pence: number;
  vat_rate: string | number;
  payment_method: string;
  transaction_id: string | null;
  /** Paid through the test processor: the documents say they are not VAT invoices. */
  is_test: boolean;
  /** Trade accounts: the buyer's PO number; on account, the company, due day and terms. */
  purchase_order_number: string | null;
  company_id: number | null;
  invoice_due_date: string | null;
  payment_terms: PaymentTermsSnapshot | null;
  /** The delivery promised: the service and extras paid for and the day due; null before it. */
  delivery_service: DeliveryService | null;
  delivery_extras: DeliveryExtra[];
  delivery_date: string | null;
  lines: {
    sku: string;
    title: string;
    pack_quantity: number;
    units_per_pack: number;
    price_per_pack_pence: number;
    discount_percentage: string | number;
    total_pence: number;
  }[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Whom a company's order is invoiced to: the company as it was when the order was made, or, for an order made
 * before that was kept, as its profile is now; null for a consumer's order (its billing address is the
 * addressee). Reads `o` (orders) in the caller's statement.
 */
const billToOf = sql`coalesce(o.bill_to, (select jsonb_build_object('legal_name', c.legal_name,
    'address', c.invoice_address) from companies c where c.id = o.company_id))`;

/**
 * Who may open an order's documents: staff (user null) any; the buyer their own; a member of the
 * company the order was placed under with one of `companyRoles` (none: the buyer alone). The membership is read
 * in the document's own statement, so a removed member loses access on their next request.
 */
function readerMay(userId: number | null, companyRoles: readonly CompanyRole[]): SQL {
  const roles = sql.join(
    companyRoles.map((role) => sql`${role}::company_role`),
    sql`, `,
  );
  const member =
    companyRoles.length === 0
      ? sql`false`
      : sql`(o.company_id is not null and exists (select 1 from company_members m
          where m.user_id = ${userId}::int and m.company_id = o.company_id and m.role in (${roles})))`;
  return sql`(${userId}::int is null or o.user_id = ${userId}::int or ${member})`;
}

/**
 * One statement: the order (the user's own or, with `companyRoles`, their company's, when a user is given) with
 * its lines. Null when there is no such order for that user: the caller answers 404, the same for another
 * user's order as for none.
 */
export async function selectSale(
  db: Db,
  orderId: number,
  userId: number | null,
  companyRoles: readonly CompanyRole[] = [],
): Promise<SaleRow | null> {
  const access = readerMay(userId, companyRoles);
  const result = await db.execute(sql`
    select o.id, o.created_at, o.invoice_number, o.receipt_number, o.seller, o.billing_address,
      ${billToOf} as bill_to, o.shipping_address, o.subtotal_pence, o.discount_pence, o.shipping_pence, o.vat_pence, o.total_pence,
      o.vat_rate, o.payment_method, o.transaction_id, o.is_test, o.purchase_order_number, o.company_id,
      o.invoice_due_date::text as invoice_due_date, o.payment_terms, o.delivery_service, o.delivery_extras,
      o.delivery_date::text as delivery_date,
      (select coalesce(json_agg(json_build_object('sku', l.sku, 'title', l.title,
          'pack_quantity', l.pack_quantity, 'units_per_pack', l.units_per_pack,
          'price_per_pack_pence', l.price_per_pack_pence, 'discount_percentage', l.discount_percentage,
          'total_pence', l.total_pence) order by l.id), '[]'::json)
        from order_items l where l.order_id = o.id) as lines
    from orders o
    where o.id = ${orderId} and ${access}`);
  return rowsOf<SaleRow>(result)[0] ?? null;
}

/** A refund as its credit note prints it, with the order's invoice it is against. */
export interface CreditNoteRow {
  order_id: number;
  order_created_at: string | Date;
  invoice_number: number | null;
  billing_address: AddressSnapshot;
  /** A company's order: the company it is invoiced to, and its id (for the account number). */
  bill_to: BillToSnapshot | null;
  company_id: number | null;
  vat_rate: string | number;
  /** The order was paid through the test processor. */
  is_test: boolean;
  /** The buyer's PO number, and whether the order was on account (the credit note moved no money). */
  purchase_order_number: string | null;
  on_account: boolean;
  refund_id: number;
  amount_pence: number;
  reason: string;
  refund_lines: { order_item_id: number; pack_quantity: number; amount_pence: number }[] | null;
  credit_note_number: number;
  issued_at: string | Date;
  seller: SellerSnapshot;
  /** The order's lines by id, for the refunded lines' descriptions. */
  order_lines: { id: number; sku: string; title: string }[];
}

/**
 * One statement: the order's n-th refund that has a credit note (1 = the first), for the user's own order when
 * a user is given; or the refund by its id (n null), for the e-mail that carries it.
 */
export async function selectCreditNote(
  db: Db,
  orderId: number,
  userId: number | null,
  which: { n: number } | { refundId: number },
  companyRoles: readonly CompanyRole[] = [],
): Promise<CreditNoteRow | null> {
  const n = 'n' in which ? which.n : null;
  const refundId = 'refundId' in which ? which.refundId : null;
  const result = await db.execute(sql`
    select o.id as order_id, o.created_at as order_created_at, o.invoice_number, o.billing_address,
      ${billToOf} as bill_to, o.company_id, o.vat_rate,
      o.is_test, o.purchase_order_number, (o.payment_method = 'account') as on_account, r.id as refund_id, r.amount_pence, r.reason, r.lines as refund_lines, r.credit_note_number, r.issued_at,
      r.seller,
      (select coalesce(json_agg(json_build_object('id', l.id, 'sku', l.sku, 'title', l.title)), '[]'::json)
        from order_items l where l.order_id = o.id) as order_lines
    from orders o
    join lateral (
      select * from refunds
      where refunds.order_id = o.id and refunds.credit_note_number is not null
        and (${refundId}::int is null or refunds.id = ${refundId}::int)
      order by refunds.id
      offset greatest(coalesce(${n}::int, 1) - 1, 0) limit 1
    ) r on true
    where o.id = ${orderId} and ${readerMay(userId, companyRoles)}`);
  return rowsOf<CreditNoteRow>(result)[0] ?? null;
}

/**
 * SQL: a number as the domain prints it (documentNumber's INV-000042, approvalReference's AR-000002): the
 * prefix, a hyphen and the number to six digits at least. Not plain `lpad(…, 6)`, which would cut a seventh
 * digit off (1234567 as 123456).
 */
export function paddedNumberSql(prefix: 'INV' | 'RCT' | 'CN' | 'AR', value: SQL): SQL {
  // The prefix is one of the shop's own, written into the text so a prepared statement's parameters stay its own.
  return sql`${sql.raw(`'${prefix}-'`)} || lpad(${value}::text, greatest(6, length(${value}::text)), '0')`;
}

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
 * shop's defaults when none are stored, with the bank details (`bank`, null until staff set them).
 * A document keeps this copy, so later changes never alter it.
 */
export function sellerNow(): SQL {
  return sql`(coalesce((select value from shop_settings where key = 'invoice'),
    ${JSON.stringify(DEFAULT_SHOP_SETTINGS.invoice)}::jsonb)
    || jsonb_build_object('bank', (select value from shop_settings where key = 'bank')))`;
}

/** SQL: whether staff have set the bank details an invoice on account and a statement print (a boolean). */
export function bankDetailsSet(): SQL<boolean> {
  return sql<boolean>`exists (select 1 from shop_settings where key = 'bank' and jsonb_typeof(value) = 'object')`;
}
