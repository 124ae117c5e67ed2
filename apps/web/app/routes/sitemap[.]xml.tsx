import type { Route } from './+types/sitemap[.]xml';
import { buildSitemapXml } from '~/features/catalogue/sitemap';

export async function loader({ context }: Route.LoaderArgs) {
  const entries = await context.catalogue.listSitemapEntries();
  return new Response(buildSitemapXml(context.origin, entries), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
