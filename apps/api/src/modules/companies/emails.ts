import {
  COMPANY_ROLE_LABELS,
  companyAccountNumber,
  formatGbp,
  INVITATION_DAYS,
  paymentTermsLabel,
  type CompanyApply,
  type CompanyRole,
  type PaymentTerms,
} from '@shop/domain';
import type { AddressSnapshot } from '../../db/schema';
import type { OutgoingEmail } from '../mail/service';

const SHOP = 'PackRight Supplies';

const addressLines = (address: AddressSnapshot) =>
  [
    `${address.first_name} ${address.last_name}`,
    address.street,
    address.city,
    address.state,
    address.postal_code,
    address.country,
    address.telephone_number,
  ]
    .filter(Boolean)
    .map((line) => `  ${line}`);

/** The application, as the shop's inbox receives it (staff decide it in /admin). */
export function applicationEmail(
  to: string,
  companyId: number,
  applicant: { id: number },
  application: CompanyApply,
): OutgoingEmail {
  const account = companyAccountNumber(companyId);
  return {
    to,
    subject: `Trade account application: ${application.trading_name} (${account})`,
    text: [
      `A customer applied for a trade account (${account}). Decide it in the back office under Companies.`,
      '',
      // The account by id, not address: an erasure leaves no copy of the applicant's address in the outbox.
      `Applicant: customer account ${applicant.id} (their address is in the back office)`,
      `Legal name: ${application.legal_name}`,
      `Trading name: ${application.trading_name}`,
      `Companies House number: ${application.company_number}`,
      `VAT number: ${application.vat_number}`,
      `Accounts contact: ${application.accounts_email}`,
      `Credit limit asked for: ${formatGbp(application.requested_credit_limit)}`,
      'Registered address:',
      ...addressLines(application.registered_address),
      'Invoice address:',
      ...addressLines(application.invoice_address),
      'Trade references:',
      ...application.trade_references.map((reference) => `  ${reference.name} <${reference.email}>`),
      '',
    ].join('\n'),
  };
}

/** Staff approved the application: with credit and terms, or for card payment only. */
export function approvedEmail(
  to: string,
  company: { id: number; tradingName: string },
  creditLimitPence: number,
  terms: PaymentTerms | null,
  accountUrl: string,
): OutgoingEmail {
  const credit =
    creditLimitPence > 0 && terms
      ? `Your company may pay on account with a credit limit of ${formatGbp(creditLimitPence)}, ` +
        `payment terms: ${paymentTermsLabel(terms).toLowerCase()}.`
      : 'Your company is approved to order by card; it has no credit to pay on account.';
  return {
    to,
    subject: `Your ${SHOP} trade account is approved`,
    text: [
      `Your application for ${company.tradingName} is approved. Your account number is ${companyAccountNumber(company.id)}.`,
      credit,
      `Invite your colleagues and manage the account in My account: ${accountUrl}`,
      SHOP,
      '',
    ].join('\n\n'),
  };
}

export function declinedEmail(
  to: string,
  company: { id: number; tradingName: string },
  reason: string,
): OutgoingEmail {
  return {
    to,
    subject: `Your ${SHOP} trade account application`,
    text: [
      `We are sorry: your application for a trade account for ${company.tradingName} (${companyAccountNumber(company.id)}) was declined.`,
      `Reason: ${reason}`,
      'You may apply again from My account, or contact us if anything has changed.',
      SHOP,
      '',
    ].join('\n\n'),
  };
}

export function holdEmail(
  to: string,
  company: { id: number; tradingName: string },
  onHold: boolean,
  reason: string,
): OutgoingEmail {
  return onHold
    ? {
        to,
        subject: `Your ${SHOP} trade account is on hold`,
        text: [
          `The trade account of ${company.tradingName} (${companyAccountNumber(company.id)}) is on hold: it cannot pay on account until the hold is lifted.`,
          ...(reason ? [`Reason: ${reason}`] : []),
          'Card payment is still open. Please contact us to resolve it.',
          SHOP,
          '',
        ].join('\n\n'),
      }
    : {
        to,
        subject: `Your ${SHOP} trade account is no longer on hold`,
        text: [
          `The hold on the trade account of ${company.tradingName} (${companyAccountNumber(company.id)}) is lifted: it may pay on account again.`,
          SHOP,
          '',
        ].join('\n\n'),
      };
}

/**
 * The invitation: sign in, or sign up, with this address and accept it in My account (decision 010). It
 * carries no code and no link that accepts by itself: only the account with this address can accept.
 */
export function invitationEmail(
  to: string,
  invitation: { company: string; role: CompanyRole; invitedBy: string },
  accountUrl: string,
): OutgoingEmail {
  const who = invitation.invitedBy || 'An administrator';
  return {
    to,
    subject: `${who} invited you to ${invitation.company}’s trade account at ${SHOP}`,
    text: [
      `${who} invited you to order for ${invitation.company} at ${SHOP}, as ${COMPANY_ROLE_LABELS[invitation.role].toLowerCase()}.`,
      `To accept, sign in with this e-mail address (${to}), or sign up with it if you have no account yet, and accept the invitation in My account at ${accountUrl}`,
      `The invitation lasts ${INVITATION_DAYS} days. If you did not expect it, you can ignore this e-mail.`,
      SHOP,
      '',
    ].join('\n\n'),
  };
}
