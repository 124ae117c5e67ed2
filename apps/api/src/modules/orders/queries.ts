import type { AddressBookDefaults, DeliveryExtra, DeliveryService, QuoteStatus } from '@shop/domain';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartPostcode } from '../carts/service';
import type { OrderDelivery } from '../delivery/views';
import { reusableStatement } from '../../db/reusable-statement';
import { rowsOf } from '../../db/rows-of';
import {
  addresses,
  cartItems,
  carts,
  companies,
  companyMembers,
  orderApprovals,
  companyPrices,
  exclusivePrices,
  items,
  orderItems,
  orderStatusHistory,
  orders,
  payments,
  quotes,
  quoteVersions,
  pricingData,
  productVariants,
  refunds,
  users,
  type SellerSnapshot,
  type AddressSnapshot,
  type PackUnit,
  type PaymentTermsSnapshot,
  type ShippingDetailsSnapshot,
} from '../../db/schema';
import { nextDocumentNumbers, sellerNow } from '../documents/numbering';
import { ledgerBalanceOf } from '../receivables/ledger';
import {
  appliedDiscount,
  unlessQuoted,
  basisCanMove,
  companyPriceOn,
  exclusivePriceInForce,
  tierPricesRows,
} from '../pricing/service';

// ---------------------------------------------------------------------------------------------
// The cart as checkout prices it
// ---------------------------------------------------------------------------------------------

/**
 * A cart line as checkout reads it: the item, its stored unit type and tier (the basis of the last write),
 * and what pricing it by the rule takes (spec 2, §4): the variant's units per pallet, how it shows, its
 * tiers and the item's prices. `priceCheckout` prices it for the cart's weight now.
 */
export type CheckoutRow = {
  lineId: number;
  itemId: number;
  sku: string;
  title: string;
  status: 'active' | 'inactive';
  packQuantity: number;
  unitsPerPack: number;
  unitType: PackUnit;
  tierId: number;
  unitsPerPallet: number | null;
  showUnitsPer: PackUnit;
  /** The variant's tiers with the item's prices (`tierPricesRows`), read only when its basis can move. */
  tierPrices: number[][] | null;
  /** The stored tier's price of the item (null when it has none). */
  storedPricePence: number | null;
  discountPercentage: number | null;
  weight: number;
  weightUnit: 'kg' | 'lb' | 'oz' | 'g';
  trackInventory: boolean;
  stock: number;
  /** An accepted quote's price per pack (issue 24), which no tier or discount changes; null otherwise. */
  quotedPricePence: number | null;
  /** An accepted quote's delivery price, the same on every line; null: the delivery rules price it. */
  quotedDeliveryPence: number | null;
  /** The accepted quote's status and last day (null on the own cart). */
  quoteStatus: QuoteStatus | null;
  quoteExpiresOn: string | null;
  /** The cart's delivery choice (issue 23), the same on every line. */
  deliveryPostalCode: string | null;
  deliveryService: DeliveryService | null;
  deliveryExtras: DeliveryExtra[];
};

/**
 * The lines of a cart with what pricing, stock and the order's copy need: one joined read. Only the
 * user's own cart has lines here, so a cart id of someone else reads as empty.
 */
export function selectCheckoutLines(db: Db, cartId: number, userId: number): Promise<CheckoutRow[]> {
  // Named, so each connection plans it once, also inside a transaction, and built once.
  return checkoutLinesStatement(db).execute({ cartId, userId }) as Promise<CheckoutRow[]>;
}

const checkoutLinesStatement = reusableStatement((db) =>
  checkoutLinesQuery(db, sql.placeholder('cartId'), sql.placeholder('userId')).prepare('checkout_lines'),
);

