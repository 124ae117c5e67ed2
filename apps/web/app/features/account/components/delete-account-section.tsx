import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { deleteAccount } from '../api/delete-account';
import { DeleteAccountSchema, failureMessage } from '../account-rules';
import { MY_ACCOUNT_MESSAGES } from '../my-account-messages';
import { useSessionExpiry } from '../use-session-expiry';
import { ApiError } from '~/lib/api-client';
import { AccountSection } from './account-section';
import { Field } from '~/components/ui/field';
import { check, firstErrors, useFormFields } from '~/lib/form-fields';

const NAMES = ['password'] as const;

/**
 * The danger zone: deleting the account, confirmed by typing its password. What is erased and
 * what is kept (orders, for VAT) is said before the button, as docs/operations.md describes it.
 */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
  const id = useId();
  const { formRef, values, setValues, errors, set, showErrors } = useFormFields({ password: '' }, NAMES);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sessionExpired = useSessionExpiry('/account');

  const submit = async () => {
    setFailure(null);
    const checked = check(DeleteAccountSchema, values);
    if (!checked.ok) return showErrors(checked.errors);
    setDeleting(true);
    try {
      await deleteAccount(checked.value);
    } catch (error) {
      setDeleting(false);
      if (sessionExpired(error)) return;
      setValues({ password: '' });
      const fields = error instanceof ApiError ? firstErrors(error.fields, NAMES) : {};
      if (Object.keys(fields).length > 0) return showErrors(fields);
      setFailure(failureMessage(error, MY_ACCOUNT_MESSAGES.deleteFailed));
      return;
    }
    onDeleted();
  };

  return (
    <AccountSection title="Delete your account" danger>
      <p className="account-section__intro">
        This erases your details, addresses, cart, trade prices and newsletter subscription, and logs you out
        everywhere. It cannot be undone.
      </p>
      <p className="account-section__intro">
        Your orders and their invoices are kept for six years, as UK VAT law requires, with the addresses they
        were sent to. You can sign up again with the same e-mail address, as a new account.
      </p>
      <form
        ref={formRef}
        className="account-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!deleting) void submit();
        }}
      >
        <Field
          id={`${id}-password`}
          name="password"
          label="Your password, to confirm"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onValue={set('password')}
        />
        <p className="form__failure" role="alert">
          {failure}
        </p>
        <button type="submit" className="button button--danger" disabled={deleting}>
          {deleting ? 'Deleting your account…' : 'Delete my account'}
        </button>
      </form>
    </AccountSection>
  );
}

/** What the page shows once the account is gone: said at once, with the focus on it. */
export function AccountDeleted() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="form-success account-deleted">
      <h2 ref={headingRef} tabIndex={-1} className="form-success__title">
        Your account has been deleted
      </h2>
      <p>
        Your details are erased and you are logged out. We keep your orders and invoices for six years, as UK
        VAT law requires.
      </p>
      <Link to="/" className="button button--primary">
        Back to the shop
      </Link>
    </div>
  );
}
