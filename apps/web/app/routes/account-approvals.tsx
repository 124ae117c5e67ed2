import { APPROVAL_STATUS_LABELS, APPROVAL_STATUSES, type ApprovalStatus, companyMay } from '@shop/domain';
import { Link, redirect } from 'react-router';
import type { Route } from './+types/account-approvals';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { getApprovals } from '~/features/company/api/approvals';
import { getCompany } from '~/features/company/api/get-company';
import { COMPANY_PAGE_MESSAGES } from '~/features/company/company-messages';
import { pageOrFailure } from '~/features/company/company-rules';
import { ApprovalsList } from '~/features/company/components/approvals-list';
import { SectionUnavailable } from '~/features/company/components/company-section';
import { Pager, pageParam } from '~/features/company/components/pager';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';
import '~/styles/account.css';
import '~/styles/company.css';

const TITLE = 'Approval requests';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Your company’s approval requests.', noIndex: true });

const statusOf = (value: string | null): ApprovalStatus | null =>
  APPROVAL_STATUSES.find((status) => status === value) ?? null;

// Approvers and administrators see the company's held orders, a buyer their own; someone without an approved
// company has nothing here and goes to the trade account page.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const { signal } = request;
  const search = new URL(request.url).searchParams;
  const status = statusOf(search.get('status'));
  const page = pageParam(search.get('page'));
  const [company, approvals] = await Promise.all([
    pageOrFailure(getCompany(signal), COMPANY_PAGE_MESSAGES.loadFailed),
    pageOrFailure(
      getApprovals(status, page, signal),
      COMPANY_PAGE_MESSAGES.sectionLoadFailed('approval requests'),
    ),
  ]);
  requireAccessToken(request);
  if ('page' in company && company.page?.status !== 'approved') throw redirect('/account/company');
  const canDecide = 'page' in company && company.page !== null && companyMay(company.page.role, 'approve');
  return { status, page, canDecide, approvals };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading the approval requests…" />;
}

const FILTERS: readonly (ApprovalStatus | null)[] = [null, ...APPROVAL_STATUSES];

export default function AccountApprovalsPage({ loaderData }: Route.ComponentProps) {
  const { status, page, canDecide, approvals } = loaderData;
  return (
    <SimplePage title={canDecide ? TITLE : 'Your approval requests'}>
      <div className="my-account">
        <p className="account-section__links">
          <Link to="/account/company">Back to your trade account</Link>
        </p>
        <nav aria-label="Show approval requests by status">
          <ul className="company-filter-links">
            {FILTERS.map((filter) => (
              <li key={filter ?? 'all'}>
                <Link
                  to={filter ? `/account/approvals?status=${filter}` : '/account/approvals'}
                  aria-current={filter === status ? 'page' : undefined}
                >
                  {filter ? APPROVAL_STATUS_LABELS[filter] : 'All'}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {'failure' in approvals ? (
          <SectionUnavailable message={approvals.failure} />
        ) : (
          <>
            {/* A new list (another status or page) starts with its own state. */}
            <ApprovalsList
              key={`${status ?? 'all'}-${page}`}
              initial={approvals.page.results}
              canDecide={canDecide}
            />
            <Pager
              param="page"
              page={page}
              hasPrevious={approvals.page.previous !== null}
              hasNext={approvals.page.next !== null}
              label="Pages of approval requests"
            />
          </>
        )}
      </div>
    </SimplePage>
  );
}
