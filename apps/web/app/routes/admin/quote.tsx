import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/quote';
import { AdminLoading, adminLoad, LoadFailed, routeId } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { getAdminQuote } from '~/features/admin/quotes/api/quotes';
import {
  QuoteNote,
  QuoteRequestLines,
  QuoteSummary,
  QuoteVersionsSent,
} from '~/features/admin/quotes/components/quote-facts';
import { QuoteSendForm } from '~/features/admin/quotes/components/quote-send-form';
import { WithdrawQuote } from '~/features/admin/quotes/components/withdraw-quote';
import { QuoteDocuments } from '~/features/quotes/components/quote-documents';
import '~/styles/admin-orders.css';
import '~/styles/admin-quotes.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getAdminQuote(routeId(params.id), request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const BACK = (
  <Link to="/admin/quotes" className="admin-button admin-button--secondary">
    All quotes
  </Link>
);

/**
 * /admin/quotes/:id: a request for quote (who, the note, the files, the lines at list price), its pricing
 * ("Send quote", then "Send revised quote"), the versions sent, the PDF, and Withdraw.
 */
export default function AdminQuote({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="Quote"
        actions={BACK}
        what="quote"
        failure={loaderData}
        missing="There is no such quote."
      />
    );
  }
  const quote = loaderData.data;
  const reload = () => void revalidate();
  const open = quote.status === 'requested' || quote.status === 'sent';
  const now = new Date();
  return (
    <AdminPage title={`Quote ${quote.number}`} actions={BACK}>
      <section className="admin-panel" aria-labelledby="quote-summary-title">
        <h2 id="quote-summary-title">Summary</h2>
        <QuoteSummary quote={quote} now={now} />
      </section>
      <section className="admin-panel" aria-labelledby="quote-request-title">
        <h2 id="quote-request-title">Request</h2>
        <QuoteNote quote={quote} />
        <QuoteRequestLines quote={quote} />
      </section>
      {open ? (
        <section className="admin-panel" aria-labelledby="quote-pricing-title">
          <h2 id="quote-pricing-title">{quote.version === 0 ? 'Price this request' : 'Revise the quote'}</h2>
          {/* A new version read back starts the form again from its prices. */}
          <QuoteSendForm key={quote.version} quote={quote} onSent={reload} now={now} />
        </section>
      ) : null}
      <section className="admin-panel" aria-labelledby="quote-versions-title">
        <h2 id="quote-versions-title">Versions sent</h2>
        <QuoteVersionsSent quote={quote} />
      </section>
      <section className="admin-panel" aria-labelledby="quote-documents-title">
        <h2 id="quote-documents-title">Documents</h2>
        <QuoteDocuments quote={quote} base={`/api/administration/quotes/${quote.id}/`} />
      </section>
      {open ? (
        <section className="admin-panel" aria-labelledby="quote-withdraw-title">
          <h2 id="quote-withdraw-title">Withdraw</h2>
          <WithdrawQuote quote={quote} onDone={reload} />
        </section>
      ) : null}
    </AdminPage>
  );
}
