import { ukDateTime } from '@shop/domain';
import type { ContactMessageSummary } from '@shop/domain';
import { Form, Link, useLocation } from 'react-router';
import type { Route } from './+types/messages';
import { AdminSelect } from '~/features/admin/components/admin-field';
import { AdminLoading, adminLoad, LoadFailure } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { AdminTable, type Column } from '~/features/admin/components/admin-table';
import { getMessages } from '~/features/admin/messages/api/messages';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getMessages(new URL(request.url).searchParams, request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const COLUMNS: Column<ContactMessageSummary>[] = [
  { label: 'Received', cell: (row) => <time dateTime={row.created_at}>{ukDateTime(row.created_at)}</time> },
  {
    label: 'From',
    cell: (row) => (
      <>
        {row.full_name}
        <br />
        {row.email}
      </>
    ),
  },
  { label: 'Subject', cell: (row) => <Link to={`/admin/messages/${row.id}`}>{row.subject}</Link> },
  {
    label: 'Status',
    cell: (row) => (
      <span className="admin-badge">
        {row.replied_at ? 'Replied' : row.handled_at ? 'Handled' : 'Waiting'}
      </span>
    ),
  },
];

/** /admin/messages: contact queries, the ones waiting for an answer first of all. */
export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <AdminPage title="Messages">
      <Form method="get" className="admin-filters" aria-label="Show messages">
        <AdminSelect id="status" label="Show" defaultValue={params.get('status') ?? 'unhandled'}>
          <option value="unhandled">Waiting for an answer</option>
          <option value="handled">Handled</option>
          <option value="all">All</option>
        </AdminSelect>
        <button type="submit" className="admin-button">
          Show
        </button>
      </Form>
      {loaderData.state === 'loaded' ? (
        <AdminTable
          caption="Contact queries"
          columns={COLUMNS}
          page={loaderData.data}
          rowKey={(row) => row.id}
          empty="No messages here."
        />
      ) : (
        <LoadFailure what="messages" failure={loaderData} />
      )}
    </AdminPage>
  );
}
