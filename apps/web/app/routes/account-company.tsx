import { companyMay } from '@shop/domain';
import { Link } from 'react-router';
import type { Route } from './+types/account-company';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { Toasts } from '~/components/ui/toasts';
import { getCompanyAddresses } from '~/features/company/api/company-addresses';
import { getCompanyInvoices, INVOICES_PAGE } from '~/features/company/api/company-invoices';
import { getCompanyOrders } from '~/features/company/api/company-orders';
import { getCompany } from '~/features/company/api/get-company';
import { getCompanyInvitations, getMyInvitations } from '~/features/company/api/invitations';
import { getMembers } from '~/features/company/api/members';
import { COMPANY_PAGE_MESSAGES } from '~/features/company/company-messages';
import { failureText, pageOrFailure, settled } from '~/features/company/company-rules';
import { CompanyAddressesSection } from '~/features/company/components/company-addresses-section';
import { CompanyInvoicesSection } from '~/features/company/components/company-invoices-section';
import { CompanyOrdersSection } from '~/features/company/components/company-orders-section';
import { CompanyOverview } from '~/features/company/components/company-overview';
import { CompanyStatementsSection } from '~/features/company/components/company-statements-section';
import { CompanySection, SectionUnavailable } from '~/features/company/components/company-section';
import { InviteSection } from '~/features/company/components/invite-section';
import { MembersSection } from '~/features/company/components/members-section';
import { MyInvitations } from '~/features/company/components/my-invitations';
import { pageParam } from '~/features/company/components/pager';
import { SettingsSection } from '~/features/company/components/settings-section';
import { requireAccessToken } from '~/lib/guards';
import { routeLoad, RouteLoadedView } from '~/lib/route-load';
import { pageMeta } from '~/lib/seo';
import '~/styles/orders.css';
import '~/styles/account.css';
import '~/styles/company.css';

const TITLE = 'Trade account';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Your PackRight Supplies trade account.', noIndex: true });

// Account pages load in the browser, with the stored token (DESIGN §2). What is read depends on the role:
// administrators run the company; every member of an approved company sees its invoices.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return routeLoad(request, () => readCompanyPage(request), {
    failure: (error) => failureText(error, COMPANY_PAGE_MESSAGES.loadFailed),
  });
}
clientLoader.hydrate = true as const;

/** The company and, as it stands and the buyer's role allows, its sections; only the company must be read. */
async function readCompanyPage(request: Request) {
  const { signal } = request;
  const search = new URL(request.url).searchParams;
  const company = await getCompany(signal);
  if (company === null) {
    const invitations = await settled(getMyInvitations(signal));
    requireAccessToken(request);
    return { state: 'none' as const, invitations };
  }
  if (company.status !== 'approved') return { state: 'applied' as const, company };
  const admin = companyMay(company.role, 'manage');
  const [members, invitations, addresses, orders, invoices] = await Promise.all([
    admin ? settled(getMembers(signal)) : null,
    admin ? settled(getCompanyInvitations(signal)) : null,
    admin ? settled(getCompanyAddresses(signal)) : null,
    admin
      ? pageOrFailure(getCompanyOrders(search, signal), COMPANY_PAGE_MESSAGES.sectionLoadFailed('orders'))
      : null,
    pageOrFailure(
      getCompanyInvoices(pageParam(search.get(INVOICES_PAGE)), signal),
      COMPANY_PAGE_MESSAGES.sectionLoadFailed('invoices'),
    ),
  ]);
  // A session that ended while loading (the refresh failed) goes to the login page like a visitor.
  requireAccessToken(request);
  return { state: 'approved' as const, company, members, invitations, addresses, orders, invoices };
}

type CompanyPage = Awaited<ReturnType<typeof readCompanyPage>>;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your trade account…" />;
}

export default function AccountCompanyPage({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={TITLE}>
      <Toasts />
      <div className="my-account my-account--wide">
        <p className="account-section__links">
          <Link to="/account">Back to My account</Link>
        </p>
        <RouteLoadedView
          loaded={loaderData}
          failed={(failure) => (
            <CompanySection title="Your trade account">
              <SectionUnavailable message={failure.message} />
            </CompanySection>
          )}
        >
          {(data) => <Body data={data} />}
        </RouteLoadedView>
      </div>
    </SimplePage>
  );
}

function Body({ data }: { data: CompanyPage }) {
  if (data.state === 'none') {
    // An invited colleague sees what they were invited to first; applying is for a business of their own.
    const invited = (data.invitations?.length ?? 0) > 0;
    const invitations = (
      <CompanySection title="Invitations" intro="Join a company that has invited you.">
        {data.invitations ? (
          <MyInvitations initial={data.invitations} />
        ) : (
          <SectionUnavailable message={COMPANY_PAGE_MESSAGES.sectionLoadFailed('invitations')} />
        )}
      </CompanySection>
    );
    return (
      <>
        {invited ? invitations : null}
        <CompanySection title="Apply for a trade account">
          <p>{COMPANY_PAGE_MESSAGES.explain}</p>
          <p>
            <Link
              to="/account/company/apply"
              className={invited ? 'button button--outline' : 'button button--primary'}
            >
              Apply for a trade account
            </Link>
          </p>
        </CompanySection>
        {invited ? null : invitations}
      </>
    );
  }
  if (data.state === 'applied') return <CompanyOverview company={data.company} />;
  const { company, members, invitations, addresses, orders, invoices } = data;
  const unavailable = (title: string, what: string) => (
    <CompanySection title={title}>
      <SectionUnavailable message={COMPANY_PAGE_MESSAGES.sectionLoadFailed(what)} />
    </CompanySection>
  );
  return (
    <>
      <CompanyOverview company={company} />
      {companyMay(company.role, 'manage') ? (
        <>
          {members ? <MembersSection initial={members} /> : unavailable('Members', 'members')}
          {invitations ? (
            <InviteSection initial={invitations} />
          ) : (
            unavailable('Invite a colleague', 'invitations')
          )}
          {addresses ? (
            <CompanyAddressesSection initial={addresses} />
          ) : (
            unavailable('Delivery addresses', 'addresses')
          )}
          <SettingsSection company={company} />
          {orders ? <CompanyOrdersSection orders={orders} members={members ?? []} /> : null}
          <CompanyStatementsSection company={company} />
        </>
      ) : null}
      <CompanyInvoicesSection invoices={invoices} />
    </>
  );
}
