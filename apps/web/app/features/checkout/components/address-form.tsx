import { type AddressCreateInput, type AddressView, fieldErrors } from '@shop/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { createAddress } from '../api/create-address';
import { AddressCreateSchema, CHECKOUT_MESSAGES } from '../checkout-rules';
import { Field } from '~/features/account/components/field';
import { ApiError } from '~/lib/api-client';

type Name = 'first_name' | 'last_name' | 'street' | 'city' | 'state' | 'postal_code' | 'telephone_number';
type Values = Record<Name, string>;
type Errors = Partial<Record<Name, string>>;

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  street: '',
  city: '',
  state: '',
  postal_code: '',
  telephone_number: '',
};

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

function firstErrors(fields: Record<string, string[]>): Errors {
  const errors: Errors = {};
  for (const name of NAMES) {
    const message = fields[name]?.[0];
    if (message) errors[name] = message;
  }
  return errors;
}

interface AddressFormProps {
  id: string;
  /** Whether the first field takes the focus (when the buyer opened the form, not when the page did). */
  focusFirst: boolean;
  onCreated: (address: AddressView) => void;
  onCancel: () => void;
}

/**
 * A new address (spec 2, §5 Address): checked in the browser with the schema the API uses, the server's
 * field errors put under their fields. The country is always the United Kingdom.
 */
export function AddressForm({ id, focusFirst, onCreated, onCancel }: AddressFormProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (focusFirst) formRef.current?.querySelector<HTMLInputElement>('input[name="first_name"]')?.focus();
  }, [focusFirst]);

  const set = (name: Name) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const showErrors = (next: Errors) => {
    setErrors(next);
    setFailure(CHECKOUT_MESSAGES.addressFormErrors);
    const first = NAMES.find((name) => next[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async () => {
    setFailure(null);
    const input: AddressCreateInput = { ...values, country: 'UK' };
    const checked = AddressCreateSchema.safeParse(input);
    if (!checked.success) return showErrors(firstErrors(fieldErrors(checked.error)));
    setSaving(true);
    try {
      const created = await createAddress(checked.data);
      onCreated(created);
    } catch (error) {
      setSaving(false);
      const fields = error instanceof ApiError ? firstErrors(error.fields) : {};
      if (Object.keys(fields).length > 0) return showErrors(fields);
      const serverSays = error instanceof ApiError && error.kind === 'response' && !error.generic;
      setFailure(serverSays ? error.message : CHECKOUT_MESSAGES.createAddressFailed);
    }
  };

  const field = (name: Name) => {
    const spec = FIELDS.find((entry) => entry.name === name)!;
    return (
      <Field
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
      id={id}
      className="form address-form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void submit();
      }}
    >
      <h3 id={titleId} className="address-form__title">
        New address
      </h3>
      <div className="address-form__pair">
        {field('first_name')}
        {field('last_name')}
      </div>
      {field('street')}
      <div className="address-form__pair">
        {field('city')}
        {field('state')}
      </div>
      <div className="address-form__pair">
        {field('postal_code')}
        {field('telephone_number')}
      </div>
      <Field
        id={`${id}-country`}
        name="country"
        label="Country"
        value="United Kingdom"
        readOnly
        onValue={() => undefined}
      />
      <p className="form__failure" role="alert">
        {failure}
      </p>
      <div className="address-form__actions">
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
