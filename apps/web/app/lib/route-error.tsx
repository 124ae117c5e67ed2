import { isRouteErrorResponse } from 'react-router';
import { StatusPage } from '~/components/ui/status-page';
import { CHUNK_LOAD_TITLE, ChunkLoadFailurePage, chunkLoadFailure } from '~/lib/chunk-load-failure';

/** The title of a page no route could show: the 404's, an HTTP status's, a chunk's, or any other error's. */
export function errorTitle(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.status === 404 ? 'Page not found' : `Error ${error.status}`;
  if (chunkLoadFailure(error)) return CHUNK_LOAD_TITLE;
  return 'Something went wrong';
}

/**
 * What an error boundary shows, inside whichever frame the page has. Details stay in the server log, never on
 * the page; a chunk of code that did not load says which and where, with a reload (spec 1, §8).
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const chunk = chunkLoadFailure(error);
  if (chunk) return <ChunkLoadFailurePage failure={chunk} />;
  let message = 'Sorry, something went wrong on our side. Please try again in a moment.';
  if (isRouteErrorResponse(error)) {
    message =
      error.status === 404
        ? 'The page you are looking for does not exist or has moved.'
        : 'Sorry, this page could not be shown. Please try again in a moment.';
  }
  return <StatusPage title={errorTitle(error)} message={message} />;
}
