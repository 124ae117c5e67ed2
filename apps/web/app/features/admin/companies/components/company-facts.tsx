import {
  type AdminCompanyDetail,
  BUSINESS_TYPE_LABELS,
  COMPANY_ROLE_LABELS,
  COMPANY_STATUS_LABELS,
  formatDecimalGbp,
  ukDate,
  ukDateTime,
} from '@shop/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ScrollRegion } from '~/components/ui/scroll-region';
import { AddressLines } from '~/features/addresses/components/address-lines';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="admin-companies__facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The company's account: its status, and for an approved one its credit, balance, terms and hold. */
export function CompanyAccount({ company }: { company: AdminCompanyDetail }) {
  const rows: [string, ReactNode][] = [
    ['Account number', company.account_number],
    [
      'Status',
      <span key="status" className="admin-badge">
        {COMPANY_STATUS_LABELS[company.status]}
      </span>,
    ],
    [
      'Applied',
      <time key="applied" dateTime={company.created_at}>
        {ukDateTime(company.created_at)}
      </time>,
    ],
  ];
  if (company.decided_at) {
    rows.push([
      'Decided',
      <time key="decided" dateTime={company.decided_at}>
        {ukDateTime(company.decided_at)}
      </time>,
    ]);
  }
  if (company.status === 'declined') rows.push(['Reason for declining', company.decline_reason ?? '']);
  if (company.status === 'approved') {
    rows.push(
      ['Payment', company.pay_on_account ? 'On account or by card' : 'Card payment only'],
      ['Credit limit', formatDecimalGbp(company.credit_limit)],
      ['Payment terms', company.payment_terms?.label ?? 'None'],
      ['Balance owed', formatDecimalGbp(company.balance)],
      ['Available credit', formatDecimalGbp(company.available_credit)],
      ['PO number required', company.po_required ? 'Yes' : 'No'],
      ['On hold', company.on_hold ? `Yes${company.hold_reason ? `: ${company.hold_reason}` : ''}` : 'No'],
    );
  }
  return <Facts rows={rows} />;
}

/** What the company applied with: names, numbers, addresses, the accounts contact, references and credit. */
export function CompanyApplication({ company }: { company: AdminCompanyDetail }) {
  return (
    <>
      <Facts
        rows={[
          ['Type of business', BUSINESS_TYPE_LABELS[company.business_type]],
          ['Legal name', company.legal_name],
          ['Trading name', company.trading_name],
          ['Companies House number', company.company_number ?? 'None'],
          ['VAT number', company.vat_number ?? 'Not VAT registered'],
          ['Accounts e-mail', company.accounts_email],
          ['Applicant', company.applicant_email ?? 'Account removed'],
          ['Credit asked for', formatDecimalGbp(company.requested_credit_limit)],
        ]}
      />
      <div className="admin-grid">
        <div>
          <h3>Registered address</h3>
          <AddressLines address={company.registered_address} />
        </div>
        <div>
          <h3>Invoice address</h3>
          <AddressLines address={company.invoice_address} />
        </div>
      </div>
      <h3>Trade references</h3>
      <ul>
        {company.trade_references.map((reference) => (
          <li key={reference.email}>
            {reference.name}, {reference.email}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Who orders under the company, with their role and order limit. */
export function CompanyMembers({ company }: { company: AdminCompanyDetail }) {
  if (company.member_list.length === 0) return <p>No members.</p>;
  return (
    <div className="admin-table">
      <ScrollRegion className="admin-table__scroll" label="Members table">
        <table>
          <caption className="visually-hidden">Members</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col" className="admin-table__num">
                Order limit
              </th>
              <th scope="col">Joined</th>
            </tr>
          </thead>
          <tbody>
            {company.member_list.map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  <Link
                    to={`/admin/customers/${member.user}`}
                  >{`${member.first_name} ${member.last_name}`}</Link>
                </th>
                <td>{member.email}</td>
                <td>{COMPANY_ROLE_LABELS[member.role]}</td>
                <td className="admin-table__num">
                  {member.order_limit === null ? 'None' : formatDecimalGbp(member.order_limit)}
                </td>
                <td>
                  <time dateTime={member.joined_at}>{ukDate(member.joined_at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
