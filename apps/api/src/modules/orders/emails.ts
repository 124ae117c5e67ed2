import { ukDeliveryDay, deliveryServicePhrase, formatGbp, formatUkDay } from '@shop/domain';
import type { AddressSnapshot } from '../../db/schema';
import type { OrderDelivery } from '../delivery/views';
import type { PricedCart } from './checkout-pricing';

/**
 * What the confirmation and the approver's request print of the priced order: a priced cart, or a held order's
 * stored figures.
 */
export interface ConfirmedFigures {
  lines: {
    line: Pick<PricedCart['lines'][number]['line'], 'sku' | 'title' | 'packQuantity' | 'unitType'>;
    totals: Pick<PricedCart['lines'][number]['totals'], 'total_pence'>;
  }[];
  totals: Pick<
    PricedCart['totals'],
    'subtotal_pence' | 'discount_pence' | 'shipping_pence' | 'vat_percent' | 'vat_pence' | 'total_pence'
  >;
  shippingDetails: { explanation: string };
  /** The delivery promised; null on a held order's figures from before delivery was dated. */
  delivery?: OrderDelivery | null | undefined;
}

/**
 * The confirmation's delivery line: 'Delivery: Pallet, next day, with a tail lift, on Friday 28 November. It
 * leaves our warehouse by Thursday 27 November.'
 */
export function deliveryLine(delivery: OrderDelivery | null | undefined): string[] {
  if (!delivery) return [];
  return [
    `Delivery: ${deliveryServicePhrase(delivery.service, delivery.extras)}, on ${ukDeliveryDay(delivery.deliveryDate)}. It leaves our warehouse by ${ukDeliveryDay(delivery.dispatchBy)}.`,
  ];
}

const SHOP = 'PackRight Supplies';

const addressLines = (address: AddressSnapshot) =>
  [
    `${address.first_name} ${address.last_name}`,
    address.street,
    address.city,
    address.state,
    address.postal_code,
    'United Kingdom',
  ].filter(Boolean);

/** What a trade account adds to an order's e-mails: its PO number, and on account the terms. */
export interface TradeOrderDetails {
  purchaseOrderNumber: string | null;
  /** On account only: the invoice's due date (YYYY-MM-DD) and the terms in words. */
  onAccount: { invoiceDueDate: string; paymentTerms: string } | null;
}

/** The PO number's line for any e-mail about the order (none when there is no PO number). */
export function purchaseOrderLine(purchaseOrderNumber: string | null | undefined): string[] {
  return purchaseOrderNumber ? [`Your purchase-order number: ${purchaseOrderNumber}`] : [];
}

/**
 * The items and figures of an order's e-mail, worded the same for the buyer's confirmation and the approver's
 * request; `total` names the last line ('Total paid' once a card has paid).
 */
function itemsAndTotals(
  figures: Omit<ConfirmedFigures, 'delivery'>,
  total: 'Total' | 'Total paid',
): string[] {
  const { totals } = figures;
  const explanation = figures.shippingDetails.explanation;
  const lines = figures.lines.map(
    ({ line, totals: line_ }) =>
      `- ${line.sku} ${line.title}: ${line.packQuantity} ${line.unitType === 'pallet' ? 'pack(s) by the pallet' : 'pack(s)'} = ${formatGbp(line_.total_pence)}`,
  );
  return [
    `Items:\n${lines.join('\n')}`,
    [
      `Subtotal: ${formatGbp(totals.subtotal_pence)}`,
      ...(totals.discount_pence > 0 ? [`Discount: -${formatGbp(totals.discount_pence)}`] : []),
      `Shipping: ${totals.shipping_pence === 0 ? 'FREE' : formatGbp(totals.shipping_pence)}${explanation ? ` (${explanation})` : ''}`,
      `VAT (${totals.vat_percent}%): ${formatGbp(totals.vat_pence)}`,
      `${total}: ${formatGbp(totals.total_pence)}`,
    ].join('\n'),
  ];
}

/**
 * The order confirmation (queued in the order's own transaction). `{{order}}` stands for the order number,
 * which the database gives in the same statement.
 */
export function orderConfirmationEmail(
  to: string,
  firstName: string,
  priced: ConfirmedFigures,
  shipping: AddressSnapshot,
  trade: TradeOrderDetails = { purchaseOrderNumber: null, onAccount: null },
): { to: string; subject: string; text: string } {
  const onAccount = trade.onAccount;
  const text = [
    `Hello ${firstName},`,
    onAccount
      ? `Thank you for your order #{{order}}, placed on your company's account. We will send the goods to:`
      : `Thank you for your order #{{order}}. We have your payment and will send the goods to:`,
    addressLines(shipping).join('\n'),
    ...purchaseOrderLine(trade.purchaseOrderNumber),
    ...deliveryLine(priced.delivery),
    ...itemsAndTotals(priced, onAccount ? 'Total' : 'Total paid'),
    onAccount
      ? `Payment is due by ${formatUkDay(onAccount.invoiceDueDate)} (${onAccount.paymentTerms}). Your VAT invoice is attached, with our bank details; you can also download it from the order’s page.`
      : 'Your VAT invoice and paid receipt are attached; you can also download them from the order’s page.',
    'You can follow your order on the Track Order page of your account.',
    SHOP,
  ];
  return { to, subject: `Your ${SHOP} order #{{order}}`, text: `${text.join('\n\n')}\n` };
}

