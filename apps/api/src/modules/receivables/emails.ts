import {
  companyAccountNumber,
  formatGbp,
  formatUkDay,
  invoiceLabel,
  RECEIVED_METHOD_LABELS,
  type ReceivedMethod,
} from '@shop/domain';
import type { OutgoingEmail } from '../mail/service';

const SHOP = 'PackRight Supplies';

/** "£1,234.50 in credit" for a balance below zero, else what is owed. */
function balanceWords(balancePence: number): string {
  return balancePence < 0 ? `${formatGbp(-balancePence)} in credit` : `${formatGbp(balancePence)} owed`;
}

/** The receipt a company's administrator is e-mailed when staff record a payment received. */
export function receiptEmail(
  to: string,
  company: { id: number; tradingName: string },
  payment: { amountPence: number; receivedOn: string; method: ReceivedMethod; reference: string },
  paid: readonly { number: number | null; orderId: number; amountPence: number }[],
  balancePence: number,
): OutgoingEmail {
  const lines = paid.map(
    (line) =>
      `  Invoice ${invoiceLabel({ id: line.orderId, number: line.number })}: ${formatGbp(line.amountPence)}`,
  );
  return {
    to,
    subject: `Payment received: ${formatGbp(payment.amountPence)} (${companyAccountNumber(company.id)})`,
    text: [
      `Thank you. We have received a payment on the trade account of ${company.tradingName} (${companyAccountNumber(company.id)}).`,
      [
        `Amount: ${formatGbp(payment.amountPence)}`,
        `Date received: ${formatUkDay(payment.receivedOn)}`,
        `Method: ${RECEIVED_METHOD_LABELS[payment.method]}`,
        `Reference: ${payment.reference || '(none)'}`,
      ].join('\n'),
      lines.length > 0
        ? ['It paid:', ...lines].join('\n')
        : 'It is held as credit on the account, not set against an invoice yet.',
      `Your account balance is now ${balanceWords(balancePence)}.`,
      SHOP,
      '',
    ].join('\n\n'),
  };
}

/** The automatic hold (an invoice more than N days overdue) or its lifting, to each administrator. */
export function automaticHoldEmail(
  to: string,
  company: { id: number; tradingName: string },
  hold: { onHold: true; reason: string } | { onHold: false },
): OutgoingEmail {
  const account = `${company.tradingName} (${companyAccountNumber(company.id)})`;
  return hold.onHold
    ? {
        to,
        subject: `Your ${SHOP} trade account is on hold`,
        text: [
          `The trade account of ${account} is on hold: it cannot pay on account until the overdue invoices are paid.`,
          `Reason: ${hold.reason}`,
          'Card payment is still open. The hold lifts by itself once the overdue invoices are paid.',
          SHOP,
          '',
        ].join('\n\n'),
      }
    : {
        to,
        subject: `Your ${SHOP} trade account is no longer on hold`,
        text: [`The overdue invoices of ${account} are paid: you can order on account again.`, SHOP, ''].join(
          '\n\n',
        ),
      };
}
