import type { QuoteView } from '@shop/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QUOTE_PAGE_MESSAGES, type RequestedState } from '../quote-rules';
import { AddFilesForm } from './add-files-form';
import { QuoteFacts, QuoteLines, QuoteTotals, QuoteVersions } from './quote-details';
import { QuoteDocuments } from './quote-documents';
import { QuoteNextStep } from './quote-next-step';

/** A section of the quote's page with its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="order-page__section" aria-labelledby={id}>
      <h2 id={id} className="order-page__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The way back to the quote list, above the page's title. */
export function QuotesBreadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          <Link to="/account">My account</Link>
        </li>
        <li>
          <Link to="/account/quotes">Your quotes</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

/** The confirmation of a request just sent, and the files that could not go with it. */
function RequestedNotice({ requested }: { requested: RequestedState['requested'] }) {
  return (
    <div className="quote-notice">
      <p role="status" className="quote-notice__text">
        {QUOTE_PAGE_MESSAGES.requested(requested.number)}
      </p>
      {requested.failed.length > 0 ? (
        <div role="alert" className="quote-notice__failed">
          <p>{QUOTE_PAGE_MESSAGES.filesNotAttached}</p>
          <ul>
            {requested.failed.map((file) => (
              <li key={file.name}>
                {file.name}: {file.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * One of the buyer's quotes: its facts, what to do next (accept and pay, pay, see the order, or
 * why not), the lines with list and quoted prices and what changed since the version before, the totals,
 * our message, the buyer's note, the versions sent, and the quote PDF and the buyer's files to download.
 */
export function QuotePage({
  quote,
  requested,
  now = new Date(),
}: {
  quote: QuoteView;
  requested: RequestedState['requested'] | null;
  now?: Date;
}) {
  const base = `/api/quotes/${quote.id}/`;
  return (
    <div className="page order-page quote-page">
      <QuotesBreadcrumb current={quote.number} />
      <h1 className="page__title">Quote {quote.number}</h1>
      {/* The confirmation stays in the page's history entry: once the quote is priced it no longer holds. */}
      {requested && quote.status === 'requested' ? <RequestedNotice requested={requested} /> : null}
      <QuoteFacts quote={quote} now={now} />
      <Section
        id="quote-next-title"
        title={quote.status === 'requested' ? 'What happens next' : 'Your order'}
      >
        <QuoteNextStep quote={quote} />
      </Section>
      {quote.message ? (
        <Section id="quote-message-title" title="Our message">
          <p className="quote-page__text">{quote.message}</p>
        </Section>
      ) : null}
      <Section id="quote-items-title" title="Items">
        <QuoteLines quote={quote} />
      </Section>
      {quote.total !== null ? (
        <Section id="quote-totals-title" title="Totals">
          <QuoteTotals quote={quote} />
        </Section>
      ) : null}
      {quote.note ? (
        <Section id="quote-note-title" title="Your note">
          <p className="quote-page__text">{quote.note}</p>
        </Section>
      ) : null}
      {quote.versions.length > 0 ? (
        <Section id="quote-versions-title" title="Versions">
          <QuoteVersions quote={quote} />
        </Section>
      ) : null}
      <Section id="quote-documents-title" title="Documents">
        <QuoteDocuments quote={quote} base={base} />
        {quote.status === 'requested' ? <AddFilesForm quote={quote} /> : null}
      </Section>
    </div>
  );
}
