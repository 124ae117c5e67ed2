// Placing an order: from a card payment the provider confirms, or on a company's account with no payment.
import {
  approvalReference,
  availableCreditPence,
  type AwaitingApprovalView,
  CHECKOUT_MESSAGES,
  COMPANY_MESSAGES,
  creditAllows,
  insufficientStockDetail,
  invoiceDueDate,
  needsApproval,
  type OrderCreate,
  type OrderView,
  paymentTermsLabel,
  penceToDecimal,
  purchaseOrderKey,
  roundKg,
  ukToday,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { BadRequest, Conflict, Invalid, NotFound } from '../../http/errors';
import { membershipOf, paysOnAccount } from '../companies/membership';
import { selectPricingSettings } from '../settings/service';
import type { CheckoutDeps } from './checkout-deps';
import { addressSnapshots } from './checkout-details';
import { priceCheckout } from './checkout-pricing';
import {
  cartProblem,
  deliveryChoiceOf,
  orderDeliveryOf,
  orderLinesOf,
  shortItemIds,
  unitsByItem,
} from './checkout-rules';
import { approvalRequestEmail, orderConfirmationEmail } from './emails';
import { newOrderView, orderView } from './order-views';
import * as queries from './queries';
import { completePayment } from './settle-payment';

/**
 * POST orders/: the order of a payment the provider confirms; the same payment always answers the same
 * order. Money, status and VAT in the body are ignored (the schema drops them).
 */
export async function placeOrder(
  deps: CheckoutDeps,
  userId: number,
  body: OrderCreate,
): Promise<{ order: OrderView; created: boolean }> {
  const { db, reads, provider } = deps;
  if (body.transaction_id === undefined) {
    throw new Invalid({ transaction_id: [CHECKOUT_MESSAGES.paymentNotCompleted] });
  }
  const payment = await reads.paymentByProviderId(body.transaction_id);
  if (!payment || payment.userId !== userId) {
    throw new Invalid({ transaction_id: [CHECKOUT_MESSAGES.paymentNotCompleted] });
  }
  if (payment.orderId !== null) return { order: await orderView(db, payment.orderId), created: false };
  if (payment.failureReason !== null) throw new Conflict(payment.failureReason);
  const { billing, shipping } = await addressSnapshots(db, userId, body);
  // The schema's refinements do not run on absent keys (Zod skips absent optional keys).
  if (!billing || !shipping) {
    throw new Invalid({
      ...(shipping ? {} : { shipping_address: [CHECKOUT_MESSAGES.shippingRequired] }),
      ...(billing ? {} : { billing_address: [CHECKOUT_MESSAGES.billingRequired] }),
    });
  }
  const intent = await provider.retrieveIntent(payment.providerPaymentId);
  if (!intent || intent.status !== 'succeeded') throw new BadRequest(CHECKOUT_MESSAGES.paymentNotCompleted);
  const outcome = await completePayment(
    deps,
    payment,
    intent,
    { billing, shipping },
    body.purchase_order_number,
    true,
  );
  switch (outcome.kind) {
    case 'created':
      return { order: outcome.view, created: true };
    case 'existing':
      return { order: await orderView(db, outcome.orderId), created: false };
    default:
      throw new Conflict(outcome.reason);
  }
}

/**
 * POST orders/ with `payment_method: "account"` (DESIGN §7, decision 010): no payment provider. In
 * one transaction the company row and the cart are locked before any stock; what the company owes is summed
 * after the lock; an order above the available credit is refused taking nothing; one above the buyer's
 * order limit is held for an approver (no stock, no credit); otherwise the stock is taken as the card path
 * takes it and the order written with its invoice, due date and terms.
 */
export async function placeOnAccount(
  db: Db,
  userId: number,
  body: OrderCreate,
  /** The storefront's address, for the approvers' link to the request. */
  publicUrl = '',
): Promise<{ order: OrderView; created: boolean } | { held: AwaitingApprovalView }> {
  const { billing, shipping } = await addressSnapshots(db, userId, body);
  if (!billing || !shipping) {
    throw new Invalid({
      ...(shipping ? {} : { shipping_address: [CHECKOUT_MESSAGES.shippingRequired] }),
      ...(billing ? {} : { billing_address: [CHECKOUT_MESSAGES.billingRequired] }),
    });
  }
  const purchaseOrderNumber = body.purchase_order_number || null;
  const issuedOn = ukToday();
  return db.transaction(async (tx) => {
    const account = await queries.lockAccountAndCart(tx, userId, body.cart_id ?? 0);
    if (!account) {
      if (!(await membershipOf(tx, userId))) {
        throw new Invalid({ payment_method: [COMPANY_MESSAGES.noCompany] });
      }
      throw new NotFound();
    }
    if (!paysOnAccount(account) || account.paymentTerms === null) {
      throw new Invalid({ payment_method: [COMPANY_MESSAGES.notOnAccount] });
    }
    if (account.onHold) {
      throw new Invalid({ payment_method: [COMPANY_MESSAGES.onHold(account.holdReason ?? '')] });
    }
    if (account.poRequired && !purchaseOrderNumber) {
      throw new Invalid({ purchase_order_number: [COMPANY_MESSAGES.poRequired] });
    }
    const checkReuse = purchaseOrderNumber !== null && !body.confirm_purchase_order_reuse;
    const { owedPence, poUses } = await queries.selectOwedAndPoUses(
      tx,
      account.companyId,
      checkReuse ? purchaseOrderKey(purchaseOrderNumber) : '',
    );
    if (poUses > 0) {
      throw new Invalid({ purchase_order_number: [COMPANY_MESSAGES.poUsed(purchaseOrderNumber!)] });
    }
    const lines = await queries.selectCheckoutLines(tx, account.cartId, userId);
    const { vatRate, rules } = await selectPricingSettings(tx);
    const priced = priceCheckout(lines, vatRate, rules, {
      postal_code: shipping.postal_code,
      ...deliveryChoiceOf(lines, body),
    });
    const problem = cartProblem(priced);
    if (problem) throw new Invalid(problem);
    const delivery = orderDeliveryOf(priced, shipping.postal_code, rules);
    if (!delivery) {
      throw new Invalid({
        shipping_address: [priced.delivery.quote.reason ?? CHECKOUT_MESSAGES.deliveryNotServed],
      });
    }
    const { totals } = priced;
    const available = availableCreditPence(account.creditLimitPence, owedPence);
    if (!creditAllows(available, totals.total_pence)) {
      throw new Invalid({ payment_method: [COMPANY_MESSAGES.overCredit(available)] });
    }
    const orderLines = orderLinesOf(priced);
    const shippingDetails = {
      ...priced.shippingDetails,
      service: delivery.service,
      extras: delivery.extras,
    };
    const figures = {
      subtotalPence: totals.subtotal_pence,
      discountPence: totals.discount_pence,
      shippingPence: totals.shipping_pence,
      vatPence: totals.vat_pence,
      totalPence: totals.total_pence,
      vatRate,
      totalWeightKg: roundKg(totals.weight_kg),
      shippingDetails,
      shippingAddress: shipping,
      billingAddress: billing,
      purchaseOrderNumber,
    };
    if (needsApproval(account.role, account.orderLimitPence, totals.total_pence)) {
      const approval = await queries.insertApproval(tx, {
        ...figures,
        companyId: account.companyId,
        userId,
        cartId: account.cartId,
        quoteId: account.quoteId,
        lines: orderLines,
        email: approvalRequestEmail(
          { name: `${account.firstName} ${account.lastName}`.trim(), email: account.email },
          priced,
          purchaseOrderNumber,
          `${publicUrl}/account/approvals`,
        ),
      });
      return {
        held: {
          status: 'awaiting_approval' as const,
          approval,
          reference: approvalReference(approval),
          detail: COMPANY_MESSAGES.awaitingApproval,
          total: penceToDecimal(totals.total_pence),
        },
      };
    }
    const need = unitsByItem(priced);
    const stock = await queries.lockStock(tx, [...need.keys()]);
    const lockedStock = new Map(stock.map((row) => [row.id, row.stock]));
    const shortIds = shortItemIds(priced, (line) => lockedStock.get(line.itemId) ?? null);
    if (shortIds.size > 0) {
      throw new Invalid({
        cart: stock
          .filter((row) => shortIds.has(row.id))
          .map((row) => insufficientStockDetail(row.sku, row.stock)),
      });
    }
    await queries.takeStock(tx, need);
    const terms = account.paymentTerms;
    const dueDate = invoiceDueDate(issuedOn, terms);
    const order: queries.NewOrder = {
      ...figures,
      userId,
      cartId: account.cartId,
      paymentId: null,
      paymentStatusText: 'on_account',
      paymentMethod: 'account',
      transactionId: null,
      companyId: account.companyId,
      onAccount: { invoiceDueDate: dueDate, paymentTerms: terms, approvalId: null },
      isTest: false,
      lines: orderLines,
      stockTaken: [...need].map(([itemId, units]) => ({ itemId, units })),
      delivery,
      email: orderConfirmationEmail(account.email, account.firstName, { ...priced, delivery }, shipping, {
        purchaseOrderNumber,
        onAccount: { invoiceDueDate: dueDate, paymentTerms: paymentTermsLabel(terms) },
      }),
    };
    const written = await queries.insertOrder(tx, order);
    return { order: newOrderView(order, written), created: true };
  });
}
