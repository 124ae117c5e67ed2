import { QUOTE_LIMITS, QUOTE_MESSAGES, type QuoteView } from '@shop/domain';
import { type FormEvent, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { uploadQuoteAttachment } from '../api/request-quote';
import { uploadFailure } from '../quote-rules';
import { AttachmentPicker } from './attachment-picker';

/**
 * More files for a request not yet priced (or the ones that could not be sent with it): each is checked
 * here, sent one by one, and the page read again to list them. A file the server refuses is named with its
 * reason.
 */
export function AddFilesForm({ quote }: { quote: QuoteView }) {
  const id = useId();
  const { revalidate } = useRevalidator();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ sent: number; failed: string[] } | null>(null);
  const [emptyFailure, setEmptyFailure] = useState<string | null>(null);
  const room = QUOTE_LIMITS.attachmentsPerQuote - quote.attachments.length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    setOutcome(null);
    if (files.length === 0) {
      setEmptyFailure('Choose a file to send.');
      return;
    }
    setEmptyFailure(null);
    const failed: string[] = [];
    let sent = 0;
    for (const [index, file] of files.entries()) {
      setProgress(`Sending file ${index + 1} of ${files.length}: ${file.name}…`);
      try {
        await uploadQuoteAttachment(quote.id, file);
        sent += 1;
      } catch (error) {
        failed.push(`${file.name}: ${uploadFailure(error)}`);
      }
    }
    setProgress(null);
    setFiles([]);
    setOutcome({ sent, failed });
    if (sent > 0) await revalidate();
  };

  return (
    <form
      className="form quote-add-files"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <h3 id={`${id}-title`} className="form__title">
        Add files
      </h3>
      <p className="form__intro">Artwork or drawings for us to price with your request.</p>
      {room > 0 ? (
        <AttachmentPicker
          id={`${id}-files`}
          label="Files"
          files={files}
          onFiles={(next) => {
            setFiles(next);
            setEmptyFailure(null);
          }}
          room={room}
          disabled={progress !== null}
        />
      ) : (
        <p>{QUOTE_MESSAGES.tooManyAttachments}</p>
      )}
      <div className="form__failure" role="alert">
        {emptyFailure}
        {outcome?.failed.map((line) => (
          <span key={line} className="quote-files__problem">
            {line}
          </span>
        ))}
      </div>
      <p className="form__success" role="status">
        {progress ??
          (outcome && outcome.sent > 0
            ? `${outcome.sent} ${outcome.sent === 1 ? 'file' : 'files'} added.`
            : null)}
      </p>
      {room > 0 ? (
        <button type="submit" className="button button--primary" disabled={progress !== null}>
          Send files
        </button>
      ) : null}
    </form>
  );
}
