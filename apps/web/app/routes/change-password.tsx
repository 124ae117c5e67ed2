import type { Route } from './+types/change-password';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { ChangePasswordForm } from '~/features/account/components/change-password-form';
import { Toasts } from '~/components/ui/toasts';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';

const TITLE = 'Change password';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: TITLE,
    description: 'Change the password of your PackRight Supplies account.',
    noIndex: true,
  });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your account…" />;
}

export default function ChangePasswordPage() {
  return (
    <SimplePage title={TITLE}>
      <Toasts />
      <ChangePasswordForm />
    </SimplePage>
  );
}