function checkoutLinesQuery(db: Db, cartId: number | Placeholder, userId: number | Placeholder) {
  return db
    .select({
      lineId: cartItems.id,
      itemId: items.id,
      sku: items.sku,
      title: items.title,
      status: items.status,
      packQuantity: cartItems.packQuantity,
      unitsPerPack: items.unitsPerPack,
      unitType: cartItems.unitType,
      tierId: cartItems.pricingTierId,
      unitsPerPallet: productVariants.unitsPerPallet,
      showUnitsPer: productVariants.showUnitsPer,
      tierPrices: sql<number[][] | null>`case when ${basisCanMove(productVariants.unitsPerPallet)}
        then ${tierPricesRows(productVariants.id, items.id)} end`,
      storedPricePence: pricingData.pricePence,
      quotedPricePence: cartItems.quotedPricePence,
      discountPercentage: unlessQuoted(
        cartItems.quotedPricePence,
        appliedDiscount(),
        exclusivePrices.discountPercentage,
      ),
      weight: items.weight,
      weightUnit: items.weightUnit,
      trackInventory: items.trackInventory,
      stock: items.stock,
      deliveryPostalCode: cartPostcode(),
      deliveryService: carts.deliveryService,
      deliveryExtras: carts.deliveryExtras,
      quotedDeliveryPence: carts.quotedDeliveryPence,
      // An accepted quote's state and its latest version's expiry: an expired or withdrawn one cannot be paid.
      quoteStatus: sql<QuoteStatus | null>`(select ${quotes.status} from ${quotes} where ${quotes.id} = ${carts.quoteId})`,
      quoteExpiresOn: sql<string | null>`(select ${quoteVersions.expiresOn} from ${quoteVersions}
        join ${quotes} on ${quotes.id} = ${quoteVersions.quoteId} and ${quotes.version} = ${quoteVersions.version}
        where ${quotes.id} = ${carts.quoteId})`,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(items, eq(items.id, cartItems.itemId))
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .leftJoin(
      pricingData,
      and(eq(pricingData.pricingTierId, cartItems.pricingTierId), eq(pricingData.itemId, cartItems.itemId)),
    )
    .leftJoin(
      exclusivePrices,
      and(
        eq(exclusivePrices.userId, carts.userId),
        eq(exclusivePrices.itemId, cartItems.itemId),
        exclusivePriceInForce(),
      ),
    )
    .leftJoin(companyPrices, companyPriceOn(carts.userId, cartItems.itemId))
    .where(and(eq(cartItems.cartId, cartId), eq(carts.userId, userId)))
    .orderBy(asc(cartItems.id));
}

export async function selectOwnCart(db: Db, cartId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.userId, userId)));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Statuses of a payment without an order that has nothing left to happen: refunded, its intent canceled, or
 * the provider does not know its intent.
 */
export const SETTLED_PAYMENT_STATUSES = ['refunded', 'canceled', 'missing'] as const;

/** Records why a paid payment made no order, unless an order has been made from it: answers whether it did. */
export async function markUnfulfilled(db: Db, paymentId: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), isNull(payments.orderId)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Marks a paid payment that names no addresses as waiting for them (decision 009): its status succeeded and,
 * the first time, since when it waits (touching `updated_at` then, so reconciliation leaves the buyer's
 * checkout its grace period). Only while it has no order and was not refused: answers since when it waits,
 * or null when an order was made (or it was refused) meanwhile. A repeat changes nothing.
 */
export async function markAwaitingDetails(db: Db, paymentId: number): Promise<Date | null> {
  const [row] = await db
    .update(payments)
    .set({
      status: 'succeeded',
      awaitingDetailsSince: sql`coalesce(${payments.awaitingDetailsSince}, now())`,
      updatedAt: sql`case when ${payments.awaitingDetailsSince} is null then now() else ${payments.updatedAt} end`,
    })
    .where(and(eq(payments.id, paymentId), isNull(payments.orderId), isNull(payments.failureReason)))
    .returning({ since: payments.awaitingDetailsSince });
  return row?.since ?? null;
}

