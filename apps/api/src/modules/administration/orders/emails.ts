import { formatGbp, type OrderStatus } from '@shop/domain';
import type { OutgoingEmail } from '../../mail/service';
import { purchaseOrderLine } from '../../orders/emails';

const SHOP = 'PackRight Supplies';
const TRACK = 'You can follow your order on the Track Order page of your account.';

export interface Recipient {
  email: string;
  firstName: string;
}

const message = (to: Recipient, subject: string, paragraphs: string[]): OutgoingEmail => ({
  to: to.email,
  subject,
  text: `${[`Hello ${to.firstName},`, ...paragraphs, SHOP].join('\n\n')}\n`,
});

/**
 * The e-mail telling the buyer their order moved on (queued in the move's own transaction). A cancelled paid
 * order says its refund is on its way; the refund's own e-mail confirms it once the provider has made it. On
 * account the refund is a credit note, issued at once and sent in its own e-mail. Every one prints
 * the order's PO number when it has one.
 */
export function statusChangeEmail(
  to: Recipient,
  orderId: number,
  status: Exclude<OrderStatus, 'pending'>,
  details: {
    carrier?: string | null;
    trackingNumber?: string | null;
    note?: string;
    refundPence?: number;
    purchaseOrderNumber?: string | null;
    onAccount?: boolean;
  },
): OutgoingEmail {
  const note = [
    ...purchaseOrderLine(details.purchaseOrderNumber),
    ...(details.note ? [`Note from us: ${details.note}`] : []),
  ];
  switch (status) {
    case 'processing':
      return message(to, `Your ${SHOP} order #${orderId} is being prepared`, [
        `We are preparing your order #${orderId} for dispatch.`,
        ...note,
        TRACK,
      ]);
    case 'shipped':
      return message(to, `Your ${SHOP} order #${orderId} has shipped`, [
        `Your order #${orderId} is on its way.`,
        `Carrier: ${details.carrier}\nTracking number: ${details.trackingNumber}`,
        ...note,
        TRACK,
      ]);
    case 'delivered':
      return message(to, `Your ${SHOP} order #${orderId} has been delivered`, [
        `Your order #${orderId} has been delivered. Thank you for shopping with us.`,
        ...note,
        TRACK,
      ]);
    case 'cancelled':
      return message(to, `Your ${SHOP} order #${orderId} has been cancelled`, [
        `Your order #${orderId} has been cancelled.`,
        ...(details.refundPence
          ? [
              details.onAccount
                ? `We have credited ${formatGbp(details.refundPence)} to your company’s account; a separate e-mail carries the credit note.`
                : `We are refunding ${formatGbp(details.refundPence)} to the card you paid with; a separate e-mail confirms the refund.`,
            ]
          : []),
        ...note,
        TRACK,
      ]);
  }
}

/**
 * The e-mail confirming a refund the provider has made (queued in the transaction that records it); on account,
 * the credit note that lowers what the company owes.
 */
export function refundEmail(
  to: Recipient,
  orderId: number,
  amountPence: number,
  reason: string,
  refundedInFull: boolean,
  trade: { purchaseOrderNumber: string | null; onAccount: boolean } = {
    purchaseOrderNumber: null,
    onAccount: false,
  },
): OutgoingEmail {
  const inFull = refundedInFull ? '; the order is now refunded in full' : '';
  if (trade.onAccount) {
    return message(to, `Credit note of ${formatGbp(amountPence)} for your ${SHOP} order #${orderId}`, [
      `We have credited ${formatGbp(amountPence)} for order #${orderId} to your company’s account${inFull}. It lowers the balance your company owes; no card payment is involved.`,
      ...purchaseOrderLine(trade.purchaseOrderNumber),
      `Reason: ${reason}`,
      'The credit note is attached.',
      TRACK,
    ]);
  }
  return message(to, `Refund of ${formatGbp(amountPence)} for your ${SHOP} order #${orderId}`, [
    `We have refunded ${formatGbp(amountPence)} to the card you paid for order #${orderId} with${inFull}.`,
    ...purchaseOrderLine(trade.purchaseOrderNumber),
    `Reason: ${reason}`,
    'Refunds usually reach your account within 5 to 10 business days.',
    'The credit note for this refund is attached.',
    TRACK,
  ]);
}
