import { ukDateTime } from '@shop/domain';
import type { NewsletterSubscriber } from '@shop/domain';
import { Form, useLocation, useRevalidator } from 'react-router';
import type { Route } from './+types/newsletter';
import { AdminInput, AdminSelect, FormOutcome } from '~/features/admin/components/admin-field';
import { AdminLoading, adminLoad, LoadFailure } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { AdminTable, type Column } from '~/features/admin/components/admin-table';
import { useFormSubmit } from '~/features/admin/components/use-form-submit';
import { downloadSubscribersCsv, getSubscribers, unsubscribe } from '~/features/admin/messages/api/messages';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getSubscribers(new URL(request.url).searchParams, request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

/** /admin/newsletter: subscribers, unsubscribing one, and the CSV export of everyone subscribed. */
export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const params = new URLSearchParams(useLocation().search);
  const { revalidate } = useRevalidator();
  const action = useFormSubmit();
  const exporting = useFormSubmit();

  const remove = (row: NewsletterSubscriber) =>
    void action
      .run(async () => {
        await unsubscribe(row.id);
        return `${row.email} is unsubscribed.`;
      })
      .then((done) => done && void revalidate());

  const exportCsv = () =>
    void exporting.run(async () => {
      await downloadSubscribersCsv();
      return 'The CSV file of subscribed addresses is downloading.';
    });

  const columns: Column<NewsletterSubscriber>[] = [
    { label: 'E-mail', cell: (row) => row.email },
    {
      label: 'Subscribed',
      cell: (row) => <time dateTime={row.subscribed_at}>{ukDateTime(row.subscribed_at)}</time>,
    },
    {
      label: 'Unsubscribed',
      cell: (row) =>
        row.unsubscribed_at ? (
          <time dateTime={row.unsubscribed_at}>{ukDateTime(row.unsubscribed_at)}</time>
        ) : (
          ''
        ),
    },
    {
      label: 'Actions',
      cell: (row) =>
        row.unsubscribed_at ? null : (
          <button
            type="button"
            className="admin-button admin-button--danger"
            aria-label={`Unsubscribe ${row.email}`}
            disabled={action.busy}
            onClick={() => remove(row)}
          >
            Unsubscribe
          </button>
        ),
    },
  ];

  return (
    <AdminPage
      title="Newsletter subscribers"
      actions={
        <button type="button" className="admin-button" disabled={exporting.busy} onClick={exportCsv}>
          Export subscribers (CSV)
        </button>
      }
    >
      <FormOutcome error={exporting.formError} success={exporting.success} />
      <Form method="get" className="admin-filters" role="search" aria-label="Subscribers">
        <AdminInput
          id="q"
          label="Search"
          type="search"
          maxLength={100}
          defaultValue={params.get('q') ?? ''}
          hint="Part of an e-mail address"
        />
        <AdminSelect id="status" label="Show" defaultValue={params.get('status') ?? 'subscribed'}>
          <option value="subscribed">Subscribed</option>
          <option value="unsubscribed">Unsubscribed</option>
          <option value="all">All</option>
        </AdminSelect>
        <button type="submit" className="admin-button">
          Search
        </button>
      </Form>
      <FormOutcome error={action.formError} success={action.success} />
      {loaderData.state === 'loaded' ? (
        <AdminTable
          caption="Newsletter subscribers"
          columns={columns}
          page={loaderData.data}
          rowKey={(row) => row.id}
          empty="No subscribers match."
        />
      ) : (
        <LoadFailure what="subscribers" failure={loaderData} />
      )}
    </AdminPage>
  );
}
