import type { Route } from './+types/import';
import { AdminPage } from '~/features/admin/components/admin-page';
import { CatalogueExport } from '~/features/admin/import-export/components/catalogue-export';
import { CatalogueImport } from '~/features/admin/import-export/components/catalogue-import';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: 'Import and export', description: 'Items and prices as CSV.', noIndex: true });

/** /admin/import: the catalogue's items and prices as CSV, out and in. */
export default function AdminImport() {
  return (
    <AdminPage title="Import and export">
      <CatalogueExport />
      <CatalogueImport />
    </AdminPage>
  );
}
