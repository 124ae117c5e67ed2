import type { Route } from './+types/terms-of-services';
import { LegalPage } from '~/features/legal/components/legal-page';
import { TERMS_OF_SERVICE } from '~/features/legal/documents/terms-of-services';
import { legalMeta } from '~/features/legal/legal-meta';

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.origin };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  legalMeta(TERMS_OF_SERVICE, '/terms-of-services', loaderData?.origin);

export default function TermsOfServicePage() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
