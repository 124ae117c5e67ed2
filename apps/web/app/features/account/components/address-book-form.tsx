import type { AddressView } from '@shop/domain';
import { useEffect, useId, useState } from 'react';
import { createAddress, updateAddress } from '../api/save-address';
import { AddressCreateSchema, AddressUpdateSchema, check, firstErrors } from '../account-rules';
import { MY_ACCOUNT_MESSAGES } from '../my-account-messages';
import { useAccountForm } from '../use-account-form';
import { ApiError, failureReason } from '~/lib/api-client';
import { Field } from './field';

type Name = 'first_name' | 'last_name' | 'street' | 'city' | 'state' | 'postal_code' | 'telephone_number';

const FIELDS: readonly { name: Name; label: string; autoComplete: string; type?: string }[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { name: 'street', label: 'Street', autoComplete: 'address-line1' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'County (optional)', autoComplete: 'address-level1' },
  { name: 'postal_code', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'telephone_number', label: 'Telephone number', autoComplete: 'tel', type: 'tel' },
];
const NAMES = FIELDS.map((field) => field.name);
/** Rows of the form: names, street, city and county, postcode and telephone. */
const ROWS: readonly (readonly Name[])[] = [
  ['first_name', 'last_name'],
  ['street'],
  ['city', 'state'],
  ['postal_code', 'telephone_number'],
];

const valuesOf = (address?: AddressView): Record<Name, string> => ({
  first_name: address?.first_name ?? '',
  last_name: address?.last_name ?? '',
  street: address?.street ?? '',
  city: address?.city ?? '',
  state: address?.state ?? '',
  postal_code: address?.postal_code ?? '',
  telephone_number: address?.telephone_number ?? '',
});

interface AddressBookFormProps {
  /** The address to change; a new one when absent. */
  address?: AddressView;
  onSaved: (address: AddressView) => void;
  onCancel: () => void;
  /** Answers whether a failed call ended the session (and was dealt with). */
  sessionExpired: (error: unknown) => boolean;
}

/**
 * A new or changed address of the book, checked with the schema the API uses, with the two checkout defaults.
 * The country is always the United Kingdom. The first field takes the focus when the form opens.
 */
export function AddressBookForm({ address, onSaved, onCancel, sessionExpired }: AddressBookFormProps) {
  const id = useId();
  const { formRef, values, errors, set, showErrors } = useAccountForm(valuesOf(address), NAMES);
  const [billing, setBilling] = useState(address?.is_default_billing ?? false);
  const [shipping, setShipping] = useState(address?.is_default_shipping ?? false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const title = address ? `Edit the address of ${address.first_name} ${address.last_name}` : 'New address';

  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input[name="first_name"]')?.focus();
  }, [formRef]);

  const fieldErrors = (next: Record<string, string | undefined>) => {
    setFailure(MY_ACCOUNT_MESSAGES.addressFormErrors);
    showErrors(next);
  };

  const submit = async () => {
    setFailure(null);
    const input = {
      ...values,
      country: 'UK',
      is_default_billing: billing,
      is_default_shipping: shipping,
    };
    try {
      let saved: AddressView;
      if (address) {
        const checked = check(AddressUpdateSchema, input);
        if (!checked.ok) return fieldErrors(checked.errors);
        setSaving(true);
        saved = await updateAddress(address.id, checked.value);
      } else {
        const checked = check(AddressCreateSchema, input);
        if (!checked.ok) return fieldErrors(checked.errors);
        setSaving(true);
        saved = await createAddress(checked.value);
      }
      onSaved(saved);
    } catch (error) {
      setSaving(false);
      if (sessionExpired(error)) return;
      const fields = error instanceof ApiError ? firstErrors(error.fields, NAMES) : {};
      if (Object.keys(fields).length > 0) return fieldErrors(fields);
      const serverSays = error instanceof ApiError && error.kind === 'response' && !error.generic;
      const reason = failureReason(error);
      setFailure(
        serverSays
          ? error.message
          : reason
            ? `${MY_ACCOUNT_MESSAGES.addressSaveFailed} ${reason}`
            : MY_ACCOUNT_MESSAGES.addressSaveFailed,
      );
    }
  };

  const field = (name: Name) => {
    const spec = FIELDS.find((entry) => entry.name === name)!;
    return (
      <Field
        key={name}
        id={`${id}-${name}`}
        name={name}
        label={spec.label}
        type={spec.type ?? 'text'}
        autoComplete={spec.autoComplete}
        value={values[name]}
        error={errors[name]}
        onValue={set(name)}
      />
    );
  };

  return (
    <form
      ref={formRef}
      className="form address-book-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void submit();
      }}
    >
      <h3 id={`${id}-title`} className="address-book-form__title">
        {title}
      </h3>
      {ROWS.map((row) =>
        row.length === 1 ? (
          field(row[0]!)
        ) : (
          <div key={row.join()} className="account-form__pair">
            {row.map(field)}
          </div>
        ),
      )}
      <p className="address-book-form__country">Country: United Kingdom</p>
      <div className="form__field form__check">
        <input
          id={`${id}-billing`}
          type="checkbox"
          name="is_default_billing"
          checked={billing}
          onChange={(event) => setBilling(event.target.checked)}
        />
        <label htmlFor={`${id}-billing`}>My default billing address</label>
      </div>
      <div className="form__field form__check">
        <input
          id={`${id}-shipping`}
          type="checkbox"
          name="is_default_shipping"
          checked={shipping}
          onChange={(event) => setShipping(event.target.checked)}
        />
        <label htmlFor={`${id}-shipping`}>My default shipping address</label>
      </div>
      <p className="form__failure" role="alert">
        {failure}
      </p>
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving address…' : 'Save address'}
        </button>
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
