import { QUOTE_LIMITS, QuoteRequestSchema } from '@shop/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { requestQuote, uploadQuoteAttachment } from '../api/request-quote';
import { QUOTE_PAGE_MESSAGES, type RequestedState, uploadFailure } from '../quote-rules';
import { AttachmentPicker } from './attachment-picker';
import { fieldAria } from '~/components/ui/field';
import { ApiError, failureText } from '~/lib/api-client';
import { check } from '~/lib/form-fields';

/**
 * The cart's "Request a quote": a note and files sent with the cart for our sales team to price.
 * The request is made first; its files follow one by one. The buyer then sees the quote's page in My
 * account, which confirms the request and names any file that could not be attached. The cart is kept.
 */
export function QuoteRequestSection({ cartId, anchor }: { cartId: number; anchor?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  return (
    <section id={anchor} className="quote-request" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="quote-request__title">
        Request a quote
      </h2>
      <p className="quote-request__intro">
        Ordering in volume, or need something printed or made to size? Send us this cart with a note and any
        artwork, and we will price it for you. Your cart stays as it is.
      </p>
      <button
        ref={toggleRef}
        type="button"
        className="button button--outline"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen((value) => !value)}
      >
        Request a quote for this cart
      </button>
      {open ? (
        <QuoteRequestForm
          id={`${id}-form`}
          cartId={cartId}
          onCancel={() => {
            setOpen(false);
            toggleRef.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}

function QuoteRequestForm({ id, cartId, onCancel }: { id: string; cartId: number; onCancel: () => void }) {
  const navigate = useNavigate();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>(undefined);
  const [files, setFiles] = useState<File[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const sending = progress !== null;
  // The note takes the focus after the render that enables it again (it is disabled while sending).
  const [noteRefused, setNoteRefused] = useState(0);
  useEffect(() => {
    if (noteRefused > 0) noteRef.current?.focus();
  }, [noteRefused]);

  const refuseNote = (message: string) => {
    setNoteError(message);
    setFailure(QUOTE_PAGE_MESSAGES.checkForm);
    setNoteRefused((count) => count + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const checked = check(QuoteRequestSchema, { cart_id: cartId, note });
    if (!checked.ok) return refuseNote(checked.errors.note ?? QUOTE_PAGE_MESSAGES.checkForm);
    setProgress('Sending your request…');
    let quote;
    try {
      quote = await requestQuote(checked.value);
    } catch (error) {
      setProgress(null);
      const noteMessage = error instanceof ApiError ? error.fields.note?.[0] : undefined;
      if (noteMessage) return refuseNote(noteMessage);
      const fieldMessages = error instanceof ApiError ? Object.values(error.fields).flat() : [];
      setFailure(
        fieldMessages.length > 0
          ? fieldMessages.join(' ')
          : failureText(error, QUOTE_PAGE_MESSAGES.requestFailed),
      );
      return;
    }
    // The request exists now: a file the server refuses is named on the quote's page, where it can be added
    // again, rather than sending the whole request twice.
    const failed: RequestedState['requested']['failed'] = [];
    for (const [index, file] of files.entries()) {
      setProgress(`Sending file ${index + 1} of ${files.length}: ${file.name}…`);
      try {
        await uploadQuoteAttachment(quote.id, file);
      } catch (error) {
        failed.push({ name: file.name, reason: uploadFailure(error) });
      }
    }
    const state: RequestedState = { requested: { number: quote.number, failed } };
    void navigate(`/account/quotes/${quote.id}`, { state });
  };

  return (
    <form
      id={id}
      className="form quote-request__form"
      aria-label="Request a quote"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <div className="form__field">
        <label htmlFor={`${id}-note`} className="form__label">
          Note for our sales team (optional)
        </label>
        <p id={`${id}-note-hint`} className="form__hint">
          For example: monthly volume 40 pallets, or printed with our logo. Up to{' '}
          {QUOTE_LIMITS.noteLength.toLocaleString('en-GB')} characters.
        </p>
        <textarea
          ref={noteRef}
          id={`${id}-note`}
          name="note"
          className="form__control"
          rows={4}
          maxLength={QUOTE_LIMITS.noteLength}
          value={note}
          disabled={sending}
          {...fieldAria({ id: `${id}-note`, error: noteError, hint: true })}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(undefined);
          }}
        />
        {noteError ? (
          <p id={`${id}-note-error`} className="field-error">
            {noteError}
          </p>
        ) : null}
      </div>
      <AttachmentPicker
        id={`${id}-files`}
        label="Files (optional)"
        files={files}
        onFiles={setFiles}
        room={QUOTE_LIMITS.attachmentsPerQuote}
        disabled={sending}
      />
      <p className="form__failure" role="alert">
        {failure}
      </p>
      <p className="quote-request__progress" role="status">
        {progress}
      </p>
      <div className="quote-request__actions">
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
          {sending ? 'Sending…' : 'Send request'}
        </button>
        <button type="button" className="button button--outline" disabled={sending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
