import type { Route } from './+types/login';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { LoginForm } from '~/features/account/components/login-form';
import { Toasts } from '~/components/ui/toasts';
import { requireVisitor } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';

const TITLE = 'Login';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Log in to your PackRight Supplies trade account.', noIndex: true });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export function clientLoader() {
  requireVisitor();
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading…" />;
}

export default function LoginPage() {
  return (
    <SimplePage title={TITLE}>
      <Toasts />
      <LoginForm />
    </SimplePage>
  );
}
