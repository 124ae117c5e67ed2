import type { Ledger, ReceivedMethod } from '@shop/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';

/**
 * A company's ledger (DESIGN §7), read in one statement from the rows it is derived from: its
 * on-account orders (the invoices), their credit notes, the payments received with their reversals, and the
 * payments' allocations. Everything else (balance, aged debt, statements, reminders, holds) is a domain
 * function of this. Card orders stay out: they were paid at once.
 *
 * Days are UK calendar days: an invoice is dated the day its order was made, a credit note the day it was
 * issued, in Europe/London.
 */

/** The ledger statement's row (its json columns), as ledgerOfRow reads it. */
export interface LedgerRow {
  invoices:
    | {
        id: number;
        number: number | null;
        issued_on: string;
        due_on: string | null;
        total_pence: number;
        po: string | null;
      }[]
    | string;
  credit_notes:
    | { id: number; number: number | null; invoice_id: number; issued_on: string; amount_pence: number }[]
    | string;
  payments:
    | {
        id: number;
        received_on: string;
        amount_pence: number;
        method: ReceivedMethod;
        reference: string;
        reversal_id: number | null;
        reversal_on: string | null;
        reversal_reason: string | null;
      }[]
    | string;
  allocations: { payment_id: number; invoice_id: number; amount_pence: number }[] | string;
}

/** A json column comes parsed from node-postgres and PGlite alike, but a string is handled too. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** SQL: a timestamp's UK calendar day, as text. */
export const ukDayOf = (column: SQL) =>
  sql`to_char((${column} at time zone 'Europe/London')::date, 'YYYY-MM-DD')`;

/** The ledger statement for the company `companyId` names (a bound value or an outer column). */
export function ledgerStatement(companyId: SQL): SQL {
  return sql`
    select
      (select coalesce(json_agg(json_build_object('id', o.id, 'number', o.invoice_number,
          'issued_on', ${ukDayOf(sql`o.created_at`)}, 'due_on', to_char(o.invoice_due_date, 'YYYY-MM-DD'),
          'total_pence', o.total_pence, 'po', o.purchase_order_number) order by o.created_at, o.id), '[]'::json)
        from orders o where o.company_id = ${companyId} and o.payment_method = 'account') as invoices,
      (select coalesce(json_agg(json_build_object('id', r.id, 'number', r.credit_note_number,
          'invoice_id', r.order_id, 'issued_on', ${ukDayOf(sql`coalesce(r.issued_at, r.created_at)`)},
          'amount_pence', r.amount_pence) order by r.id), '[]'::json)
        from orders o join refunds r on r.order_id = o.id
        where o.company_id = ${companyId} and o.payment_method = 'account' and r.status = 'succeeded') as credit_notes,
      (select coalesce(json_agg(json_build_object('id', p.id, 'received_on', to_char(p.received_on, 'YYYY-MM-DD'),
          'amount_pence', p.amount_pence, 'method', p.method, 'reference', p.reference,
          'reversal_id', v.id, 'reversal_on', to_char(v.received_on, 'YYYY-MM-DD'), 'reversal_reason', v.reason)
          order by p.received_on, p.id), '[]'::json)
        from payments_received p left join payments_received v on v.reverses_id = p.id
        where p.company_id = ${companyId} and p.reverses_id is null) as payments,
      (select coalesce(json_agg(json_build_object('payment_id', a.payment_id, 'invoice_id', a.order_id,
          'amount_pence', a.amount_pence) order by a.id), '[]'::json)
        from payments_received p join payment_allocations a on a.payment_id = p.id
        where p.company_id = ${companyId}) as allocations`;
}

/** Turns the statement's row into the domain's Ledger. */
export function ledgerOfRow(row: LedgerRow): Ledger {
  return {
    invoices: parsed(row.invoices).map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      issuedOn: invoice.issued_on,
      // An on-account order always has its due day; an order without one is due the day it was made.
      dueOn: invoice.due_on ?? invoice.issued_on,
      totalPence: Number(invoice.total_pence),
      purchaseOrderNumber: invoice.po,
    })),
    creditNotes: parsed(row.credit_notes).map((note) => ({
      id: note.id,
      number: note.number,
      invoiceId: note.invoice_id,
      issuedOn: note.issued_on,
      amountPence: Number(note.amount_pence),
    })),
    payments: parsed(row.payments).map((payment) => ({
      id: payment.id,
      receivedOn: payment.received_on,
      amountPence: Number(payment.amount_pence),
      method: payment.method,
      reference: payment.reference,
      reversal:
        payment.reversal_id === null
          ? null
          : {
              id: payment.reversal_id,
              on: payment.reversal_on ?? payment.received_on,
              reason: payment.reversal_reason,
            },
    })),
    allocations: parsed(row.allocations).map((allocation) => ({
      paymentId: allocation.payment_id,
      invoiceId: allocation.invoice_id,
      amountPence: Number(allocation.amount_pence),
    })),
  };
}

/** The ledger statement's row read as one json value (a subquery of a company view), as the domain's Ledger. */
export function ledgerOfJson(value: LedgerRow | string): Ledger {
  return ledgerOfRow(parsed(value));
}

/** One statement: the company's whole ledger. An unknown company has an empty one. */
export async function selectLedger(db: Db, companyId: number): Promise<Ledger> {
  const result = await db.execute(ledgerStatement(sql`${companyId}::int`));
  return ledgerOfRow(rowsOf<LedgerRow>(result)[0]!);
}

/**
 * SQL: what a company owes, in pence, as the ledger sums it (balancePence): its on-account orders' totals less
 * their credit notes, less the payments received that were not reversed. The credit check and the company
 * views use it; `companyId` is a bound value or the outer query's column.
 */
export const ledgerBalanceOf = (companyId: SQL) =>
  sql<number>`((select coalesce(sum(o.total_pence - o.refunded_pence), 0) from orders o
      where o.company_id = ${companyId} and o.payment_method = 'account')
    - (select coalesce(sum(p.amount_pence), 0) from payments_received p
      where p.company_id = ${companyId} and p.reverses_id is null
        and not exists (select 1 from payments_received v where v.reverses_id = p.id)))`;
