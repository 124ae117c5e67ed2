import type { Route } from './+types/refund-policy';
import { LegalPage } from '~/features/legal/components/legal-page';
import { REFUND_POLICY } from '~/features/legal/documents/refund-policy';
import { legalMeta } from '~/features/legal/legal-meta';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  legalMeta(REFUND_POLICY, '/refund-policy', loaderData?.origin);

export default function RefundPolicyPage() {
  return <LegalPage document={REFUND_POLICY} />;
}
