// First, before anything that builds a Zod schema: the browser's Zod must run jitless under the CSP. The
// root module is the first the page imports, so this holds whichever chunk the schemas end up in.
import '~/lib/jitless-validation';
import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { StatusPage } from '~/components/ui/status-page';
import { AdminShell, useIsBackOffice } from '~/features/admin/components/admin-shell';
import { SiteShell } from '~/features/layout/components/site-shell';
import { TestShopNotice } from '~/features/layout/components/test-shop-notice';
import {
  CHUNK_LOAD_TITLE,
  ChunkLoadFailurePage,
  chunkLoadFailure,
  watchPreloadErrors,
} from '~/lib/chunk-load-failure';
import { useNonce } from '~/lib/nonce';
import { pageMeta } from '~/lib/seo';
import { SHOP } from '~/lib/shop';
import rootStyles from './styles/root.css?url';

// `precedence` makes the stylesheet a React resource: React writes it at the top of <head>, ahead of the
// module preloads, instead of after them where <Links /> stands (see styles/root.css).
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: rootStyles, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** Whether the test processor takes the payments: the process's configuration, the same for every visitor. */
export function loader({ context }: Route.LoaderArgs) {
  return { testPayments: context.testPayments };
}

// It never changes while the server runs, so navigations never ask for it again.
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? pageMeta({ title: errorTitle(error), description: `${SHOP.name}, ${SHOP.tagline}.` })
    : pageMeta({ title: `${SHOP.name} — ${SHOP.tagline}`, description: `${SHOP.name}, ${SHOP.tagline}.` });

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const testPayments = useRouteLoaderData<typeof loader>('root')?.testPayments ?? false;
  // A plain marker that the page is live in the browser: tests and monitoring wait for it instead of
  // guessing from network silence.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // So that the error boundary knows a failed chunk whatever words the browser used for it.
  useEffect(() => watchPreloadErrors(), []);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d5e" />
        <Meta />
        <Links />
      </head>
      <body>
        {testPayments ? <TestShopNotice /> : null}
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The page's frame: the storefront's, or on /admin the back office's own (its layout route draws it). */
function Frame({ children }: { children: React.ReactNode }) {
  if (useIsBackOffice()) return <AdminShell me={null}>{children}</AdminShell>;
  return <SiteShell>{children}</SiteShell>;
}

export default function App() {
  if (useIsBackOffice()) return <Outlet />;
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

function errorTitle(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.status === 404 ? 'Page not found' : `Error ${error.status}`;
  if (chunkLoadFailure(error)) return CHUNK_LOAD_TITLE;
  return 'Something went wrong';
}

/**
 * Errors no route handled, inside the shop's layout (the back office's, on /admin). Details stay in the server log, never on the page; a
 * chunk of code that did not load says which and where, with a reload (spec 1, §8).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const chunk = chunkLoadFailure(error);
  if (chunk) {
    return (
      <Frame>
        <ChunkLoadFailurePage failure={chunk} />
      </Frame>
    );
  }
  let message = 'Sorry, something went wrong on our side. Please try again in a moment.';
  if (isRouteErrorResponse(error)) {
    message =
      error.status === 404
        ? 'The page you are looking for does not exist or has moved.'
        : 'Sorry, this page could not be shown. Please try again in a moment.';
  }
  return (
    <Frame>
      <StatusPage title={errorTitle(error)} message={message} />
    </Frame>
  );
}
