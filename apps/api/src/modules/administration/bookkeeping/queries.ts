import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { AddressSnapshot } from '../../../db/schema';
import { rowsOf } from '../../../db/rows-of';
import { ukDayOf } from '../../receivables/ledger';

/**
 * The bookkeeper's reads: the VAT documents of a quarter and the rows of the accounts exports. Each
 * is one statement over a range of instants, so orders_created_idx and refunds_issued_idx bound the scan; the
 * range is of UK days, turned into instants here (a UK day starts at midnight Europe/London, BST or not).
 */

/** SQL: the instant a UK day 'YYYY-MM-DD' starts. */
const ukDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/London')`;
/** SQL: the instant the UK day after `day` starts (the range's open end). */
const ukDayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Europe/London')`;

/** SQL: a VAT invoice: an order with an invoice number that did not go through the test processor. */
const isVatInvoice = (o: SQL) => sql`${o}.invoice_number is not null and not ${o}.is_test`;

export interface VatDocumentRow {
  kind: 'invoice' | 'credit_note';
  number: number;
  order_id: number;
  issued_on: string;
  /** With VAT. */
  gross_pence: number;
  /** An invoice's VAT as it was charged; null for a credit note (split from its gross at vat_rate). */
  vat_pence: number | null;
  vat_rate: string;
}

/**
 * Every VAT invoice (dated by its order's UK day) and every credit note (by the UK day it was issued) from `from`
 * to `to`, both included, in date order: one statement, each half an index range scan.
 */
export async function selectVatDocuments(db: Db, from: string, to: string): Promise<VatDocumentRow[]> {
  const result = await db.execute(sql`
    select * from (
      select 'invoice' as kind, o.invoice_number as number, o.id as order_id,
        ${ukDayOf(sql`o.created_at`)} as issued_on, o.total_pence as gross_pence, o.vat_pence, o.vat_rate,
        o.created_at as at
      from orders o
      where o.created_at >= ${ukDayStart(from)} and o.created_at < ${ukDayEnd(to)} and ${isVatInvoice(sql`o`)}
      union all
      select 'credit_note', r.credit_note_number, r.order_id, ${ukDayOf(sql`r.issued_at`)}, r.amount_pence,
        null, o.vat_rate, r.issued_at
      -- Each credit note's order by its key (a nested loop), not a scan of every order to hash-join against.
      from refunds r cross join lateral (
        select o.vat_rate from orders o where o.id = r.order_id and not o.is_test offset 0) o
      where r.issued_at >= ${ukDayStart(from)} and r.issued_at < ${ukDayEnd(to)}
        and r.credit_note_number is not null
    ) d
    order by d.at, d.kind desc, d.number`);
  return rowsOf<VatDocumentRow>(result).map((row) => ({
    ...row,
    number: Number(row.number),
    order_id: Number(row.order_id),
    gross_pence: Number(row.gross_pence),
    vat_pence: row.vat_pence === null ? null : Number(row.vat_pence),
  }));
}

/** The customer as the accounts package names it: the company's legal name on account, else the billing name. */
const customerOf = sql`case when o.payment_method = 'account' and c.id is not null then c.legal_name
  else trim(concat_ws(' ', o.billing_address->>'first_name', o.billing_address->>'last_name')) end`;
/** Where the accounts package sends the invoice: the company's accounts address on account, else the buyer's. */
const emailOf = sql`case when o.payment_method = 'account' and c.id is not null then c.accounts_email else u.email end`;

export interface ExportLine {
  sku: string;
  title: string;
  packs: number;
  price_per_pack_pence: number;
  discount_percentage: string;
  total_pence: number;
}

export interface ExportInvoiceRow {
  order_id: number;
  number: number;
  issued_on: string;
  due_on: string | null;
  customer: string;
  email: string;
  address: AddressSnapshot;
  purchase_order_number: string | null;
  on_account: boolean;
  vat_rate: string;
  vat_pence: number;
  total_pence: number;
  shipping_pence: number;
  lines: ExportLine[] | string;
}

