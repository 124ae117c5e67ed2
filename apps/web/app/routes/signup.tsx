import type { Route } from './+types/signup';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { SignupFeatures, SignupForm } from '~/features/account/components/signup-form';
import { Toasts } from '~/components/ui/toasts';
import { requireVisitor } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';

const TITLE = 'Create an Account';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: TITLE,
    description:
      'Open a PackRight Supplies account for order tracking, exclusive pricing and secure checkout.',
    noIndex: true,
  });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export function clientLoader() {
  requireVisitor();
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading…" />;
}

export default function SignupPage() {
  return (
    <SimplePage title={TITLE}>
      <Toasts />
      <div className="account-page__grid">
        <SignupForm />
        <SignupFeatures />
      </div>
    </SimplePage>
  );
}
