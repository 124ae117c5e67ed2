// First, before anything that builds a Zod schema: the browser's Zod must run jitless under the CSP. The
// root module is the first the page imports, so this holds whichever chunk the schemas end up in.
import '~/lib/jitless-validation';
import { useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type LinksFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { SiteShell } from '~/features/layout/components/site-shell';
import { TestShopNotice } from '~/features/layout/components/test-shop-notice';
import { isBackOfficePath, useIsBackOffice } from '~/lib/back-office';
import { watchPreloadErrors } from '~/lib/chunk-load-failure';
import { categoryGroups, type CategoryGroup, SPEC_CATEGORY_GROUPS } from '~/lib/navigation';
import { useNonce } from '~/lib/nonce';
import { errorTitle, RouteErrorPage } from '~/lib/route-error';
import { pageMeta } from '~/lib/seo';
import { SHOP } from '~/lib/shop';
import rootStyles from './styles/root.css?url';

// `precedence` makes the stylesheet a React resource: React writes it at the top of <head>, ahead of the
// module preloads, instead of after them where <Links /> stands (see styles/root.css).
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: rootStyles, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * Whether the test processor takes the payments (the process's configuration), and the category navigation
 * from the catalogue (spec 1's groups, then the other categories): the same for every visitor. Read on every
 * page load from the catalogue's cache, which each catalogue write clears, so a category made in /admin is in
 * the menu of the next page; if the catalogue cannot be read, spec 1's groups stand in.
 */
export async function loader({ context }: Route.LoaderArgs) {
  let navigation: CategoryGroup[];
  try {
    navigation = categoryGroups(await context.catalogue.listMenu());
  } catch (error) {
    console.error(error);
    navigation = [...SPEC_CATEGORY_GROUPS];
  }
  return { testPayments: context.testPayments, navigation };
}

// Navigations inside the shop keep the page's menu; leaving the back office (where the catalogue is edited)
// reads it again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  isBackOfficePath(currentUrl.pathname) && !isBackOfficePath(nextUrl.pathname);

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

export default function App() {
  if (useIsBackOffice()) return <Outlet />;
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/**
 * Errors no route handled, inside the shop's layout. A back-office screen's errors are its layout's (drawn in
 * the back office's own frame); one that reaches here on /admin is shown without the storefront's frame.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const page = <RouteErrorPage error={error} />;
  return useIsBackOffice() ? page : <SiteShell>{page}</SiteShell>;
}
