import {
  approvalReference,
  type ApprovalStatus,
  type ApprovalView,
  availableCreditPence,
  CHECKOUT_MESSAGES,
  COMPANY_MESSAGES,
  type CompanyInvoiceView,
  companyMay,
  type CompanyOrderView,
  creditAllows,
  documentNumber,
  mayGoBackInCart,
  documentPaths,
  insufficientStockDetail,
  invoiceDueDate,
  type OrderView,
  type PageRequest,
  type ReorderResult,
  paymentTermsLabel,
  penceToDecimal,
  quoteRefusal,
  ukToday,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { Conflict, DomainError, NotFound } from '../../http/errors';
import { selectPricingSettings } from '../settings/service';
import { countFromPage, pageWindow } from '../../http/pagination';
import { groupBy } from '../../lib/group-by';
import { membershipOf, paysOnAccount, type Membership } from '../companies/membership';
import { enqueueEmail } from '../mail/service';
import { approvalOutcomeEmail, orderConfirmationEmail } from '../orders/emails';
import * as orderQueries from '../orders/service';
import { datedDelivery } from '../orders/checkout-rules';
import { newOrderView, toOrderView } from '../orders/order-views';
import type { CartsService } from '../carts/service';
import { lockQuoteToAccept } from '../quotes/service';
import { putOrderBackInCart } from '../reorder/put-back';
import * as queries from './queries';

/** 403 with the message the member reads (a member without the role). */
const forbidden = (message: string) => new DomainError(message, 403);

const buyerOf = (row: queries.BuyerRow) => ({ id: row.buyerId, email: row.buyerEmail, name: row.buyerName });

/** An approval request as `userId` reads it. */
export function toApprovalView(row: queries.ApprovalRow, userId: number): ApprovalView {
  return {
    id: row.id,
    reference: approvalReference(row.id),
    status: row.status,
    buyer: buyerOf(row),
    purchase_order_number: row.purchaseOrderNumber,
    subtotal: penceToDecimal(row.subtotalPence),
    vat_amount: penceToDecimal(row.vatPence),
    shipping_cost: penceToDecimal(row.shippingPence),
    total: penceToDecimal(row.totalPence),
    lines: row.lines.map((line) => ({
      item: line.itemId,
      sku: line.sku,
      title: line.title,
      pack_quantity: line.packQuantity,
      price_per_pack: penceToDecimal(line.pricePerPackPence),
      total: penceToDecimal(line.totalPence),
    })),
    shipping_address: row.shippingAddress,
    order: row.orderId,
    reason: row.reason,
    created_at: new Date(row.createdAt).toISOString(),
    decided_at: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    can_put_back: row.buyerId === userId && mayGoBackInCart(row.status),
  };
}

type Decision =
  | { kind: 'placed'; order: OrderView; decidedAt: Date }
  | { kind: 'refused'; reason: string; decidedAt: Date };

/**
 * A company's orders, invoices and held orders in My account: every call reads the caller's
 * membership and role from the database first, so a member removed a moment ago reads as none (404), and
 * another company's records are never found (404).
 */
export function createCompanyOrdersService(db: Db, carts: CartsService) {
  async function memberOf(userId: number): Promise<Membership> {
    const membership = await membershipOf(db, userId);
    if (!membership) throw new NotFound();
    return membership;
  }

  /**
   * The approver's membership read again once the company's row is locked (lockApproval takes it; a role
   * change or a removal takes it too): a demotion that committed while the decision waited counts. 404 when
   * they left the company, 403 when they may no longer approve.
   */
  async function approverUnderLock(tx: Db, userId: number, companyId: number): Promise<void> {
    const now = await membershipOf(tx, userId);
    if (!now || now.companyId !== companyId) throw new NotFound();
    if (!companyMay(now.role, 'approve')) throw forbidden(COMPANY_MESSAGES.approverOnly);
  }

  /** Approvers and administrators see the company's held orders; a buyer sees their own. */
  const approvalScope = (membership: Membership, userId: number) => ({
    companyId: membership.companyId,
    ...(companyMay(membership.role, 'approve') ? {} : { userId }),
  });

  /**
   * Places a held order from its stored lines and figures (decision 010), in one transaction with the
   * company row and the held order locked, the credit and stock checked now. When either has gone (or the
   * buyer has left, or the account cannot be used) the held order is marked refused with the reason and the
   * buyer told; nothing is taken.
   */
  async function decideApproval(approverId: number, held: queries.LockedApproval, tx: Db): Promise<Decision> {
    const refuse = async (reason: string): Promise<Decision> => {
      const decidedAt = await queries.markApprovalDecided(tx, held.id, {
        status: 'refused',
        reason,
        decidedBy: approverId,
      });
      await enqueueEmail(
        tx,
        approvalOutcomeEmail(
          held.buyerEmail,
          held.buyerFirstName,
          approvalReference(held.id),
          'refused',
          reason,
          held.purchaseOrderNumber,
        ),
      );
      return { kind: 'refused', reason, decidedAt };
    };
    if (!held.buyerStillMember) return refuse('The buyer no longer belongs to the company.');
    const terms = held.paymentTerms;
    if (
      terms === null ||
      !paysOnAccount({
        status: held.companyStatus,
        creditLimitPence: held.creditLimitPence,
        paymentTerms: terms,
      })
    ) {
      return refuse(COMPANY_MESSAGES.notOnAccount);
    }
    if (held.onHold) return refuse(COMPANY_MESSAGES.onHold(held.holdReason ?? ''));
    // Made from a quote's cart: the quote's rules apply now, as they would to paying its cart (decision 013).
    // The quote is the buyer's own, locked as a withdrawal locks it, so a withdrawal and an approval run in turn.
    const quote = held.quoteId === null ? null : await lockQuoteToAccept(tx, held.quoteId, held.userId);
    const lapsed = quote
      ? quoteRefusal(
          { status: quote.status, version: quote.version, expiresOn: quote.expires_on },
          new Date(),
        )
      : null;
    if (lapsed) return refuse(lapsed);
    const { owedPence } = await orderQueries.selectOwedAndPoUses(tx, held.companyId, '');
    const available = availableCreditPence(held.creditLimitPence, owedPence);
    if (!creditAllows(available, held.totalPence)) return refuse(COMPANY_MESSAGES.overCredit(available));
    // The promise is dated now, for the service the buyer chose when the order was held; an
    // address that can no longer have it is refused before any stock is taken.
    const { service, extras, ...shippingDetails } = held.shippingDetails;
    const delivery = service
      ? datedDelivery(
          { service, extras: extras ?? [] },
          held.shippingAddress.postal_code,
          (await selectPricingSettings(tx)).rules,
        )
      : null;
    if (service && !delivery) return refuse(CHECKOUT_MESSAGES.deliveryNotServed);

    const need = new Map<number, number>();
    for (const line of held.lines) {
      need.set(line.itemId, (need.get(line.itemId) ?? 0) + line.packQuantity * line.unitsPerPack);
    }
    const rows = await queries.lockHeldItems(tx, [...need.keys()]);
    const found = new Map(rows.map((row) => [row.id, row]));
    const gone = held.lines.filter((line) => found.get(line.itemId)?.status !== 'active');
    if (gone.length > 0) {
      return refuse(
        [...new Set(gone.map((line) => line.sku))].map((sku) => `${sku} is no longer available.`).join(' '),
      );
    }
    const short = rows.filter((row) => row.trackInventory && need.get(row.id)! > row.stock);
    if (short.length > 0) {
      return refuse(short.map((row) => insufficientStockDetail(row.sku, row.stock)).join(' '));
    }
    const taken = new Map(rows.filter((row) => row.trackInventory).map((row) => [row.id, need.get(row.id)!]));
    await orderQueries.takeStock(tx, taken);

    const dueDate = invoiceDueDate(ukToday(), terms);
    const order: orderQueries.NewOrder = {
      userId: held.userId,
      cartId: null,
      paymentId: null,
      paymentStatusText: 'on_account',
      subtotalPence: held.subtotalPence,
      discountPence: held.discountPence,
      shippingPence: held.shippingPence,
      vatPence: held.vatPence,
      totalPence: held.totalPence,
      vatRate: Number(held.vatRate),
      paymentMethod: 'account',
      transactionId: null,
      companyId: held.companyId,
      purchaseOrderNumber: held.purchaseOrderNumber,
      onAccount: {
        invoiceDueDate: dueDate,
        paymentTerms: terms,
        approvalId: held.id,
        decidedBy: approverId,
        quoteId: quote ? held.quoteId : null,
      },
      shippingAddress: held.shippingAddress,
      billingAddress: held.billingAddress,
      shippingDetails,
      totalWeightKg: Number(held.totalWeightKg),
      delivery,
      isTest: false,
      lines: held.lines,
      stockTaken: [...taken].map(([itemId, units]) => ({ itemId, units })),
      email: orderConfirmationEmail(
        held.buyerEmail,
        held.buyerFirstName,
        {
          lines: held.lines.map((line) => ({
            line: line,
            totals: { total_pence: line.totalPence },
          })),
          totals: {
            subtotal_pence: held.subtotalPence,
            discount_pence: held.discountPence,
            shipping_pence: held.shippingPence,
            vat_percent: Number(held.vatRate),
            vat_pence: held.vatPence,
            total_pence: held.totalPence,
          },
          shippingDetails,
          delivery,
        },
        held.shippingAddress,
        {
          purchaseOrderNumber: held.purchaseOrderNumber,
          onAccount: { invoiceDueDate: dueDate, paymentTerms: paymentTermsLabel(terms) },
        },
      ),
    };
    const written = await orderQueries.insertOrder(tx, order);
    return { kind: 'placed', order: newOrderView(order, written), decidedAt: written.createdAt };
  }

  return {
    /** GET account/company/orders/ (administrators): the company's orders, filtered, newest first. */
    async listOrders(
      userId: number,
      filters: queries.CompanyOrderFilters,
      page: PageRequest,
    ): Promise<{ count: number; results: CompanyOrderView[] }> {
      const membership = await memberOf(userId);
      if (!companyMay(membership.role, 'seeAllOrders')) throw forbidden(COMPANY_MESSAGES.forbidden);
      const window = pageWindow(page);
      const rows = await queries.selectCompanyOrders(db, membership.companyId, filters, window);
      const count =
        countFromPage(rows.length, window) ??
        (await queries.countCompanyOrders(db, membership.companyId, filters));
      const lines = groupBy(
        await orderQueries.selectLinesOfOrders(
          db,
          rows.map((row) => row.order.id),
        ),
        (line) => line.orderId,
      );
      return {
        count,
        results: rows.map((row) => ({
          ...toOrderView(row.order, lines.get(row.order.id) ?? [], row.history, row.creditNotes),
          buyer: buyerOf(row),
        })),
      };
    },

    /** GET account/company/invoices/ (every member): the company's invoiced orders, newest first. */
    async listInvoices(
      userId: number,
      page: PageRequest,
    ): Promise<{ count: number; results: CompanyInvoiceView[] }> {
      const membership = await memberOf(userId);
      if (!companyMay(membership.role, 'seeInvoices')) throw forbidden(COMPANY_MESSAGES.forbidden);
      const window = pageWindow(page);
      const rows = await queries.selectCompanyInvoices(db, membership.companyId, window);
      const count =
        countFromPage(rows.length, window) ?? (await queries.countCompanyInvoices(db, membership.companyId));
      return {
        count,
        results: rows.map((row) => ({
          order: row.orderId,
          invoice_number: documentNumber('invoice', row.invoiceNumber),
          invoice: documentPaths.invoice(row.orderId),
          total: penceToDecimal(row.totalPence),
          invoice_due_date: row.invoiceDueDate,
          purchase_order_number: row.purchaseOrderNumber,
          payment_status: row.paymentStatus,
          buyer: buyerOf(row),
          created_at: new Date(row.createdAt).toISOString(),
        })),
      };
    },

    /** GET account/company/approvals/: the company's held orders for approvers, a buyer's own for a buyer. */
    async listApprovals(
      userId: number,
      status: ApprovalStatus | undefined,
      page: PageRequest,
    ): Promise<{ count: number; results: ApprovalView[] }> {
      const membership = await memberOf(userId);
      const scope = { ...approvalScope(membership, userId), status };
      const window = pageWindow(page);
      const rows = await queries.selectApprovals(db, scope, window);
      const count = countFromPage(rows.length, window) ?? (await queries.countApprovals(db, scope));
      return { count, results: rows.map((row) => toApprovalView(row, userId)) };
    },

    async getApproval(userId: number, id: number): Promise<ApprovalView> {
      const membership = await memberOf(userId);
      const row = await queries.selectApproval(db, id, approvalScope(membership, userId));
      if (!row) throw new NotFound();
      return toApprovalView(row, userId);
    },

    /**
     * POST account/company/approvals/{id}/approve/: places the held order now, or marks it refused (409)
     * when stock or credit has run out. Two approvers at once make one order: the second finds it decided.
     */
    async approve(userId: number, id: number): Promise<{ approval: ApprovalView; order: OrderView }> {
      const membership = await memberOf(userId);
      if (!companyMay(membership.role, 'approve')) throw forbidden(COMPANY_MESSAGES.approverOnly);
      const { held, decision } = await db.transaction(async (tx) => {
        const held = await queries.lockApproval(tx, id, membership.companyId);
        if (!held) throw new NotFound();
        await approverUnderLock(tx, userId, membership.companyId);
        if (held.status !== 'awaiting_approval') throw new Conflict(COMPANY_MESSAGES.approvalDecided);
        if (held.userId === userId) throw forbidden(COMPANY_MESSAGES.ownApproval);
        return { held, decision: await decideApproval(userId, held, tx) };
      });
      if (decision.kind === 'refused') throw new Conflict(decision.reason);
      return {
        approval: toApprovalView(
          {
            ...held,
            status: 'approved',
            orderId: decision.order.id,
            decidedAt: decision.decidedAt,
          },
          userId,
        ),
        order: decision.order,
      };
    },

    /**
     * POST account/company/approvals/{id}/add-to-cart/: the buyer's own declined (or refused) request's lines
     * put back in their cart at today's prices, as a reorder puts an order's back (`putOrderBackInCart`), to
     * change and send again. Another's request, even an approver's view of it, is not found (404).
     */
    async addToCart(userId: number, id: number): Promise<ReorderResult> {
      const row = await queries.selectOwnApprovalLines(db, id, userId);
      if (!row) throw new NotFound();
      if (!mayGoBackInCart(row.status)) throw new Conflict(COMPANY_MESSAGES.notPutBack);
      return putOrderBackInCart(db, carts, userId, row.lines);
    },

    /** POST account/company/approvals/{id}/decline/: nothing is placed; the buyer is told why. */
    async decline(userId: number, id: number, reason: string): Promise<ApprovalView> {
      const membership = await memberOf(userId);
      if (!companyMay(membership.role, 'approve')) throw forbidden(COMPANY_MESSAGES.approverOnly);
      return db.transaction(async (tx) => {
        const held = await queries.lockApproval(tx, id, membership.companyId);
        if (!held) throw new NotFound();
        await approverUnderLock(tx, userId, membership.companyId);
        if (held.status !== 'awaiting_approval') throw new Conflict(COMPANY_MESSAGES.approvalDecided);
        const decidedAt = await queries.markApprovalDecided(tx, id, {
          status: 'declined',
          reason,
          decidedBy: userId,
        });
        await enqueueEmail(
          tx,
          approvalOutcomeEmail(
            held.buyerEmail,
            held.buyerFirstName,
            approvalReference(held.id),
            'declined',
            reason,
            held.purchaseOrderNumber,
          ),
        );
        return toApprovalView({ ...held, status: 'declined', reason, decidedAt }, userId);
      });
    },
  };
}

export type CompanyOrdersService = ReturnType<typeof createCompanyOrdersService>;

export { forgetHeldOrdersOf } from './queries';
