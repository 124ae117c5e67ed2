import { Form } from 'react-router';
import type { Route } from './+types/dev-mailbox';
import { LoadingState } from '~/components/ui/loading-state';
import { ApiError, request } from '~/lib/api-client';
import { pageMeta } from '~/lib/seo';

const TITLE = 'Development mailbox';

interface MailboxMessage {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  status: string;
  created_at: string;
}

interface MailboxPage {
  count?: number;
  results: MailboxMessage[];
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'E-mails the shop sent, for development.', noIndex: true });

/** The e-mails the server would have sent (local development and the browser journeys only). */
export async function clientLoader({ request: pageRequest }: Route.ClientLoaderArgs) {
  const to = new URL(pageRequest.url).searchParams.get('to')?.trim() ?? '';
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  try {
    const page = await request<MailboxPage>(`dev/mailbox/${query}`, { signal: pageRequest.signal });
    return { to, off: false, messages: page?.results ?? [], error: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { to, off: true, messages: [], error: null };
    }
    return { to, off: false, messages: [], error: error instanceof Error ? error.message : String(error) };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading the mailbox…" />;
}

export default function DevMailboxPage({ loaderData }: Route.ComponentProps) {
  const { to, off, messages, error } = loaderData;
  return (
    <div className="page dev-mailbox">
      <h1 className="page__title">{TITLE}</h1>
      {off ? (
        <p>
          The development mailbox is off on this server, or this browser is not on the server’s machine. To
          read the shop’s e-mail here without an SMTP server, start it with <code>DEV_MAILBOX=true</code> and
          open this page on the same machine.
        </p>
      ) : (
        <>
          <Form method="get" className="dev-mailbox__filter" role="search" aria-label="Filter the mailbox">
            <label htmlFor="mailbox-to" className="form__label">
              Address
            </label>
            <input id="mailbox-to" name="to" type="email" className="form__control" defaultValue={to} />
            <button type="submit" className="button button--primary">
              Filter
            </button>
          </Form>
          {error ? <p role="alert">{error}</p> : null}
          {messages.length === 0 && !error ? <p>No messages.</p> : null}
          <ol className="dev-mailbox__list">
            {messages.map((message) => (
              <li key={message.id} className="dev-mailbox__message">
                <h2 className="dev-mailbox__subject">{message.subject}</h2>
                <p>
                  To {message.to} · <time dateTime={message.created_at}>{message.created_at}</time>
                </p>
                <pre className="dev-mailbox__text">{message.text}</pre>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
