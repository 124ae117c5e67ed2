import { useEffect, useId, useRef, useState } from 'react';
import { failureReason } from '~/lib/api-client';
import { submitContactQuery } from '../api/submit-contact-query';
import type { ContactErrors, ContactField } from '../contact-rules';
import { useHydrated } from '~/lib/use-hydrated';

const loadRules = () => import('../contact-rules');

// The spec's failure text, for the rare case where even the form's rules cannot load.
const FAILED_FALLBACK = 'Failed to submit query. Please try again.';

type Values = Record<ContactField, string>;
const EMPTY: Values = { email: '', full_name: '', subject: '', message: '' };

type Status =
  | { name: 'idle' }
  | { name: 'submitting' }
  | { name: 'sent'; message: string }
  | { name: 'failed'; message: string; reason: string | null };

const FIELDS: readonly {
  name: ContactField;
  label: string;
  type?: 'email';
  autoComplete?: string;
  multiline?: boolean;
}[] = [
  { name: 'full_name', label: 'Full name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject' },
  { name: 'message', label: 'Message', multiline: true },
];

/**
 * The contact page's query form (spec 1, §2 /contact): checked on submit with the API's own schema, the
 * API's field errors shown under their fields, a failure message, and a thank-you in place of the form.
 */
export function ContactForm() {
  const id = useId();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>({ name: 'idle' });
  const submitting = status.name === 'submitting';

  useEffect(() => {
    if (status.name === 'sent') thanksRef.current?.focus();
  }, [status.name]);

  const showErrors = (next: ContactErrors) => {
    setErrors(next);
    const first = FIELDS.find((field) => next[field.name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
  };

  const submit = async () => {
    setStatus({ name: 'submitting' });
    const rules = await loadRules().catch(() => null);
    if (!rules) {
      setStatus({ name: 'failed', message: FAILED_FALLBACK, reason: null });
      return;
    }
    const checked = rules.checkContactQuery(values);
    if (!checked.ok) {
      setStatus({ name: 'idle' });
      showErrors(checked.errors);
      return;
    }
    try {
      const answer = await submitContactQuery(checked.value);
      setStatus({ name: 'sent', message: answer?.message || rules.CONTACT_FORM_MESSAGES.sent });
    } catch (error) {
      const fieldErrors = rules.firstErrors((error as { fields?: Record<string, string[]> }).fields ?? {});
      const reason = Object.keys(fieldErrors).length > 0 ? null : failureReason(error);
      setStatus({ name: 'failed', message: rules.CONTACT_FORM_MESSAGES.failed, reason });
      showErrors(fieldErrors);
    }
  };

  if (status.name === 'sent') {
    return (
      <div ref={thanksRef} className="form-success" role="status" tabIndex={-1}>
        <h2 className="form-success__title">Thank you</h2>
        <p>{status.message}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setValues(EMPTY);
            setStatus({ name: 'idle' });
          }}
        >
          Send another query
        </button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      className="form contact-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onFocus={() => void loadRules()}
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) void submit();
      }}
    >
      <h2 id={`${id}-title`} className="form__title">
        Send us a query
      </h2>
      <p className="form__intro">All fields are required. We reply within one business day.</p>
      {FIELDS.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const error = errors[field.name];
        const common = {
          id: fieldId,
          name: field.name,
          className: 'form__control',
          value: values[field.name],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${fieldId}-error` : undefined,
          onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [field.name]: value }));
            setErrors((current) => ({ ...current, [field.name]: undefined }));
          },
        };
        return (
          <div key={field.name} className="form__field">
            <label htmlFor={fieldId} className="form__label">
              {field.label}
            </label>
            {field.multiline ? (
              <textarea {...common} rows={6} />
            ) : (
              <input {...common} type={field.type ?? 'text'} autoComplete={field.autoComplete ?? 'off'} />
            )}
            <p id={`${fieldId}-error`} className="field-error">
              {error}
            </p>
          </div>
        );
      })}
      <p className="form__failure" role="alert">
        {status.name === 'failed' ? (
          <>
            {status.message}
            {status.reason ? <span className="form__reason"> {status.reason}</span> : null}
          </>
        ) : null}
      </p>
      {/* Disabled until the page runs: a plain submit before then would go nowhere useful. */}
      <button type="submit" className="button button--primary" disabled={!hydrated || submitting}>
        {submitting ? 'Sending...' : 'Send query'}
      </button>
    </form>
  );
}