/**
 * To a buyer whose card was charged but whose order's delivery details never came (decision 009): queued in
 * the transaction that records the refund, so it is sent exactly when the refund is owed.
 */
export function detailsNeverArrivedEmail(
  to: string,
  firstName: string,
  amountPence: number,
  /** An address came, but outside the area the payment paid delivery for (decision 015). */
  misdirected = false,
): { to: string; subject: string; text: string } {
  const amount = formatGbp(amountPence);
  const why = misdirected
    ? 'the delivery address we were given is outside the area your payment paid delivery for, and no other address reached us'
    : 'the delivery details for the order never reached us';
  const text = [
    `Hello ${firstName},`,
    `We received your card payment of ${amount}, but ${why}, so no order was placed and nothing will be sent.`,
    `We have refunded the full ${amount} to the card you paid with. Refunds usually show on a statement within 5 to 10 working days.`,
    'You are welcome to order again at any time.',
    SHOP,
  ];
  return {
    to,
    subject: `Your ${SHOP} payment of ${amount} has been refunded`,
    text: `${text.join('\n\n')}\n`,
  };
}

/**
 * To a buyer whose card payment made no order because of why (a quote withdrawn or expired before it was
 * taken): queued with the first refusal of the payment, so it is sent once.
 */
export function paymentRefundedEmail(
  to: string,
  firstName: string,
  amountPence: number,
  reason: string,
): { to: string; subject: string; text: string } {
  const amount = formatGbp(amountPence);
  const text = [
    `Hello ${firstName},`,
    `We received your card payment of ${amount}, but we could not place the order: ${reason}`,
    `We have refunded the full ${amount} to the card you paid with. Refunds usually show on a statement within 5 to 10 working days.`,
    SHOP,
  ];
  return {
    to,
    subject: `Your ${SHOP} payment of ${amount} has been refunded`,
    text: `${text.join('\n\n')}\n`,
  };
}

/**
 * To each approver and administrator of the company when a buyer's on-account order is held for approval:
 * who asked, the lines and figures, and the link to decide it. `{{approval}}` becomes the request's reference
 * (approvalReference) in the statement that holds it.
 */
export function approvalRequestEmail(
  buyer: { name: string; email: string },
  held: Omit<ConfirmedFigures, 'delivery'>,
  purchaseOrderNumber: string | null,
  approvalsUrl: string,
): { subject: string; text: string } {
  const who = buyer.name ? `${buyer.name} (${buyer.email})` : buyer.email;
  const total = formatGbp(held.totals.total_pence);
  const text = [
    'Hello,',
    `${who} wants to place an order of ${total} on your company's account. It is above their order limit, so it waits for an approver as approval request {{approval}}.`,
    ...(purchaseOrderNumber ? [`Purchase-order number: ${purchaseOrderNumber}`] : []),
    ...itemsAndTotals(held, 'Total'),
    `Approve or decline it here: ${approvalsUrl}?status=awaiting_approval#{{approval}}`,
    'No stock or credit is taken until it is approved.',
    SHOP,
  ];
  return {
    subject: `Approval request {{approval}}: an order of ${total} waits for you`,
    text: `${text.join('\n\n')}\n`,
  };
}

/**
 * To the buyer when their approval request is declined, or could not be placed when approved (stock or credit
 * gone, a quote withdrawn), named by its reference (AR-000002), never as an order.
 */
export function approvalOutcomeEmail(
  to: string,
  firstName: string,
  reference: string,
  outcome: 'declined' | 'refused',
  reason: string,
  purchaseOrderNumber: string | null,
): { to: string; subject: string; text: string } {
  const text = [
    `Hello ${firstName},`,
    outcome === 'declined'
      ? `Your approval request ${reference} was declined${reason ? `: ${reason}` : '.'}`
      : `Your approval request ${reference} was approved but could not be placed: ${reason}`,
    ...purchaseOrderLine(purchaseOrderNumber),
    'No order was placed and nothing was charged to your company’s account.',
    ...(outcome === 'declined'
      ? ['You can put its items back in your cart from Approvals in My account, and change or resend them.']
      : []),
    SHOP,
  ];
  return {
    to,
    subject:
      outcome === 'declined'
        ? `Your ${SHOP} approval request ${reference} was declined`
        : `Your ${SHOP} approval request ${reference} could not be placed`,
    text: `${text.join('\n\n')}\n`,
  };
}