/**
 * Records that a waiting payment's details never came, once it has waited `waitSeconds` (by the database's
 * clock), and only while it has no order and no other reason: answers whether it did. The caller refunds it.
 */
export async function markDetailsNeverArrived(
  db: Db,
  paymentId: number,
  reason: string,
  waitSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ failureReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.id, paymentId),
        isNull(payments.orderId),
        isNull(payments.failureReason),
        sql`${payments.awaitingDetailsSince} <= now() - make_interval(secs => ${waitSeconds})`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The buyer as a paid payment without addresses needs them: where to write, and their address book's defaults. */
export interface BuyerDetails extends AddressBookDefaults {
  email: string;
  firstName: string;
  /** The account was erased: nobody to write to. */
  deleted: boolean;
}

export async function selectBuyerDetails(db: Db, userId: number): Promise<BuyerDetails | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
      defaultBillingAddressId: users.defaultBillingAddressId,
      defaultShippingAddressId: users.defaultShippingAddressId,
      // Written out: Drizzle leaves a one-table query's columns unqualified, which the subquery would misread.
      onlyAddressId: sql<number | null>`(select case when count(*) = 1 then min(own.id) end
        from ${addresses} own where own.user_id = ${users}.id)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * What the provider says has been refunded, on the payment and on its order: the order's refunded amount
 * and, once all of it is refunded, its payment status (spec 2, §4: REFUND). One statement.
 *
 * Never lowers what is recorded (`greatest`): a refund staff make (administration/orders) is reserved on both
 * rows before the provider is asked, so its `charge.refunded` webhook finds it already counted, and a refund
 * made in the provider's own dashboard is counted here once.
 */
export async function recordRefund(db: Db, paymentId: number, refundedPence: number): Promise<void> {
  await db.execute(sql`
    with refunded as (
      update ${payments} set refunded_pence = greatest(refunded_pence, least(${refundedPence}, amount_pence)),
        status = case when ${refundedPence} >= amount_pence then 'refunded' else status end,
        updated_at = now()
      where id = ${paymentId}
      returning order_id, refunded_pence, amount_pence
    )
    update ${orders} set
      refunded_pence = greatest(${orders.refundedPence}, least(refunded.refunded_pence, ${orders.totalPence})),
      payment_status = case when refunded.refunded_pence >= refunded.amount_pence then 'REFUND'
        else ${orders.paymentStatus} end,
      updated_at = now()
    from refunded
    where ${orders.id} = refunded.order_id
      and (${orders.refundedPence} < least(refunded.refunded_pence, ${orders.totalPence})
        or (refunded.refunded_pence >= refunded.amount_pence and ${orders.paymentStatus} <> 'REFUND'))`);
}

/**
 * Claims payments that have not reached their end (no order, not refunded, not canceled) and have been left
 * alone long enough: at least `graceSeconds` since anything touched them, and then as long again as they
 * had lived when last touched, up to `maxWaitSeconds` (checks at 2, 4, 8, 16 minutes, then every 10). The
 * claim stamps `updated_at`, so another process skips them until they are due again; rows locked by a
 * checkout in progress are skipped. One statement; the oldest-touched first.
 */
export function claimUnsettledPayments(
  db: Db,
  options: { provider: string; limit: number; graceSeconds: number; maxWaitSeconds: number },
): Promise<PaymentRow[]> {
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isNull(payments.orderId),
        eq(payments.provider, options.provider),
        notInArray(payments.status, [...SETTLED_PAYMENT_STATUSES]),
        lt(payments.refundedPence, payments.amountPence),
        sql`${payments.updatedAt} <= now() - least(make_interval(secs => ${options.maxWaitSeconds}),
          greatest(make_interval(secs => ${options.graceSeconds}), ${payments.updatedAt} - ${payments.createdAt}))`,
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(payments)
    .set({ updatedAt: sql`now()` })
    .where(inArray(payments.id, due))
    .returning();
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values(values)
    .onConflictDoUpdate({
      target: payments.providerPaymentId,
      set: {
        amountPence: values.amountPence,
        cartVersion: values.cartVersion,
        status: values.status,
        billingAddress: values.billingAddress ?? null,
        shippingAddress: values.shippingAddress ?? null,
        purchaseOrderNumber: values.purchaseOrderNumber ?? null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function updatePayment(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      PaymentRow,
      | 'amountPence'
      | 'cartVersion'
      | 'status'
      | 'billingAddress'
      | 'shippingAddress'
      | 'failureReason'
      | 'refundedPence'
      | 'purchaseOrderNumber'
    >
  >,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/**
 * Locks the payment and its cart, in that order, until the transaction ends: the browser's order request
 * and the webhook for the same payment run one after the other, and so do checkouts of one cart. Reads the
 * buyer's e-mail for the confirmation in the same statement. A payment whose cart is gone is locked alone.
 */
const lockPaymentStatement = reusableStatement((tx) =>
  tx
    .select({
      payment: payments,
      email: users.email,
      firstName: users.firstName,
      companyId: companyMembers.companyId,
      poRequired: sql<boolean>`coalesce(${companies.poRequired}, false)`,
    })
    .from(payments)
    .innerJoin(carts, eq(carts.id, payments.cartId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, payments.userId))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(payments.id, sql.placeholder('paymentId')))
    .for('update', { of: [payments, carts] })
    .prepare('checkout_lock_payment'),
);

export async function lockPaymentAndCart(
  tx: Db,
  paymentId: number,
): Promise<
  | { payment: PaymentRow; email: string; firstName: string; companyId: number | null; poRequired: boolean }
  | undefined
> {
  const [row] = await lockPaymentStatement(tx).execute({ paymentId });
  if (row) return row;
  const [alone] = await tx
    .select({
      payment: payments,
      email: users.email,
      firstName: users.firstName,
      companyId: companyMembers.companyId,
      poRequired: sql<boolean>`coalesce(${companies.poRequired}, false)`,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, payments.userId))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(payments.id, paymentId))
    .for('update', { of: [payments] });
  return alone;
}

// ---------------------------------------------------------------------------------------------
// Stock
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

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
   * On account (issue 21): no payment and no paid receipt, the invoice due on this UK day on these terms;
   * `approvalId` is the held order it places, marked approved in the same statement.
   */
  onAccount?: {
    invoiceDueDate: string;
    paymentTerms: PaymentTermsSnapshot;
    approvalId: number | null;
    decidedBy?: number;
  };
  shippingAddress: AddressSnapshot;
  billingAddress: AddressSnapshot;
  shippingDetails: ShippingDetailsSnapshot;
  totalWeightKg: number;
  /** The delivery promised (issue 23): service, extras, zone, dispatch-by and delivery days. */
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

/**
 * Writes the order in one statement: the order, its lines, the payment's link to it, the cart emptied, a
 * stock movement per tracked item sold (its stock as takeStock left it, earlier in this transaction) and the
 * confirmation e-mail queued (data-modifying CTEs run as one). Answers the order's id and time.
 */
export interface WrittenOrder {
  id: number;
  createdAt: Date;
  invoiceNumber: number;
  receiptNumber: number | null;
  seller: SellerSnapshot;
  lineIds: number[];
}

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
        billing_address, shipping_details, total_weight_kg, invoice_number, receipt_number, seller, is_test,
        company_id, purchase_order_number, invoice_due_date, payment_terms, delivery_service, delivery_extras,
        delivery_zone, dispatch_by, delivery_date)
      values (${order.userId}, 'pending', ${onAccount ? 'ON_ACCOUNT' : 'COMPLETED'}, ${!onAccount},
        ${order.subtotalPence}, ${order.discountPence},
        ${order.shippingPence}, ${order.vatPence}, ${order.totalPence}, ${order.vatRate}, ${order.paymentMethod},
        ${order.transactionId}, ${JSON.stringify(order.shippingAddress)}::jsonb,
        ${JSON.stringify(order.billingAddress)}::jsonb, ${JSON.stringify(order.shippingDetails)}::jsonb,
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
    moved as (
      insert into stock_movements (item_id, delta, stock_after, reason, order_id)
      select ${items.id}, -taken.units, ${items.stock}, 'Order #' || new_order.id || ' placed', new_order.id
      from new_order, unnest(${`{${order.stockTaken.map((t) => t.itemId).join(',')}}`}::int[],
        ${`{${order.stockTaken.map((t) => t.units).join(',')}}`}::int[]) as taken(id, units)
        join ${items} on ${items.id} = taken.id
    ),
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

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderItems.$inferSelect;

/** A status the order reached, as order_status_history keeps it (the buyer's view of its progress). */
export interface StatusEntryRow {
  status: OrderRow['status'];
  note: string;
  createdAt: Date;
}

/** A refund the provider made, as the buyer's order view lists it with its credit note. */
export interface CreditNoteRow {
  amountPence: number;
  issuedAt: Date;
  creditNoteNumber: number;
}

/** An order with its status history and its credit notes, oldest first. */
export interface OrderWithHistory {
  order: OrderRow;
  history: StatusEntryRow[];
  creditNotes: CreditNoteRow[];
}

/**
 * The order's status history as one json column of a lateral join, so the order and its history come in the
 * order's own statement (the order reads keep their statement counts; statement-counts.test.ts).
 */
export function historyJoin(db: Db) {
  return db
    .select({
      entries: sql<{ status: OrderRow['status']; note: string; created_at: string }[]>`coalesce(json_agg(
        json_build_object('status', ${orderStatusHistory.status}, 'note', ${orderStatusHistory.note},
          'created_at', ${orderStatusHistory.createdAt})
        order by ${orderStatusHistory.createdAt}, ${orderStatusHistory.id}), '[]'::json)`.as('entries'),
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orders.id))
    .as('history');
}

/** The order's refunds that have a credit note (the provider made them), oldest first, the same way. */
export function creditNotesJoin(db: Db) {
  return db
    .select({
      notes: sql<{ amount_pence: number; issued_at: string; number: number }[]>`coalesce(json_agg(
        json_build_object('amount_pence', ${refunds.amountPence}, 'issued_at', ${refunds.issuedAt},
          'number', ${refunds.creditNoteNumber})
        order by ${refunds.id}), '[]'::json)`.as('notes'),
    })
    .from(refunds)
    .where(and(eq(refunds.orderId, orders.id), isNotNull(refunds.creditNoteNumber)))
    .as('credit_notes');
}

export function withHistory(row: {
  order: OrderRow;
  entries: { status: OrderRow['status']; note: string; created_at: string }[] | null;
  notes: { amount_pence: number; issued_at: string; number: number }[] | null;
}): OrderWithHistory {
  return {
    order: row.order,
    history: (row.entries ?? []).map((entry) => ({
      status: entry.status,
      note: entry.note,
      createdAt: new Date(entry.created_at),
    })),
    creditNotes: (row.notes ?? []).map((note) => ({
      amountPence: note.amount_pence,
      issuedAt: new Date(note.issued_at),
      creditNoteNumber: note.number,
    })),
  };
}

function ordersWithHistory(db: Db) {
  const history = historyJoin(db);
  const notes = creditNotesJoin(db);
  return db
    .select({ order: orders, entries: history.entries, notes: notes.notes })
    .from(orders)
    .leftJoinLateral(history, sql`true`)
    .leftJoinLateral(notes, sql`true`);
}

/** A page of a user's orders with their histories, newest first. */
export async function selectOrdersOfUser(
  db: Db,
  userId: number,
  window: { limit: number; offset: number },
): Promise<OrderWithHistory[]> {
  const rows = await ordersWithHistory(db)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(withHistory);
}

export async function countOrdersOfUser(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, userId));
  return row?.value ?? 0;
}

export async function selectOwnOrder(
  db: Db,
  orderId: number,
  userId: number,
): Promise<OrderWithHistory | undefined> {
  const [row] = await ordersWithHistory(db).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row && withHistory(row);
}

export async function selectOrderById(db: Db, orderId: number): Promise<OrderWithHistory | undefined> {
  const [row] = await ordersWithHistory(db).where(eq(orders.id, orderId));
  return row && withHistory(row);
}

export function selectLinesOfOrders(db: Db, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

export async function setOrderPaymentStatus(db: Db, orderId: number, paymentStatus: 'COMPLETED' | 'REFUND') {
  await db
    .update(orders)
    .set({ paymentStatus, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

// ---------------------------------------------------------------------------------------------
// Prepared statements for the reads outside a transaction (payment intents, the order's first look)
// ---------------------------------------------------------------------------------------------

/**
 * The checkout's hot reads as named prepared statements: built once, planned once per connection. (Reads
 * inside a transaction must run on its connection, so they use the builders above.)
 */
export function prepareCheckoutReads(db: Db) {
  const lines = checkoutLinesQuery(db, sql.placeholder('cartId'), sql.placeholder('userId')).prepare(
    'checkout_lines',
  );
  const newest = db
    .select()
    .from(payments)
    .where(eq(payments.cartId, sql.placeholder('cartId')))
    .orderBy(desc(payments.id))
    .limit(1)
    .prepare('checkout_newest_payment');
  const byProviderId = db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, sql.placeholder('id')))
    .prepare('checkout_payment_by_provider_id');
  return {
    checkoutLines: (cartId: number, userId: number) =>
      lines.execute({ cartId, userId }) as Promise<CheckoutRow[]>,
    newestPayment: async (cartId: number): Promise<PaymentRow | undefined> =>
      (await newest.execute({ cartId }))[0],
    paymentByProviderId: async (id: string): Promise<PaymentRow | undefined> =>
      (await byProviderId.execute({ id }))[0],
  };
}

// ---------------------------------------------------------------------------------------------
// Ordering on account (issue 21, decision 010)
// ---------------------------------------------------------------------------------------------

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
  email: string;
  firstName: string;
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
      email: users.email,
      firstName: users.firstName,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .innerJoin(carts, eq(carts.userId, companyMembers.userId))
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.userId, sql.placeholder('userId')),
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
  /** To each approver and administrator but the buyer; `{{approval}}` becomes the held order's number. */
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
        purchase_order_number)
      values (${approval.companyId}, ${approval.userId}, ${JSON.stringify(approval.lines)}::jsonb,
        ${approval.subtotalPence}, ${approval.discountPence}, ${approval.shippingPence}, ${approval.vatPence},
        ${approval.totalPence}, ${approval.vatRate}, ${approval.totalWeightKg},
        ${JSON.stringify(approval.shippingDetails)}::jsonb, ${JSON.stringify(approval.shippingAddress)}::jsonb,
        ${JSON.stringify(approval.billingAddress)}::jsonb, ${approval.purchaseOrderNumber})
      returning id
    ),
    emptied as (
      delete from ${cartItems} where cart_id = ${approval.cartId}
    ),
    mail as (
      insert into outbound_emails (to_address, subject, text_body)
      select ${users.email}, replace(${approval.email.subject}, '{{approval}}', held.id::text),
        replace(${approval.email.text}, '{{approval}}', held.id::text)
      from held, ${companyMembers} join ${users} on ${users.id} = ${companyMembers.userId}
      where ${companyMembers.companyId} = ${approval.companyId}
        and ${companyMembers.role} in ('administrator', 'approver')
        and ${companyMembers.userId} <> ${approval.userId} and ${users.deletedAt} is null
    )
    select id from held`);
  return rowsOf<{ id: number }>(result)[0]!.id;
}
