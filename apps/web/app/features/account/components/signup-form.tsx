import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { InvalidTokenResponse, emailAuthentication, signup, type SignupBody } from '../api/account-api';
import {
  ACCOUNT_MESSAGES,
  EmailAuthenticationSchema,
  SignupFormSchema,
  failureMessage,
  safeReturnPath,
} from '../account-rules';
import { ApiError } from '~/lib/api-client';
import { Field } from '~/components/ui/field';
import { check, firstErrors, useFormFields } from '~/lib/form-fields';

type TextField = 'email' | 'code' | 'first_name' | 'last_name' | 'company_name' | 'password';
type Values = Record<TextField, string>;
const EMPTY: Values = { email: '', code: '', first_name: '', last_name: '', company_name: '', password: '' };
const FIELD_ORDER: readonly TextField[] = [
  'email',
  'code',
  'first_name',
  'last_name',
  'company_name',
  'password',
];
const SIGNUP_FIELDS = ['email', 'first_name', 'last_name', 'company_name', 'password'];

/**
 * The signup form (spec 1, §2, §4; DESIGN §4.1-§4.2): Verify Email asks the server for a 6-digit code,
 * Verify OTP exchanges it for a verification token and locks the address (Edit unlocks it and forgets the
 * verification), and Sign Up stays disabled until then.
 */
