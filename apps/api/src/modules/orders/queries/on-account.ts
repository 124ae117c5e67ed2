// Ordering on account (decision 010): the company locked with the cart, what it owes, and held orders.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import { rowsOf } from '../../../db/rows-of';
import {
  cartItems,
  carts,
  companies,
  companyMembers,
  orderApprovals,
  orders,
  users,
  type AddressSnapshot,
  type PaymentTermsSnapshot,
  type ShippingDetailsSnapshot,
} from '../../../db/schema';
import { ledgerBalanceOf } from '../../receivables/ledger';
import type { NewOrder } from './order-writes';
import { paddedNumberSql } from '../../documents/numbering';

/** The buyer's company as the on-account order reads it under its lock, with the cart locked too. */
export interface LockedAccount {
  memberId: number;
  companyId: number;
  role: 'administrator' | 'buyer' | 'approver';
  orderLimitPence: number | null;
  status: 'pending' | 'approved' | 'declined';
  creditLimitPence: number;
  paymentTerms: PaymentTermsSnapshot | null;
  poRequired: boolean;
  onHold: boolean;
  holdReason: string | null;
  cartId: number;
  /** The accepted quote the cart holds, or null for the own cart. */
  quoteId: number | null;
  email: string;
  firstName: string;
  lastName: string;
}

const lockAccountStatement = reusableStatement((tx) =>
  tx
    .select({
      memberId: companyMembers.id,
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      orderLimitPence: companyMembers.orderLimitPence,
      status: companies.status,
      creditLimitPence: companies.creditLimitPence,
      paymentTerms: companies.paymentTerms,
      poRequired: companies.poRequired,
      onHold: companies.onHold,
      holdReason: companies.holdReason,
      cartId: carts.id,
      quoteId: carts.quoteId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .innerJoin(carts, eq(carts.userId, companyMembers.userId))
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.userId, sql.placeholder('userId')),
        // Staff and owners hold no trade membership: one left from before the rule orders nothing on account.
        eq(users.role, 'customer'),
        sql`(case when ${sql.placeholder('cartId')}::int = 0 then ${carts.quoteId} is null else ${carts.id} = ${sql.placeholder('cartId')}::int end)`,
      ),
    )
    .for('update', { of: [companies, carts] })
    .prepare('account_lock_company_cart'),
);

/**
 * Locks the buyer's company row and their cart (0: the current one), in one statement, before any stock: two
 * on-account orders of one company run one after the other. The membership, role, limits and hold are read
 * as they are once the lock is held, so a member removed a moment ago finds no row.
 */
export async function lockAccountAndCart(
  tx: Db,
  userId: number,
  cartId: number,
): Promise<LockedAccount | undefined> {
  const [row] = await lockAccountStatement(tx).execute({ userId, cartId });
  return row as LockedAccount | undefined;
}

/** A PO number as purchaseOrderKey compares it (trimmed, inner spaces one, upper case), in SQL. */
const poKeyOf = (column: SQL) => sql`upper(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

// Written with aliases: Drizzle leaves a one-table query's columns unqualified, which a subquery would misread.
const owedStatement = reusableStatement((tx) =>
  tx
    .select({
      owedPence: sql<number>`(${ledgerBalanceOf(sql`${sql.placeholder('companyId')}::int`)})::int`,
      poUses: sql<number>`case when ${sql.placeholder('poKey')}::text = '' then 0 else
        (select count(*)::int from ${orders} o where o.company_id = ${sql.placeholder('companyId')}
          and ${poKeyOf(sql`o.purchase_order_number`)} = ${sql.placeholder('poKey')}::text)
        + (select count(*)::int from ${orderApprovals} a where a.company_id = ${sql.placeholder('companyId')}
          and a.status = 'awaiting_approval'
          and ${poKeyOf(sql`a.purchase_order_number`)} = ${sql.placeholder('poKey')}::text) end`,
    })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('companyId')))
    .prepare('account_company_owed'),
);

/**
 * What the company owes (its ledger's balance: invoices less credit notes and payments received), and how often it has used a PO
 * number (its orders and held orders; '' asks nothing). Its own statement, run once the company row is
 * locked: a sum inside the locking statement would read a snapshot from before the wait (decision 010).
 */
export async function selectOwedAndPoUses(
  tx: Db,
  companyId: number,
  poKey: string,
): Promise<{ owedPence: number; poUses: number }> {
  const [row] = await owedStatement(tx).execute({ companyId, poKey });
  return { owedPence: Number(row?.owedPence ?? 0), poUses: Number(row?.poUses ?? 0) };
}

export interface NewApproval {
  companyId: number;
  userId: number;
  cartId: number;
  lines: NewOrder['lines'];
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  vatPence: number;
  totalPence: number;
  vatRate: number;
  totalWeightKg: number;
  shippingDetails: ShippingDetailsSnapshot;
  shippingAddress: AddressSnapshot;
  billingAddress: AddressSnapshot;
  purchaseOrderNumber: string | null;
  /** The accepted quote the cart held: approving applies its rules and marks it ordered. */
  quoteId: number | null;
  /** To each approver and administrator but the buyer; `{{approval}}` becomes the request's reference. */
  email: { subject: string; text: string };
}

/**
 * Holds an on-account order for approval in one statement: the held order with its priced lines and
 * figures, the cart emptied, and an e-mail to every approver and administrator of the company but the buyer.
 */
export async function insertApproval(tx: Db, approval: NewApproval): Promise<number> {
  const result = await tx.execute(sql`
    with held as (
      insert into ${orderApprovals} (company_id, user_id, lines, subtotal_pence, discount_pence, shipping_pence,
        vat_pence, total_pence, vat_rate, total_weight_kg, shipping_details, shipping_address, billing_address,
        purchase_order_number, quote_id)
      values (${approval.companyId}, ${approval.userId}, ${JSON.stringify(approval.lines)}::jsonb,
        ${approval.subtotalPence}, ${approval.discountPence}, ${approval.shippingPence}, ${approval.vatPence},
        ${approval.totalPence}, ${approval.vatRate}, ${approval.totalWeightKg},
        ${JSON.stringify(approval.shippingDetails)}::jsonb, ${JSON.stringify(approval.shippingAddress)}::jsonb,
        ${JSON.stringify(approval.billingAddress)}::jsonb, ${approval.purchaseOrderNumber}, ${approval.quoteId})
      returning id
    ),
    emptied as (
      delete from ${cartItems} where cart_id = ${approval.cartId}
    ),
    reference as (
      -- approvalReference: AR- and the id, six digits at least.
      select ${paddedNumberSql('AR', sql`held.id`)} as text from held
    ),
    mail as (
      insert into outbound_emails (to_address, subject, text_body)
      select ${users.email}, replace(${approval.email.subject}, '{{approval}}', reference.text),
        replace(${approval.email.text}, '{{approval}}', reference.text)
      from reference, ${companyMembers} join ${users} on ${users.id} = ${companyMembers.userId}
      where ${companyMembers.companyId} = ${approval.companyId}
        and ${companyMembers.role} in ('administrator', 'approver')
        and ${companyMembers.userId} <> ${approval.userId} and ${users.deletedAt} is null
    )
    select id from held`);
  return rowsOf<{ id: number }>(result)[0]!.id;
}
