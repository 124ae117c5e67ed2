import { data } from 'react-router';
import { StatusPage } from '~/components/ui/status-page';
import { pageMeta } from '~/lib/seo';

export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export const meta = () =>
  pageMeta({
    title: 'Page not found',
    description: 'The page you are looking for does not exist or has moved.',
  });

export default function NotFound() {
  return null;
}

/** Every unknown address lands here, with HTTP 404, inside the shop's layout. */
export function ErrorBoundary() {
  return (
    <StatusPage title="Page not found" message="The page you are looking for does not exist or has moved." />
  );
}
