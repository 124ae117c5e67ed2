import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/company';
import { getCompany } from '~/features/admin/companies/api/companies';
import { getCompanyPrices } from '~/features/admin/companies/api/company-prices';
import { getLedger } from '~/features/admin/companies/api/receivables';
import {
  CompanyAccount,
  CompanyApplication,
  CompanyMembers,
} from '~/features/admin/companies/components/company-facts';
import { CompanyPricesEditor } from '~/features/admin/companies/components/company-prices-editor';
import { CompanyStatements } from '~/features/admin/companies/components/company-statements';
import { CreditTermsForm } from '~/features/admin/companies/components/credit-terms-form';
import { DeclineForm } from '~/features/admin/companies/components/decline-form';
import { HoldForm } from '~/features/admin/companies/components/hold-form';
import { LedgerSection } from '~/features/admin/companies/components/ledger-section';
import { AdminLoading, adminLoad, LoadFailed, routeId } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import '~/styles/admin-companies.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, async () => {
    const id = routeId(params.id);
    const [company, prices, ledger] = await Promise.all([
      getCompany(id, request.signal),
      getCompanyPrices(id, request.signal),
      getLedger(id, request.signal),
    ]);
    return { company, prices, ledger };
  });
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const BACK = <Link to="/admin/companies">All trade accounts</Link>;

/**
 * /admin/companies/:id: one trade account: the application with its decision below it (the decision reads
 * what it decides), the ledger with its running balance and the payments received, the credit, the hold, the
 * members and the company's prices.
 */
export default function AdminCompany({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="Trade account"
        actions={BACK}
        what="trade account"
        failure={loaderData}
        missing="There is no such trade account."
      />
    );
  }
  const { company, prices, ledger } = loaderData.data;
  const pending = company.status === 'pending';
  // A pending application comes first, its decision below it; once decided, the ledger and credit lead.
  const application = (
    <section className="admin-panel" aria-labelledby="company-application-title">
      <h2 id="company-application-title">Application</h2>
      <CompanyApplication company={company} />
    </section>
  );
  return (
    <AdminPage title={company.trading_name} actions={BACK}>
      <section className="admin-panel" aria-labelledby="company-account-title">
        <h2 id="company-account-title">Account</h2>
        <CompanyAccount company={company} />
      </section>

      {pending ? application : null}

      {pending ? (
        <section className="admin-panel" aria-labelledby="company-decision-title">
          <h2 id="company-decision-title">Decision</h2>
          <p>
            Approve with a credit limit and payment terms, or for card payment only; or decline with a reason.
          </p>
          <CreditTermsForm key={`approve-${company.id}`} company={company} action="approve" onDone={reload} />
          <DeclineForm company={company} onDone={reload} />
        </section>
      ) : null}

      {company.status === 'approved' ? (
        <section className="admin-panel" aria-labelledby="company-ledger-title">
          <h2 id="company-ledger-title">Ledger and payments</h2>
          <LedgerSection companyId={company.id} ledger={ledger} onChanged={reload} />
        </section>
      ) : null}

      {company.status === 'approved' ? (
        <section className="admin-panel" aria-labelledby="company-credit-title">
          <h2 id="company-credit-title">Credit</h2>
          <CreditTermsForm company={company} action="change" onDone={reload} />
          <HoldForm company={company} onDone={reload} />
        </section>
      ) : null}

      {pending ? null : application}

      <section className="admin-panel" aria-labelledby="company-members-title">
        <h2 id="company-members-title">Members</h2>
        <CompanyMembers company={company} />
      </section>

      {company.status === 'approved' ? <CompanyStatements company={company} /> : null}

      <section className="admin-panel" aria-labelledby="company-prices-title">
        <h2 id="company-prices-title">Company prices</h2>
        {company.status === 'approved' ? null : (
          <p>Company prices apply once the trade account is approved.</p>
        )}
        <CompanyPricesEditor
          companyId={company.id}
          prices={prices.results}
          count={prices.count}
          onChanged={reload}
        />
      </section>
    </AdminPage>
  );
}
