import {
  COMPANY_ROLE_LABELS,
  COMPANY_STATUS_LABELS,
  companyMay,
  type CompanyView,
  formatDecimalGbp,
  ukDate,
} from '@shop/domain';
import { Link } from 'react-router';
import { COMPANY_PAGE_MESSAGES } from '../company-messages';
import { AgedDebtTable } from '~/features/commerce/components/aged-debt-table';
import { CompanySection } from './company-section';
import { ScrollRegion } from '~/components/ui/scroll-region';

/** A term and its value in the overview's list. */
function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="company-facts__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The company at a glance: its status (awaiting a decision; declined with the reason and a way to apply
 * again; approved with the account number and the caller's role), and for administrators the credit: limit,
 * balance, what is overdue and the aged buckets, what is left, the terms and any hold with its reason.
 */
export function CompanyOverview({ company }: { company: CompanyView }) {
  const admin = companyMay(company.role, 'manage');
  return (
    <CompanySection title={company.trading_name || company.legal_name}>
      <dl className="company-facts">
        <Fact term="Status">
          <span className={`company-status company-status--${company.status}`}>
            {COMPANY_STATUS_LABELS[company.status]}
          </span>
        </Fact>
        {company.status === 'approved' ? <Fact term="Account number">{company.account_number}</Fact> : null}
        <Fact term="Legal name">{company.legal_name}</Fact>
        <Fact term="Your role">{COMPANY_ROLE_LABELS[company.role]}</Fact>
        {company.status === 'approved' && !admin ? (
          <Fact term="Your order limit">
            {company.order_limit ? formatDecimalGbp(company.order_limit) : 'None'}
          </Fact>
        ) : null}
        {company.status === 'approved' && admin ? (
          <>
            <Fact term="Credit limit">
              {company.credit_limit ? formatDecimalGbp(company.credit_limit) : '—'}
            </Fact>
            <Fact term="Balance">{company.balance ? formatDecimalGbp(company.balance) : '—'}</Fact>
            <Fact term="Overdue">{company.overdue ? formatDecimalGbp(company.overdue) : '—'}</Fact>
            <Fact term="Available credit">
              {company.available_credit ? formatDecimalGbp(company.available_credit) : '—'}
            </Fact>
            <Fact term="Payment terms">{company.payment_terms?.label ?? 'Card payment only'}</Fact>
            <Fact term="On hold">
              {company.on_hold ? `Yes${company.hold_reason ? `: ${company.hold_reason}` : ''}` : 'No'}
            </Fact>
          </>
        ) : null}
        {company.status !== 'approved' ? (
          <Fact term="Applied">
            <time dateTime={company.created_at}>{ukDate(company.created_at)}</time>
          </Fact>
        ) : null}
      </dl>
      {company.status === 'approved' && admin && company.aged ? (
        <ScrollRegion className="company-table-scroll" label="Aged debt, scrolls sideways">
          <AgedDebtTable
            aged={company.aged}
            caption="What is owed, by days past due"
            className="company-table"
          />
        </ScrollRegion>
      ) : null}
      {company.status === 'pending' ? <p>{COMPANY_PAGE_MESSAGES.pending}</p> : null}
      {company.status === 'declined' ? (
        <div className="company-declined">
          <p>
            {COMPANY_PAGE_MESSAGES.declined}
            {company.decline_reason ? ` Reason: ${company.decline_reason}` : ''}
          </p>
          <p className="account-section__links">
            <Link to="/account/company/apply">Apply again</Link>
          </p>
        </div>
      ) : null}
      {company.status === 'approved' ? (
        <p className="account-section__links">
          {companyMay(company.role, 'approve') ? (
            <Link to="/account/approvals">Approval requests</Link>
          ) : (
            <Link to="/account/approvals">Your approval requests</Link>
          )}
        </p>
      ) : null}
    </CompanySection>
  );
}
