import type { QuoteView } from '@shop/domain';
import { DocumentButton } from '~/components/ui/document-downloads';
import { fileSize } from '~/lib/file-size';

/**
 * A quote's PDF (once a version is sent) and the buyer's attachments, as download buttons: the buyer's page
 * and the back office's read them from their own API paths (`base`, e.g. '/api/quotes/12/'), with the
 * signed-in person's token.
 */
export function QuoteDocuments({ quote, base }: { quote: QuoteView; base: string }) {
  const pdf = quote.version > 0;
  if (!pdf && quote.attachments.length === 0) return <p>There are no documents for this quote yet.</p>;
  return (
    <ul className="order-documents">
      {pdf ? (
        <DocumentButton
          document={{
            key: 'quote',
            label: 'Download quote (PDF)',
            name: 'the quote',
            path: `${base}quote.pdf`,
            filename: `quote-${quote.number}-v${quote.version}.pdf`,
          }}
        />
      ) : null}
      {quote.attachments.map((attachment) => (
        <DocumentButton
          key={attachment.id}
          accept={attachment.content_type}
          document={{
            key: `attachment-${attachment.id}`,
            label: `Download ${attachment.filename} (${fileSize(attachment.size)})`,
            name: attachment.filename,
            path: `${base}attachments/${attachment.id}/`,
            filename: attachment.filename,
          }}
        />
      ))}
    </ul>
  );
}
