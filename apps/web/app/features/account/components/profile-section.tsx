import type { Profile } from '@shop/domain';
import { useId, useState } from 'react';
import { updateProfile } from '../api/update-profile';
import { ACCOUNT_MESSAGES, failureMessage, ProfileUpdateSchema } from '../account-rules';
import { MY_ACCOUNT_MESSAGES } from '../my-account-messages';
import { useSessionExpiry } from '../use-session-expiry';
import { ApiError } from '~/lib/api-client';
import { AccountSection, SectionUnavailable } from './account-section';
import { Field } from '~/components/ui/field';
import { check, firstErrors, useFormFields } from '~/lib/form-fields';

type Name = 'first_name' | 'last_name' | 'company_name';
const FIELDS: readonly { name: Name; label: string; autoComplete: string }[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { name: 'company_name', label: 'Company name (optional)', autoComplete: 'organization' },
];
const NAMES = FIELDS.map((field) => field.name);

const valuesOf = (profile: Profile) => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  company_name: profile.company_name ?? '',
});

/**
 * The buyer's details: names, company and marketing consent, checked with the signup's rules.
 * The e-mail address is shown but not editable: it is the sign-in. The server e-mails every change.
 */
export function ProfileSection({ initial }: { initial: Profile | null }) {
  return (
    <AccountSection anchor="profile" title="Your details">
      {initial ? (
        <ProfileForm initial={initial} />
      ) : (
        <SectionUnavailable message={MY_ACCOUNT_MESSAGES.profileLoadFailed} />
      )}
    </AccountSection>
  );
}

function ProfileForm({ initial }: { initial: Profile }) {
  const id = useId();
  const [profile, setProfile] = useState(initial);
  const { formRef, values, setValues, errors, set, showErrors } = useFormFields(valuesOf(initial), NAMES);
  const [marketing, setMarketing] = useState(initial.interested_in_marketing_communications);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sessionExpired = useSessionExpiry('/account');

  const edit = (name: Name) => (value: string) => {
    setSaved(null);
    set(name)(value);
  };

  const submit = async () => {
    setFailure(null);
    setSaved(null);
    const checked = check(ProfileUpdateSchema, {
      ...values,
      interested_in_marketing_communications: marketing,
    });
    if (!checked.ok) return showErrors(checked.errors);
    setSaving(true);
    try {
      const answer = await updateProfile(checked.value);
      setProfile(answer);
      setValues(valuesOf(answer));
      setMarketing(answer.interested_in_marketing_communications);
      setSaved(ACCOUNT_MESSAGES.profileSaved);
    } catch (error) {
      if (sessionExpired(error)) return;
      const fields = error instanceof ApiError ? firstErrors(error.fields, NAMES) : {};
      if (Object.keys(fields).length > 0) return showErrors(fields);
      setFailure(failureMessage(error, MY_ACCOUNT_MESSAGES.profileSaveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={formRef}
      className="form account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void submit();
      }}
    >
      <div className="form__field">
        <label htmlFor={`${id}-email`} className="form__label">
          E-mail address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          className="form__control"
          value={profile.email}
          readOnly
          aria-describedby={`${id}-email-hint`}
        />
        <p id={`${id}-email-hint`} className="form__hint">
          {MY_ACCOUNT_MESSAGES.emailHint}
        </p>
      </div>
      <div className="account-form__pair">
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            id={`${id}-${field.name}`}
            name={field.name}
            label={field.label}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            error={errors[field.name]}
            onValue={edit(field.name)}
          />
        ))}
      </div>
      <div className="form__field form__check">
        <input
          id={`${id}-marketing`}
          name="interested_in_marketing_communications"
          type="checkbox"
          checked={marketing}
          onChange={(event) => {
            setSaved(null);
            setMarketing(event.target.checked);
          }}
        />
        <label htmlFor={`${id}-marketing`}>Send me offers and news about packaging supplies</label>
      </div>
      <p className="form__failure" role="alert">
        {failure}
      </p>
      <p className="form__success" role="status">
        {saved}
      </p>
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? 'Saving…' : 'Save details'}
      </button>
    </form>
  );
}
