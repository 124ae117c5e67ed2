import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { emailAuthentication, resetPassword } from '../api/account-api';
import {
  ACCOUNT_MESSAGES,
  EmailAuthenticationSchema,
  ResetPasswordSchema,
  failureMessage,
} from '../account-rules';
import { ApiError } from '~/lib/api-client';
import { Field } from '~/components/ui/field';
import { showToast } from '~/components/ui/toasts';
import { check, firstErrors, useFormFields } from '~/lib/form-fields';

type Step = 'email' | 'code' | 'password' | 'done';
type Values = { email: string; code: string; new_password: string; confirm_new_password: string };
const EMPTY: Values = { email: '', code: '', new_password: '', confirm_new_password: '' };
const FIELDS = ['email', 'code', 'new_password', 'confirm_new_password'] as const;
/** How long 'Password reset successfully!' shows before /login (spec 1, §4). */
export const RESET_REDIRECT_MS = 2_000;

/**
 * The OTP password reset (spec 1, §4; DESIGN §4.1-§4.2): e-mail, Send OTP, the 6-digit code, Verify OTP,
 * then the new password twice and Reset; on success, /login after 2 s.
 */
export function ForgotPasswordForm() {
  const id = useId();
  const navigate = useNavigate();
  const { formRef, values, setValues, errors, set, showErrors } = useFormFields(EMPTY, FIELDS);
  const [step, setStep] = useState<Step>('email');
  const [token, setToken] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (step !== 'done') return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step, navigate]);

  const run = async (work: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () =>
    run(async () => {
      const checked = check(EmailAuthenticationSchema, {
        email: values.email,
        authentication_type: 'forgot_password',
      });
      if (!checked.ok) return showErrors(checked.errors);
      try {
        const answer = await emailAuthentication(checked.value);
        setValues((current) => ({ ...current, email: checked.value.email, code: '' }));
        setStep('code');
        showToast(answer.message || ACCOUNT_MESSAGES.otpSent);
      } catch (error) {
        setFailure(failureMessage(error, ACCOUNT_MESSAGES.otpSendFailed));
      }
    });

  const verifyCode = () =>
    run(async () => {
      const checked = check(EmailAuthenticationSchema, {
        email: values.email,
        authentication_type: 'forgot_password',
        code: values.code,
      });
      if (!checked.ok) return showErrors(checked.errors);
      try {
        const answer = await emailAuthentication(checked.value);
        if (!answer.verification_token) throw new Error('No verification token');
        setToken(answer.verification_token);
        setStep('password');
        showToast(answer.message || ACCOUNT_MESSAGES.emailVerified);
      } catch (error) {
        const fields = error instanceof ApiError ? firstErrors(error.fields, ['code']) : {};
        if (fields.code) return showErrors(fields);
        setFailure(failureMessage(error, ACCOUNT_MESSAGES.otpVerifyFailed));
      }
    });

  const reset = () =>
    run(async () => {
      const checked = check(ResetPasswordSchema, {
        email: values.email,
        new_password: values.new_password,
        confirm_new_password: values.confirm_new_password,
        verification_token: token ?? '',
      });
      if (!checked.ok) return showErrors(checked.errors);
      try {
        await resetPassword(checked.value);
        setStep('done');
      } catch (error) {
        const fields =
          error instanceof ApiError
            ? firstErrors(error.fields, ['new_password', 'confirm_new_password'])
            : {};
        if (Object.keys(fields).length > 0) return showErrors(fields);
        setFailure(failureMessage(error, ACCOUNT_MESSAGES.resetFailed));
      }
    });

  if (step === 'done') {
    return (
      <div className="form-success" role="status">
        <p>{ACCOUNT_MESSAGES.passwordReset}</p>
      </div>
    );
  }

  const action = step === 'email' ? sendCode : step === 'code' ? verifyCode : reset;
  return (
    <form
      ref={formRef}
      className="form account-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void action();
      }}
    >
      <h2 id={`${id}-title`} className="form__title">
        Reset your password
      </h2>
      <p className="form__intro">We will e-mail you a 6-digit code to confirm it is you.</p>
      <Field
        id={`${id}-email`}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onValue={set('email')}
        readOnly={step !== 'email'}
      />
      {step === 'email' ? (
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send OTP'}
        </button>
      ) : null}
      {step === 'code' ? (
        <>
          <Field
            id={`${id}-code`}
            name="code"
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={values.code}
            error={errors.code}
            onValue={set('code')}
          />
          <div className="account-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Verifying...' : 'Verify OTP'}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void sendCode()}>
              Resend code
            </button>
          </div>
        </>
      ) : null}
      {step === 'password' ? (
        <>
          <Field
            id={`${id}-new`}
            name="new_password"
            label="New password"
            type="password"
            autoComplete="new-password"
            value={values.new_password}
            error={errors.new_password}
            onValue={set('new_password')}
          />
          <Field
            id={`${id}-confirm`}
            name="confirm_new_password"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            value={values.confirm_new_password}
            error={errors.confirm_new_password}
            onValue={set('confirm_new_password')}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Resetting...' : 'Reset'}
          </button>
        </>
      ) : null}
      <p className="form__failure" role="alert">
        {failure}
      </p>
    </form>
  );
}
