import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/message';
import { FormOutcome } from '~/features/admin/components/admin-field';
import { AdminPage } from '~/features/admin/components/admin-page';
import { failureOf } from '~/features/admin/components/use-form-submit';
import { getMessage } from '~/features/admin/messages/api/messages';
import { HandledToggle } from '~/features/admin/messages/components/handled-toggle';
import { ReplyForm } from '~/features/admin/messages/components/reply-form';
import { ukDateTime } from '~/lib/dates';
import { isAbortError } from '~/lib/api-client';
import { requireAccessToken } from '~/lib/guards';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) return { state: 'failed' as const, message: 'Not found.' };
  try {
    return { state: 'loaded' as const, message: await getMessage(id, request.signal) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { state: 'failed' as const, message: failureOf(error).message };
  }
}

/** /admin/messages/:id: one contact query, its reply form and its handled state. */
export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  if (loaderData.state === 'failed') {
    return (
      <AdminPage title="Message">
        <FormOutcome error={`The message could not be loaded: ${loaderData.message}`} />
        <p>
          <Link to="/admin/messages">Back to the messages</Link>
        </p>
      </AdminPage>
    );
  }
  const { message } = loaderData;
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
