import type { Route } from './+types/forgot-password';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { ForgotPasswordForm } from '~/features/account/components/forgot-password-form';
import { Toasts } from '~/components/ui/toasts';
import { requireVisitor } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';

const TITLE = 'Reset your password';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: TITLE,
    description: 'Reset the password of your PackRight Supplies account.',
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

export default function ForgotPasswordPage() {
  return (
    <SimplePage title={TITLE}>
      <Toasts />
      <ForgotPasswordForm />
    </SimplePage>
  );
}
