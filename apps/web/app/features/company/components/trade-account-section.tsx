import {
  COMPANY_ROLE_LABELS,
  COMPANY_STATUS_LABELS,
  type CompanyView,
  type MyInvitationView,
} from '@shop/domain';
import { Link } from 'react-router';
import { COMPANY_PAGE_MESSAGES } from '../company-messages';
import { CompanySection } from './company-section';

/** What My account knows of the trade account: the company, or none, and the invitations waiting. */
export interface TradeAccountSummary {
  company: CompanyView | null;
  invitations: MyInvitationView[];
}

/**
 * My account's card for the trade account: the company with its status and the caller's role, or an
 * invitation to apply; a notice when someone has invited the caller to join a company. When it could not be
 * read (null) the card still leads to the trade account page, which says why.
 */
export function TradeAccountSection({ summary }: { summary: TradeAccountSummary | null }) {
  const company = summary?.company ?? null;
  const invitations = summary?.invitations ?? [];
  return (
    <CompanySection title="Trade account">
      {company ? (
        <p>
          {company.trading_name || company.legal_name}
          {company.status === 'approved' ? ` (${company.account_number})` : ''}:{' '}
          {COMPANY_STATUS_LABELS[company.status]}. Your role: {COMPANY_ROLE_LABELS[company.role]}.
        </p>
      ) : (
        <p>{COMPANY_PAGE_MESSAGES.explain}</p>
      )}
      {!company && invitations.length > 0 ? (
        <p className="company-notice" role="note">
          {invitations.length === 1
            ? COMPANY_PAGE_MESSAGES.invitedTo(invitations[0]!.company, invitations[0]!.role)
            : `You have ${invitations.length} invitations to join a trade account.`}
        </p>
      ) : null}
      <p className="account-section__links">
        {company || invitations.length > 0 ? (
          <Link to="/account/company">{company ? 'Your trade account' : 'See your invitations'}</Link>
        ) : (
          <Link to="/account/company">About trade accounts and applying</Link>
        )}
      </p>
    </CompanySection>
  );
}
