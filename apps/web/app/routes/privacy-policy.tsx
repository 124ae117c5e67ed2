import type { Route } from './+types/privacy-policy';
import { LegalPage } from '~/features/legal/components/legal-page';
import { PRIVACY_POLICY } from '~/features/legal/documents/privacy-policy';
import { legalMeta } from '~/features/legal/legal-meta';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  legalMeta(PRIVACY_POLICY, '/privacy-policy', loaderData?.origin);

export default function PrivacyPolicyPage() {
  return <LegalPage document={PRIVACY_POLICY} />;
}
