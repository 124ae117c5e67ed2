import { redirect, useNavigate } from 'react-router';
import type { Route } from './+types/account-company-apply';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { showToast } from '~/components/ui/toasts';
import { getCompany } from '~/features/company/api/get-company';
import { COMPANY_PAGE_MESSAGES } from '~/features/company/company-messages';
import { settled } from '~/features/company/company-rules';
import { ApplyForm } from '~/features/company/components/apply-form';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';
import '~/styles/account.css';
import '~/styles/company.css';

const TITLE = 'Apply for a trade account';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Open a PackRight Supplies trade account.', noIndex: true });

// A member of a company, or an applicant still waiting, has its status page instead; a declined applicant
// may apply again. When the company cannot be read the form still shows: the API has the last word.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const company = await settled(getCompany(request.signal));
  requireAccessToken(request);
  if (company && company.status !== 'declined') throw redirect('/account/company');
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} />;
}

export default function AccountCompanyApplyPage() {
  const navigate = useNavigate();
  return (
    <SimplePage title={TITLE}>
      <div className="my-account">
        <p>{COMPANY_PAGE_MESSAGES.explain}</p>
        <ApplyForm
          onApplied={() => {
            showToast(COMPANY_PAGE_MESSAGES.applied, 'success');
            void navigate('/account/company');
          }}
        />
      </div>
    </SimplePage>
  );
}