export function SignupForm() {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { formRef, values, setValues, errors, setErrors, set, showErrors } = useFormFields(
    EMPTY,
    FIELD_ORDER,
  );
  const [noCompany, setNoCompany] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [codeNotice, setCodeNotice] = useState<string | undefined>(undefined);
  const [token, setToken] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | 'signup' | null>(null);
  const verified = token !== null;

  const run = async (what: 'send' | 'verify' | 'signup', work: () => Promise<void>) => {
    setFailure(null);
    setBusy(what);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const sendCode = () =>
    run('send', async () => {
      const checked = check(EmailAuthenticationSchema, {
        email: values.email,
        authentication_type: 'signup',
      });
      if (!checked.ok) return showErrors(checked.errors);
      try {
        const answer = await emailAuthentication(checked.value);
        setCodeSent(true);
        setValues((current) => ({ ...current, code: '' }));
        // Said beside the code field, not in a notification that would cover the form on a phone.
        setCodeNotice(answer.message || ACCOUNT_MESSAGES.otpSent);
      } catch (error) {
        setFailure(failureMessage(error, ACCOUNT_MESSAGES.otpSendFailed));
      }
    });

  const verifyCode = () =>
    run('verify', async () => {
      const checked = check(EmailAuthenticationSchema, {
        email: values.email,
        authentication_type: 'signup',
        code: values.code,
      });
      if (!checked.ok) return showErrors(checked.errors);
      try {
        const answer = await emailAuthentication(checked.value);
        if (!answer.verification_token) throw new Error('No verification token');
        setToken(answer.verification_token);
        setCodeSent(false);
        setValues((current) => ({ ...current, email: checked.value.email, code: '' }));
        setErrors((current) => ({ ...current, email: undefined, code: undefined }));
      } catch (error) {
        const fields = error instanceof ApiError ? firstErrors(error.fields, ['code']) : {};
        if (fields.code) return showErrors(fields);
        setFailure(failureMessage(error, ACCOUNT_MESSAGES.otpVerifyFailed));
      }
    });

  const editEmail = () => {
    setToken(null);
    setCodeSent(false);
    setValues((current) => ({ ...current, code: '' }));
    formRef.current?.querySelector<HTMLElement>('[name="email"]')?.focus();
  };

  const submit = () =>
    run('signup', async () => {
      const checked = check(SignupFormSchema, {
        email: values.email,
        first_name: values.first_name,
        last_name: values.last_name,
        company_name: noCompany ? null : values.company_name,
        no_company_name: noCompany,
        password: values.password,
        interested_in_marketing_communications: marketing,
        verification_token: token ?? '',
      });
      if (!checked.ok) {
        const { verification_token: unverified, ...rest } = checked.errors;
        // The schema's company rule runs only once the rest is valid; the form says it at once.
        if (!noCompany && !values.company_name.trim())
          rest.company_name = ACCOUNT_MESSAGES.companyNameRequired;
        return showErrors(unverified && !rest.email ? { ...rest, email: unverified } : rest);
      }
      const form = checked.value;
      // Only the API's fields: its bodies are strict.
      const body: SignupBody = {
        email: form.email,
        first_name: form.first_name,
        last_name: form.last_name,
        password: form.password,
        interested_in_marketing_communications: form.interested_in_marketing_communications,
        verification_token: form.verification_token,
      };
      if (form.company_name && !noCompany) body.company_name = form.company_name;
      try {
        await signup(body);
        // Back where the shopper was sent from (a product, an invitation), as login does.
        void navigate(safeReturnPath(params.get('from')), { replace: true });
      } catch (error) {
        if (error instanceof InvalidTokenResponse) return setFailure(ACCOUNT_MESSAGES.invalidTokenResponse);
        const fields = error instanceof ApiError ? firstErrors(error.fields, SIGNUP_FIELDS) : {};
        if (Object.keys(fields).length > 0) return showErrors(fields);
        setFailure(failureMessage(error, ACCOUNT_MESSAGES.signupFailed));
      }
    });

  return (
    <form
      ref={formRef}
      className="form account-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && verified) void submit();
      }}
    >
      <h2 id={`${id}-title`} className="form__title">
        Your details
      </h2>
      <Field
        id={`${id}-email`}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onValue={(value) => {
          set('email')(value);
          setToken(null);
          setCodeSent(false);
        }}
        readOnly={verified}
        after={
          verified ? (
            <button type="button" className="button" onClick={editEmail}>
              Edit
            </button>
          ) : (
            <button type="button" className="button" disabled={busy !== null} onClick={() => void sendCode()}>
              {busy === 'send' ? 'Sending...' : codeSent ? 'Resend code' : 'Verify Email'}
            </button>
          )
        }
      />
      {verified ? (
        <p className="account-form__verified" role="status">
          {ACCOUNT_MESSAGES.emailVerified}
        </p>
      ) : null}
      {codeSent && !verified ? (
        <Field
          id={`${id}-code`}
          name="code"
          label="Verification code"
          hint={codeNotice}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={values.code}
          error={errors.code}
          onValue={set('code')}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (!busy) void verifyCode();
            }
          }}
          after={
            <button
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => void verifyCode()}
            >
              {busy === 'verify' ? 'Verifying...' : 'Verify OTP'}
            </button>
          }
        />
      ) : null}
      <div className="account-form__pair">
        <Field
          id={`${id}-first`}
          name="first_name"
          label="First name"
          autoComplete="given-name"
          value={values.first_name}
          error={errors.first_name}
          onValue={set('first_name')}
        />
        <Field
          id={`${id}-last`}
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          value={values.last_name}
          error={errors.last_name}
          onValue={set('last_name')}
        />
      </div>
      {noCompany ? null : (
        <Field
          id={`${id}-company`}
          name="company_name"
          label="Company name"
          autoComplete="organization"
          value={values.company_name}
          error={errors.company_name}
          onValue={set('company_name')}
        />
      )}
      <div className="form__field form__check">
        <input
          id={`${id}-no-company`}
          type="checkbox"
          checked={noCompany}
          onChange={(event) => {
            setNoCompany(event.target.checked);
            setErrors((current) => ({ ...current, company_name: undefined }));
          }}
        />
        <label htmlFor={`${id}-no-company`}>I don’t have a company name</label>
      </div>
      <Field
        id={`${id}-password`}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onValue={set('password')}
      />
      <div className="form__field form__check">
        <input
          id={`${id}-marketing`}
          type="checkbox"
          checked={marketing}
          onChange={(event) => setMarketing(event.target.checked)}
        />
        <label htmlFor={`${id}-marketing`}>Send me offers and news about packaging supplies</label>
      </div>
      <p className="form__failure" role="alert">
        {failure}
      </p>
      <button type="submit" className="button button--primary" disabled={!verified || busy !== null}>
        {busy === 'signup' ? 'Signing up...' : 'Sign Up'}
      </button>
      {verified ? null : <p className="form__intro">{ACCOUNT_MESSAGES.emailVerificationRequired}</p>}
    </form>
  );
}

const FEATURES = [
  { title: 'Order Tracking', text: 'Follow every order from our warehouse to your door.' },
  { title: 'Exclusive Pricing', text: 'Trade prices and volume tiers for account holders.' },
  { title: 'Secure Checkout', text: 'Saved details and protected payments for faster orders.' },
] as const;

/** The panel beside the form: why open an account. */
export function SignupFeatures() {
  return (
    <section className="account-features" aria-label="Why open an account">
      <ul className="account-features__list">
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <h2 className="account-features__title">{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
