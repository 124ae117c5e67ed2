import { useEffect, useId, useRef, useState } from 'react';
import { failureReason } from '~/lib/api-client';
import { subscribeToNewsletter } from '../api/subscribe-to-newsletter';
import { useHydrated } from '~/lib/use-hydrated';

const loadRules = () => import('../newsletter-rules');

type Status =
  | { name: 'idle' }
  | { name: 'submitting' }
  | { name: 'success'; message: string }
  | { name: 'failed'; message: string; reason: string | null };

/**
 * The footer's newsletter form (spec 1, §2, §4): idle, submitting, success (the form is then hidden),
 * or a failure, with field errors under the e-mail box.
 */
export function NewsletterForm() {
  const id = useId();
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState('');
  const [status, setStatus] = useState<Status>({ name: 'idle' });
  const submitting = status.name === 'submitting';

  useEffect(() => {
    // The form (and the focused button) is gone: the thank-you takes the focus.
    if (status.name === 'success') successRef.current?.focus();
  }, [status.name]);

  const submit = async () => {
    setStatus({ name: 'submitting' });
    setEmailError('');
    const { checkSubscription, NEWSLETTER_MESSAGES } = await loadRules().catch(() => ({
      checkSubscription: null,
      NEWSLETTER_MESSAGES: null,
    }));
    if (!checkSubscription) {
      // The rules could not load (offline, or a new release replaced the chunk): the spec's failure text.
      setStatus({ name: 'failed', message: 'Subscription failed. Please try again.', reason: null });
      return;
    }
    const checked = checkSubscription(email);
    if (!checked.ok) {
      setEmailError(checked.email);
      setStatus({ name: 'idle' });
      inputRef.current?.focus();
      return;
    }
    try {
      await subscribeToNewsletter(checked.value);
      setStatus({ name: 'success', message: NEWSLETTER_MESSAGES.subscribed });
    } catch (error) {
      const serverEmailError = (error as { fields?: Record<string, string[]> }).fields?.email?.[0];
      if (serverEmailError) {
        setEmailError(serverEmailError);
        setStatus({ name: 'idle' });
        inputRef.current?.focus();
        return;
      }
      setStatus({ name: 'failed', message: NEWSLETTER_MESSAGES.failed, reason: failureReason(error) });
    }
  };

  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="site-footer__heading">
        Newsletter
      </h2>
      {status.name === 'success' ? (
        <p ref={successRef} className="newsletter__success" role="status" tabIndex={-1}>
          {status.message}
        </p>
      ) : (
        <form
          aria-labelledby={`${id}-title`}
          noValidate
          onFocus={() => void loadRules()}
          onSubmit={(event) => {
            event.preventDefault();
            if (!submitting) void submit();
          }}
        >
          <p className="newsletter__intro">News of offers and new product lines, by e-mail.</p>
          <label htmlFor={`${id}-email`} className="newsletter__label">
            Email address
          </label>
          <div className="newsletter__row">
            <input
              ref={inputRef}
              id={`${id}-email`}
              className="newsletter__input"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailError('');
                if (status.name === 'failed') setStatus({ name: 'idle' });
              }}
            />
            {/* Disabled until the page runs: a plain submit before then would go nowhere useful. */}
            <button type="submit" className="button button--accent" disabled={!hydrated || submitting}>
              {submitting ? 'Subscribing...' : 'Subscribe'}
            </button>
          </div>
          <p id={`${id}-email-error`} className="field-error field-error--on-dark">
            {emailError}
          </p>
          <p className="newsletter__failure" role="alert">
            {status.name === 'failed' ? (
              <>
                {status.message}
                {status.reason ? <span className="newsletter__reason"> {status.reason}</span> : null}
              </>
            ) : null}
          </p>
        </form>
      )}
    </section>
  );
}
