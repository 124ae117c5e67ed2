import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { InvalidTokenResponse, login } from '../api/account-api';
import {
  ACCOUNT_MESSAGES,
  LoginSchema,
  failureMessage,
  keepingReturnPath,
  safeReturnPath,
} from '../account-rules';
import { Field } from '~/components/ui/field';
import { check, useFormFields } from '~/lib/form-fields';

const LOGIN_FIELDS = ['email', 'password'] as const;

/** The /login form (spec 1, §2, §5, §8): on success back to `from` when it is a path of this site. */
export function LoginForm() {
  const id = useId();
  const navigate = useNavigate();
  const { formRef, values, errors, set, showErrors } = useFormFields(
    { email: '', password: '' },
    LOGIN_FIELDS,
  );
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    setFailure(null);
    const checked = check(LoginSchema, values);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setSubmitting(true);
    try {
      await login(checked.value);
      void navigate(safeReturnPath(params.get('from')), { replace: true });
    } catch (error) {
      setSubmitting(false);
      setFailure(
        error instanceof InvalidTokenResponse
          ? ACCOUNT_MESSAGES.invalidTokenResponse
          : failureMessage(error, ACCOUNT_MESSAGES.loginFailed),
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
        if (!submitting) void submit();
      }}
    >
      <h2 id={`${id}-title`} className="form__title">
        Log in to your account
      </h2>
      <Field
        id={`${id}-email`}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onValue={set('email')}
      />
      <Field
        id={`${id}-password`}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onValue={set('password')}
      />
      <p className="form__failure" role="alert">
        {failure}
      </p>
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? 'Logging in...' : 'Login'}
      </button>
      <p className="account-form__links">
        <Link to="/forgot-password">Forgot password?</Link>
        <span>
          New here? <Link to={keepingReturnPath('/signup', params.get('from'))}>Create an account</Link>
        </span>
      </p>
    </form>
  );
}
