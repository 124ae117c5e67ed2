import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { updatePassword } from '../api/account-api';
import { ACCOUNT_MESSAGES, UpdatePasswordSchema } from '../account-rules';
import { ApiError, failureReason } from '~/lib/api-client';
import { clearSession } from '~/lib/session';
import { Field } from '~/components/ui/field';
import { showToast } from '~/components/ui/toasts';
import { check, firstErrors, useFormFields } from '~/lib/form-fields';

type Name = 'current_password' | 'new_password' | 'confirm_new_password';
type Values = Record<Name, string>;
const EMPTY: Values = { current_password: '', new_password: '', confirm_new_password: '' };
const FIELDS: readonly { name: Name; label: string; autoComplete: string }[] = [
  { name: 'current_password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'new_password', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirm_new_password', label: 'Confirm password', autoComplete: 'new-password' },
];
const FIELD_NAMES = FIELDS.map((field) => field.name);
/** How long the success message shows before home (spec 1, §4). */
export const CHANGED_REDIRECT_MS = 2_000;

/**
 * The change-password form (spec 1, §4, §8): the server's message on success, then home after 2 s; a 401
 * ends the session and goes to /login with 'Session expired. Please log in again.'.
 */
export function ChangePasswordForm() {
  const id = useId();
  const navigate = useNavigate();
  const { formRef, values, setValues, errors, set, showErrors } = useFormFields(EMPTY, FIELD_NAMES);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => void navigate('/', { replace: true }), CHANGED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  const submit = async () => {
    setFailure(null);
    const checked = check(UpdatePasswordSchema, values);
    if (!checked.ok) return showErrors(checked.errors);
    setSubmitting(true);
    try {
      const answer = await updatePassword(checked.value);
      const message = answer?.message || ACCOUNT_MESSAGES.passwordUpdated;
      setValues(EMPTY);
      setSuccess(message);
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.status === 401) {
        clearSession();
        showToast(ACCOUNT_MESSAGES.sessionExpired, 'error');
        void navigate('/login', { replace: true });
        return;
      }
      const fields =
        error instanceof ApiError
          ? firstErrors(
              error.fields,
              FIELDS.map((f) => f.name),
            )
          : {};
      if (Object.keys(fields).length > 0) return showErrors(fields);
      const reason = failureReason(error);
      setFailure(
        reason ? `${ACCOUNT_MESSAGES.updatePasswordFailed} ${reason}` : ACCOUNT_MESSAGES.updatePasswordFailed,
      );
    }
  };

  return (
    <form
      ref={formRef}
      className="form account-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting && !success) void submit();
      }}
    >
      <h2 id={`${id}-title`} className="form__title">
        Choose a new password
      </h2>
      {FIELDS.map((field) => (
        <Field
          key={field.name}
          id={`${id}-${field.name}`}
          name={field.name}
          label={field.label}
          type="password"
          autoComplete={field.autoComplete}
          value={values[field.name]}
          error={errors[field.name]}
          onValue={set(field.name)}
        />
      ))}
      <p className="form__failure" role="alert">
        {failure}
      </p>
      {success ? (
        <p className="form__success" role="status">
          {success}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={submitting || Boolean(success)}>
        {submitting ? 'Updating...' : 'Update password'}
      </button>
    </form>
  );
}
