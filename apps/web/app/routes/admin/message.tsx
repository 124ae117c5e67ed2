import { ukDateTime } from '@shop/domain';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/message';
import { AdminLoading, adminLoad, LoadFailed, routeId } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { getMessage } from '~/features/admin/messages/api/messages';
import { HandledToggle } from '~/features/admin/messages/components/handled-toggle';
import { ReplyForm } from '~/features/admin/messages/components/reply-form';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getMessage(routeId(params.id), request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

/** /admin/messages/:id: one contact query, its reply form and its handled state. */
export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="Message"
        what="message"
        failure={loaderData}
        back={{ to: '/admin/messages', label: 'Back to the messages' }}
      />
    );
  }
  const message = loaderData.data;
  return (
    <AdminPage title={message.subject} actions={<Link to="/admin/messages">All messages</Link>}>
      <section className="admin-panel" aria-labelledby="message-title">
        <h2 id="message-title">
          From {message.full_name} &lt;{message.email}&gt;
        </h2>
        <p>
          Received {ukDateTime(message.created_at)}
          {message.handled_at
            ? `; handled ${ukDateTime(message.handled_at)}${message.handled_by ? ` by ${message.handled_by}` : ''}`
            : '; waiting for an answer'}
          {message.replied_at ? `; replied ${ukDateTime(message.replied_at)}` : ''}.
        </p>
        <blockquote className="admin-message__text">{message.message}</blockquote>
        <HandledToggle message={message} onChanged={reload} />
      </section>
      <section className="admin-panel">
        <ReplyForm message={message} onSent={reload} />
      </section>
    </AdminPage>
  );
}
