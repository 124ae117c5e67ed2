import { ukDateTimeSeconds } from '@shop/domain';
import type { AuditEntryView } from '@shop/domain';
import { Form, useLocation } from 'react-router';
import type { Route } from './+types/audit';
import { useStaffMe } from './layout';
import { AdminInput } from '~/features/admin/components/admin-field';
import { AdminLoading, adminLoad, LoadFailure } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { AdminTable, type Column } from '~/features/admin/components/admin-table';
import { getAuditLog } from '~/features/admin/staff/api/staff';
import { AuditChange } from '~/features/admin/staff/components/audit-change';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getAuditLog(new URL(request.url).searchParams, request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const COLUMNS: Column<AuditEntryView>[] = [
  {
    label: 'When',
    cell: (row) => <time dateTime={row.created_at}>{ukDateTimeSeconds(row.created_at)}</time>,
  },
  { label: 'Who', cell: (row) => row.actor_email },
  { label: 'What', cell: (row) => <code>{row.action}</code> },
  { label: 'Changed', cell: (row) => `${row.entity_type.replace(/_/g, ' ')} ${row.entity_id}` },
  { label: 'Before and after', cell: (row) => <AuditChange before={row.before} after={row.after} /> },
];

const FILTERS = [
  { name: 'entity_type', label: 'Kind', hint: 'e.g. user, order, settings' },
  { name: 'entity_id', label: 'Id', hint: 'e.g. 42 or vat_rate' },
  { name: 'actor', label: 'Who', hint: 'E-mail or user id' },
  { name: 'action', label: 'Action', hint: 'e.g. user.role' },
] as const;

/** /admin/audit (owners): every back-office change, newest first, filtered in the URL. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const me = useStaffMe();
  const params = new URLSearchParams(useLocation().search);
  if (me && me.role !== 'owner') {
    return (
      <AdminPage title="Audit log">
        <p>Only an owner can read the audit log.</p>
      </AdminPage>
    );
  }
  const errors = loaderData.state === 'failed' ? loaderData.fields : {};
  return (
    <AdminPage title="Audit log">
      <Form method="get" className="admin-filters" role="search" aria-label="Audit log">
        {FILTERS.map((filter) => (
          <AdminInput
            key={filter.name}
            id={filter.name}
            label={filter.label}
            hint={filter.hint}
            maxLength={254}
            defaultValue={params.get(filter.name) ?? ''}
            errors={errors[filter.name]}
          />
        ))}
        <button type="submit" className="admin-button">
          Filter
        </button>
      </Form>
      {loaderData.state === 'loaded' ? (
        <AdminTable
          caption="Audit log"
          columns={COLUMNS}
          page={loaderData.data}
          rowKey={(row) => row.id}
          empty="No changes match these filters."
        />
      ) : (
        <LoadFailure what="audit log" failure={loaderData} />
      )}
    </AdminPage>
  );
}
