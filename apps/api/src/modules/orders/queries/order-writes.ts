// An order written: the stock it takes, under the items' row locks, and the one statement that writes it.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { OrderDelivery } from '../../delivery/views';
import { reusableStatement } from '../../../db/reusable-statement';
import { rowsOf } from '../../../db/rows-of';
import {
  cartItems,
  carts,
  orderApprovals,
  items,
  orderItems,
  orders,
  payments,
  quotes,
  type SellerSnapshot,
  type AddressSnapshot,
  type PackUnit,
  type PaymentTermsSnapshot,
  type ShippingDetailsSnapshot,
} from '../../../db/schema';
import { nextDocumentNumbers, paddedNumberSql, sellerNow } from '../../documents/numbering';
import { accountsInvoiceEmail } from '../accounts-email';

/**
 * Locks the tracked items' rows in id order (so two checkouts never wait on each other in a circle) and
 * reads their stock as it is now, for the check that no order takes more than there is.
 */
export function lockStock(tx: Db, itemIds: number[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return lockStockStatement(tx).execute({ ids: itemIds });
}

const lockStockStatement = reusableStatement((tx) =>
  tx
    .select({ id: items.id, sku: items.sku, stock: items.stock })
    .from(items)
    .where(and(sql`${items.id} = any(${sql.placeholder('ids')})`, eq(items.trackInventory, true)))
    .orderBy(asc(items.id))
    .for('update')
    .prepare('checkout_lock_stock'),
);

/** Takes units of the locked items in one statement. */
export async function takeStock(tx: Db, taken: Map<number, number>): Promise<void> {
  if (taken.size === 0) return;
  const ids = [...taken.keys()];
  const units = ids.map((id) => taken.get(id)!);
  await tx.execute(sql`
    update ${items} set stock = ${items.stock} - taken.units
    from unnest(${`{${ids.join(',')}}`}::int[], ${`{${units.join(',')}}`}::int[]) as taken(id, units)
    where ${items.id} = taken.id`);
}

export interface NewOrder {
  userId: number;
  /** The cart emptied with the order (null: none, an approved order's cart was emptied when it was held). */
  cartId: number | null;
  /** The card payment the order is made from (null on account). */
  paymentId: number | null;
  paymentStatusText: string;
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  vatPence: number;
  totalPence: number;
  vatRate: number;
  paymentMethod: string;
  transactionId: string | null;
  /** The trade account the order is placed under (a member's card order too), and the buyer's PO number. */
  companyId: number | null;
  purchaseOrderNumber: string | null;
  /**
   * On account: no payment and no paid receipt, the invoice due on this UK day on these terms;
   * `approvalId` is the held order it places, marked approved in the same statement, and `quoteId` the
   * accepted quote it was made from, marked ordered (as a cart's quote is).
   */
  onAccount?: {
    invoiceDueDate: string;
    paymentTerms: PaymentTermsSnapshot;
    approvalId: number | null;
    decidedBy?: number;
    quoteId?: number | null;
  };
  shippingAddress: AddressSnapshot;
  billingAddress: AddressSnapshot;
  shippingDetails: ShippingDetailsSnapshot;
  totalWeightKg: number;
  /** The delivery promised: service, extras, zone, dispatch-by and delivery days. */
  delivery: OrderDelivery | null;
  /** Paid through the built-in test processor: no money moved. */
  isTest: boolean;
  lines: {
    itemId: number;
    sku: string;
    title: string;
    packQuantity: number;
    unitsPerPack: number;
    unitType: PackUnit;
    pricePerPackPence: number;
    subtotalPence: number;
    discountPercentage: number;
    totalPence: number;
    weightKg: number;
  }[];
  /** Units of each tracked item taken (takeStock): a stock movement each, written with the order. */
  stockTaken: { itemId: number; units: number }[];
  /** The confirmation e-mail; `{{order}}` in subject and text becomes the order's number. */
  email: { to: string; subject: string; text: string };
}

export interface WrittenOrder {
  id: number;
  createdAt: Date;
  invoiceNumber: number;
  receiptNumber: number | null;
  seller: SellerSnapshot;
  lineIds: number[];
}

/**
 * A company's order: its invoice (and paid receipt) to the company's accounts address too, unless that is the
 * buyer's own (compared without case). The invoice's number as documentNumber prints it (INV-000042).
 */
function accountsCopy(order: NewOrder, attachments: SQL): SQL {
  if (order.companyId === null) return sql``;
  const email = accountsInvoiceEmail({
    companyId: order.companyId,
    totalPence: order.totalPence,
    purchaseOrderNumber: order.purchaseOrderNumber,
    onAccount: order.onAccount ?? null,
  });
  const numbered = (template: string) =>
    sql`replace(replace(${template}, '{{order}}', new_order.id::text), '{{invoice}}',
      ${paddedNumberSql('INV', sql`new_order.invoice_number`)})`;
  return sql`accounts_mail as (
      insert into outbound_emails (to_address, subject, text_body, attachments)
      select btrim(c.accounts_email), ${numbered(email.subject)}, ${numbered(email.text)}, ${attachments}
      from new_order join companies c on c.id = ${order.companyId}::int
      where lower(btrim(c.accounts_email)) <> lower(btrim(${order.email.to}))
    ),`;
}

/**
 * Writes the order in one statement: the order, its lines, the payment's link to it, the cart emptied, a
 * stock movement per tracked item sold (its stock as takeStock left it, earlier in this transaction) and the
 * confirmation e-mail queued (data-modifying CTEs run as one). Answers the order's id and time.
 */
export async function insertOrder(tx: Db, order: NewOrder): Promise<WrittenOrder> {
  const lines = JSON.stringify(
    order.lines.map((line) => ({
      item_id: line.itemId,
      sku: line.sku,
      title: line.title,
      pack_quantity: line.packQuantity,
      units_per_pack: line.unitsPerPack,
      unit_type: line.unitType,
      price_per_pack_pence: line.pricePerPackPence,
      subtotal_pence: line.subtotalPence,
      discount_percentage: line.discountPercentage,
      total_pence: line.totalPence,
      weight_kg: line.weightKg,
    })),
  );
  const onAccount = order.onAccount;
  // On account the invoice is issued and nothing is paid: no receipt number, and only the invoice is mailed.
  const attachments = onAccount
    ? sql`jsonb_build_array(jsonb_build_object('kind', 'invoice', 'order_id', new_order.id))`
    : sql`jsonb_build_array(jsonb_build_object('kind', 'invoice', 'order_id', new_order.id),
          jsonb_build_object('kind', 'receipt', 'order_id', new_order.id))`;
  const result = await tx.execute<{ id: number; created_at: string | Date }>(sql`
    with numbers as (
      ${nextDocumentNumbers(onAccount ? ['invoice'] : ['invoice', 'receipt'])}
    ),
    new_order as (
      insert into ${orders} (user_id, status, payment_status, payment_verified, subtotal_pence, discount_pence,
        shipping_pence, vat_pence, total_pence, vat_rate, payment_method, transaction_id, shipping_address,
        billing_address, bill_to, shipping_details, total_weight_kg, invoice_number, receipt_number, seller, is_test,
        company_id, purchase_order_number, invoice_due_date, payment_terms, delivery_service, delivery_extras,
        delivery_zone, dispatch_by, delivery_date)
      values (${order.userId}, 'pending', ${onAccount ? 'ON_ACCOUNT' : 'COMPLETED'}, ${!onAccount},
        ${order.subtotalPence}, ${order.discountPence},
        ${order.shippingPence}, ${order.vatPence}, ${order.totalPence}, ${order.vatRate}, ${order.paymentMethod},
        ${order.transactionId}, ${JSON.stringify(order.shippingAddress)}::jsonb,
        ${JSON.stringify(order.billingAddress)}::jsonb,
        (select jsonb_build_object('legal_name', c.legal_name, 'address', c.invoice_address)
          from companies c where c.id = ${order.companyId}::int),
        ${JSON.stringify(order.shippingDetails)}::jsonb,
        ${order.totalWeightKg}, (select last_number from numbers where kind = 'invoice'),
        (select last_number from numbers where kind = 'receipt'), ${sellerNow()}, ${order.isTest},
        ${order.companyId}, ${order.purchaseOrderNumber}, ${onAccount?.invoiceDueDate ?? null}::date,
        ${onAccount ? JSON.stringify(onAccount.paymentTerms) : null}::jsonb, ${order.delivery?.service ?? null},
        ${JSON.stringify(order.delivery?.extras ?? [])}::jsonb, ${order.delivery?.zone ?? null},
        ${order.delivery?.dispatchBy ?? null}::date, ${order.delivery?.deliveryDate ?? null}::date)
      returning id, created_at, invoice_number, receipt_number, seller
    ),
    new_lines as (
      insert into ${orderItems} (order_id, item_id, sku, title, pack_quantity, units_per_pack, unit_type,
        price_per_pack_pence, subtotal_pence, discount_percentage, total_pence, weight_kg)
      select new_order.id, line.item_id, line.sku, line.title, line.pack_quantity, line.units_per_pack,
        line.unit_type::pack_unit, line.price_per_pack_pence, line.subtotal_pence, line.discount_percentage,
        line.total_pence, line.weight_kg
      from new_order, jsonb_to_recordset(${lines}::jsonb) as line(item_id int, sku text, title text,
        pack_quantity int, units_per_pack int, unit_type text, price_per_pack_pence int, subtotal_pence int,
        discount_percentage numeric, total_pence int, weight_kg numeric)
      returning id
    ),
    ${
      order.paymentId === null
        ? sql``
        : sql`paid as (
      update ${payments} set order_id = new_order.id, status = ${order.paymentStatusText}, updated_at = now()
      from new_order where ${payments.id} = ${order.paymentId}
    ),`
    }
    ${
      order.cartId === null
        ? sql``
        : sql`emptied as (
      delete from ${cartItems} where cart_id = ${order.cartId}
    ),
    quoted as (
      update ${quotes} set status = 'ordered', order_id = new_order.id, updated_at = now()
      from new_order, ${carts} where ${carts.id} = ${order.cartId} and ${quotes.id} = ${carts.quoteId}
    ),`
    }
    ${
      onAccount?.approvalId == null
        ? sql``
        : sql`approved as (
      update ${orderApprovals} set status = 'approved', order_id = new_order.id, decided_at = now(),
        decided_by = ${onAccount.decidedBy ?? null}
      from new_order where ${orderApprovals.id} = ${onAccount.approvalId}
    ),`
    }
    ${
      onAccount?.quoteId == null
        ? sql``
        : sql`held_quote as (
      update ${quotes} set status = 'ordered', order_id = new_order.id, updated_at = now()
      from new_order where ${quotes.id} = ${onAccount.quoteId}
    ),`
    }
    moved as (
      insert into stock_movements (item_id, delta, stock_after, reason, order_id)
      select ${items.id}, -taken.units, ${items.stock}, 'Order #' || new_order.id || ' placed', new_order.id
      from new_order, unnest(${`{${order.stockTaken.map((t) => t.itemId).join(',')}}`}::int[],
        ${`{${order.stockTaken.map((t) => t.units).join(',')}}`}::int[]) as taken(id, units)
        join ${items} on ${items.id} = taken.id
    ),
    ${accountsCopy(order, attachments)}
    mail as (
      insert into outbound_emails (to_address, subject, text_body, attachments)
      select ${order.email.to}, replace(${order.email.subject}, '{{order}}', new_order.id::text),
        replace(${order.email.text}, '{{order}}', new_order.id::text), ${attachments}
      from new_order
    )
    select new_order.id, new_order.created_at, new_order.invoice_number, new_order.receipt_number,
      new_order.seller,
      (select coalesce(json_agg(new_lines.id order by new_lines.id), '[]'::json) from new_lines) as line_ids
    from new_order`);
  const row = rowsOf<{
    id: number;
    created_at: string | Date;
    invoice_number: number;
    receipt_number: number | null;
    seller: SellerSnapshot;
    line_ids: number[];
  }>(result)[0]!;
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    invoiceNumber: row.invoice_number,
    receiptNumber: row.receipt_number,
    seller: row.seller,
    lineIds: row.line_ids,
  };
}
