import {
  APPLICATION_DECISION_WORKING_DAYS,
  BUSINESS_TYPE_LABELS,
  COMPANY_ROLE_LABELS,
  companyAccountNumber,
  formatGbp,
  INVITATION_DAYS,
  looksLikeLink,
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
      `Business type: ${BUSINESS_TYPE_LABELS[application.business_type]}`,
      `Legal name: ${application.legal_name}`,
      `Trading name: ${application.trading_name}`,
      `Companies House number: ${application.company_number ?? 'none'}`,
      `VAT number: ${application.vat_number ?? 'not VAT registered'}`,
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

/** The applicant's receipt: the application arrived, and when to expect the decision. */
export function applicationReceiptEmail(
  to: string,
  companyId: number,
  application: Pick<CompanyApply, 'trading_name'>,
  accountUrl: string,
): OutgoingEmail {
  const account = companyAccountNumber(companyId);
  return {
    to,
    subject: `We have received your ${SHOP} trade account application (${account})`,
    text: [
      `Thank you for applying for a trade account for ${application.trading_name}. Your application number is ${account}.`,
      `We check every application and will e-mail you our decision within ${APPLICATION_DECISION_WORKING_DAYS} working days.`,
      `You can see where it stands in My account: ${accountUrl}`,
      SHOP,
      '',
    ].join('\n\n'),
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
 * carries no code and no link that accepts by itself: only the account with this address can accept. It goes
 * to an address the shop does not know, so it is plain text, and a name someone chose that a mail client
 * could show as a link (the inviter's, the company's) is left out: "An administrator", the account number.
 */
export function invitationEmail(
  to: string,
  invitation: { companyId: number; company: string; role: CompanyRole; invitedBy: string },
  accountUrl: string,
): OutgoingEmail {
  const who =
    invitation.invitedBy && !looksLikeLink(invitation.invitedBy) ? invitation.invitedBy : 'An administrator';
  const company = looksLikeLink(invitation.company)
    ? `trade account ${companyAccountNumber(invitation.companyId)}`
    : `${invitation.company}’s trade account`;
  return {
    to,
    subject: `${who} invited you to ${company} at ${SHOP}`,
    text: [
      `${who} invited you to order on ${company} at ${SHOP}, as ${COMPANY_ROLE_LABELS[invitation.role].toLowerCase()}.`,
      `To accept, sign in with this e-mail address (${to}), or sign up with it if you have no account yet, and accept the invitation in My account at ${accountUrl}`,
      `The invitation lasts ${INVITATION_DAYS} days. If you did not expect it, you can ignore this e-mail.`,
      SHOP,
      '',
    ].join('\n\n'),
  };
}
