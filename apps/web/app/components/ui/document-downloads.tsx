import type { OrderView } from '@shop/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { failureReason, isAbortError } from '~/lib/api-client';
import { fetchDocument } from '~/lib/fetch-document';
import { type OrderDocument, orderDocuments } from '~/lib/order-documents';
import { saveFile } from '~/lib/save-file';

/**
 * One document's button (an item of a `ul.order-documents`). The file needs the buyer's token, so it is
 * fetched and saved from an object URL rather than linked; a failure is told next to the button, which it
 * describes. `accept` names the file's type when it is not a PDF (a quote's artwork).
 */
export function DocumentButton({ document: doc, accept }: { document: OrderDocument; accept?: string }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errorId = useId();
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const download = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setBusy(true);
    setFailure(null);
    try {
      saveFile(await fetchDocument(doc.path, current.signal, accept), doc.filename);
    } catch (error) {
      if (isAbortError(error)) return;
      setFailure(`Could not download ${doc.name}. ${failureReason(error) ?? 'Please try again.'}`);
    } finally {
      if (controller.current === current) setBusy(false);
    }
  };

  return (
    <li className="order-documents__item">
      <button
        type="button"
        className="button button--outline"
        aria-busy={busy}
        aria-describedby={failure ? errorId : undefined}
        disabled={busy}
        onClick={() => void download()}
      >
        {doc.label}
      </button>
      <p id={errorId} className="form__failure" role="alert">
        {failure}
      </p>
    </li>
  );
}

/** The order's VAT invoice, receipt and credit notes, as buttons that download them. */
export function DocumentDownloads({ order }: { order: OrderView }) {
  const documents = orderDocuments(order);
  if (documents.length === 0) return <p>There are no documents for this order yet.</p>;
  return (
    <ul className="order-documents">
      {documents.map((doc) => (
        <DocumentButton key={doc.key} document={doc} />
      ))}
    </ul>
  );
}