/** A json column comes parsed from node-postgres and PGlite alike, but a string is handled too. */
export const parsed = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** How many rows the invoices export of the range would have: a row per order line, and one per delivery charge. */
export async function countInvoiceRows(db: Db, from: string, to: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum((select count(*) from order_items l where l.order_id = o.id)
      + case when o.shipping_pence > 0 then 1 else 0 end), 0) as n
    from orders o
    where o.created_at >= ${ukDayStart(from)} and o.created_at < ${ukDayEnd(to)} and ${isVatInvoice(sql`o`)}`);
  return Number(rowsOf<{ n: number | string }>(result)[0]!.n);
}

/** The VAT invoices of the range with their lines, oldest first. */
export async function selectExportInvoices(db: Db, from: string, to: string): Promise<ExportInvoiceRow[]> {
  const result = await db.execute(sql`
    select o.id as order_id, o.invoice_number as number, ${ukDayOf(sql`o.created_at`)} as issued_on,
      to_char(o.invoice_due_date, 'YYYY-MM-DD') as due_on, ${customerOf} as customer, ${emailOf} as email,
      o.billing_address as address, o.purchase_order_number, (o.payment_method = 'account') as on_account,
      o.vat_rate, o.vat_pence, o.total_pence, o.shipping_pence,
      (select coalesce(json_agg(json_build_object('sku', l.sku, 'title', l.title, 'packs', l.pack_quantity,
          'price_per_pack_pence', l.price_per_pack_pence, 'discount_percentage', l.discount_percentage,
          'total_pence', l.total_pence) order by l.id), '[]'::json)
        from order_items l where l.order_id = o.id) as lines
    from orders o
      join users u on u.id = o.user_id
      left join companies c on c.id = o.company_id
    where o.created_at >= ${ukDayStart(from)} and o.created_at < ${ukDayEnd(to)} and ${isVatInvoice(sql`o`)}
    order by o.created_at, o.id`);
  return rowsOf<ExportInvoiceRow>(result);
}

export interface ExportCreditNoteRow {
  refund_id: number;
  number: number;
  order_id: number;
  invoice_number: number | null;
  issued_on: string;
  customer: string;
  email: string;
  address: AddressSnapshot;
  purchase_order_number: string | null;
  reason: string;
  vat_rate: string;
  amount_pence: number;
  refund_lines: { order_item_id: number; pack_quantity: number; amount_pence: number }[] | null | string;
  order_lines: { id: number; sku: string; title: string }[] | string;
}

/** How many rows the credit notes export would have: a row per refunded line, or one for a refund by amount. */
export async function countCreditNoteRows(db: Db, from: string, to: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(greatest(coalesce(jsonb_array_length(r.lines), 0), 1)), 0) as n
    from refunds r join orders o on o.id = r.order_id
    where r.issued_at >= ${ukDayStart(from)} and r.issued_at < ${ukDayEnd(to)}
      and r.credit_note_number is not null and not o.is_test`);
  return Number(rowsOf<{ n: number | string }>(result)[0]!.n);
}

/** The credit notes issued in the range, oldest first, with what their order's lines are called. */
export async function selectExportCreditNotes(
  db: Db,
  from: string,
  to: string,
): Promise<ExportCreditNoteRow[]> {
  const result = await db.execute(sql`
    select r.id as refund_id, r.credit_note_number as number, o.id as order_id, o.invoice_number,
      ${ukDayOf(sql`r.issued_at`)} as issued_on, ${customerOf} as customer, ${emailOf} as email,
      o.billing_address as address, o.purchase_order_number, r.reason, o.vat_rate, r.amount_pence,
      r.lines as refund_lines,
      (select coalesce(json_agg(json_build_object('id', l.id, 'sku', l.sku, 'title', l.title) order by l.id),
          '[]'::json)
        from order_items l where l.order_id = o.id) as order_lines
    from refunds r
      join orders o on o.id = r.order_id
      join users u on u.id = o.user_id
      left join companies c on c.id = o.company_id
    where r.issued_at >= ${ukDayStart(from)} and r.issued_at < ${ukDayEnd(to)}
      and r.credit_note_number is not null and not o.is_test
    order by r.issued_at, r.id`);
  return rowsOf<ExportCreditNoteRow>(result);
}

export interface ExportPaymentRow {
  id: number;
  received_on: string;
  amount_pence: number;
  method: string;
  reference: string;
  /** The payment this entry reverses; null for a payment. */
  reverses_id: number | null;
  reason: string | null;
  customer: string;
  /** The invoice numbers the payment is allocated to (a reversal: the reversed payment's). */
  invoices: number[] | string;
}

const paymentsInRange = (from: string, to: string) =>
  sql`p.received_on >= ${from}::date and p.received_on <= ${to}::date`;

export async function countPaymentRows(db: Db, from: string, to: string): Promise<number> {
  const result = await db.execute(
    sql`select count(*) as n from payments_received p where ${paymentsInRange(from, to)}`,
  );
  return Number(rowsOf<{ n: number | string }>(result)[0]!.n);
}

/** Payments received in the range and the reversals dated in it, by day. */
export async function selectExportPayments(db: Db, from: string, to: string): Promise<ExportPaymentRow[]> {
  const result = await db.execute(sql`
    select p.id, to_char(p.received_on, 'YYYY-MM-DD') as received_on, p.amount_pence, p.method, p.reference,
      p.reverses_id, p.reason, c.legal_name as customer,
      (select coalesce(json_agg(o.invoice_number order by o.invoice_number), '[]'::json)
        from payment_allocations a join orders o on o.id = a.order_id
        where a.payment_id = coalesce(p.reverses_id, p.id) and o.invoice_number is not null) as invoices
    from payments_received p join companies c on c.id = p.company_id
    where ${paymentsInRange(from, to)}
    order by p.received_on, p.id`);
  return rowsOf<ExportPaymentRow>(result);
}
