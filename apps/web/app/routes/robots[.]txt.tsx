import type { Route } from './+types/robots[.]txt';
import { absoluteUrl } from '~/lib/seo';

/** Customers' own pages (account and commerce) are of no use in search results. */
const PRIVATE_PATHS = [
  '/api/',
  '/cart',
  '/checkout',
  '/track-order',
  '/order-confirmed',
  '/login',
  '/signup',
  '/forgot-password',
  '/change-password',
  '/account',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.origin), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
