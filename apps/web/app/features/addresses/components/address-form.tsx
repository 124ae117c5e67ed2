// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import {
  type AddressCreate,
  AddressCreateSchema,
  type AddressUpdate,
  AddressUpdateSchema,
  type AddressView,
} from '@shop/domain';
import { useEffect, useId, useState } from 'react';
import { createAddress, updateAddress } from '../api/save-address';
import { Field } from '~/components/ui/field';
import { ApiError, failureReason } from '~/lib/api-client';
import { check, type Errors, firstErrors, useFormFields } from '~/lib/form-fields';

type Name = 'first_name' | 'last_name' | 'street' | 'city' | 'state' | 'postal_code' | 'telephone_number';
/** An address's text fields, as the form and the API name them. */
export type AddressFieldName = Name;

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
/** The fields with their labels, for a screen that puts an address inside a larger form (a trade application). */
export const ADDRESS_FIELDS = FIELDS;
/** Rows of the form: names, street, city and county, postcode and telephone. */
const ROWS: readonly (readonly Name[])[] = [
  ['first_name', 'last_name'],
  ['street'],
  ['city', 'state'],
  ['postal_code', 'telephone_number'],
];
export const ADDRESS_ROWS = ROWS;

/** An address the form can edit: the book's, or one without checkout defaults (a company's shared address). */
export type EditableAddress = Omit<AddressView, 'is_default_billing' | 'is_default_shipping'> &
  Partial<Pick<AddressView, 'is_default_billing' | 'is_default_shipping'>>;

/** Where the form saves: the buyer's own address book unless a screen gives its own calls. */
export interface AddressSaver<T extends EditableAddress> {
  create: (body: AddressCreate) => Promise<T>;
  update: (id: number, body: AddressUpdate) => Promise<T>;
}

const ADDRESS_BOOK: AddressSaver<AddressView> = { create: createAddress, update: updateAddress };

const initialValues = (address?: EditableAddress): Record<Name, string> => ({
  first_name: address?.first_name ?? '',
  last_name: address?.last_name ?? '',
  street: address?.street ?? '',
  city: address?.city ?? '',
  state: address?.state ?? '',
  postal_code: address?.postal_code ?? '',
  telephone_number: address?.telephone_number ?? '',
});

/** What a screen says around its address form. */
export interface AddressFormMessages {
  /** Over the form when fields are wrong. */
  invalid: string;
  /** When saving failed and the server said nothing of its own. */
  failed: string;
  /** Whether `failed` is followed by why no answer came (a timeout, no network). */
  withReason?: boolean;
}

/**
 * How the form looks where it stands: its class names (`block`, `block__title`, the rows' and the buttons'),
 * and whether the country shows as a line of text or as a read-only field.
 */
export interface AddressFormLook {
  block: string;
  pair: string;
  actions: string;
  country: 'line' | 'field';
}

interface AddressFormProps<T extends EditableAddress> {
  /** The address to change; a new one when absent. */
  address?: T;
  /** The form's id, which its fields' ids start with; a generated one when absent. */
  id?: string;
  /** Whether the first field takes the focus when the form opens. */
  focusFirst?: boolean;
  /** Offers the two checkout defaults (billing, shipping) as checkboxes. */
  withDefaults?: boolean;
  messages: AddressFormMessages;
  look: AddressFormLook;
  onSaved: (address: T) => void;
  onCancel: () => void;
  /** The calls that save it; the buyer's address book when absent (then T is AddressView). */
  saver?: AddressSaver<T>;
  /** Answers whether a failed call ended the session (and was dealt with). */
  sessionExpired?: (error: unknown) => boolean;
}

/**
 * A new or changed address, checked with the schema the API uses, the server's field errors put under their
 * fields. The country is always the United Kingdom. Used by the checkout and by My account's address book.
 */
export function AddressForm<T extends EditableAddress = AddressView>({
  address,
  id,
  focusFirst = true,
  withDefaults = false,
  messages,
  look,
  onSaved,
  onCancel,
  sessionExpired,
  // Without a saver the form is the address book's, whose answers are AddressViews.
  saver = ADDRESS_BOOK as unknown as AddressSaver<T>,
}: AddressFormProps<T>) {
  const generatedId = useId();
  const fieldsId = id ?? generatedId;
  const { formRef, values, errors, set, showErrors } = useFormFields(initialValues(address), NAMES);
  const [billing, setBilling] = useState(address?.is_default_billing ?? false);
  const [shipping, setShipping] = useState(address?.is_default_shipping ?? false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const title = address ? `Edit the address of ${address.first_name} ${address.last_name}` : 'New address';

  useEffect(() => {
    if (focusFirst) formRef.current?.querySelector<HTMLInputElement>('input[name="first_name"]')?.focus();
  }, [formRef, focusFirst]);

  const fieldErrors = (next: Errors) => {
    setFailure(messages.invalid);
    showErrors(next);
  };

  const submit = async () => {
    setFailure(null);
    const input = {
      ...values,
      country: 'UK',
      ...(withDefaults && { is_default_billing: billing, is_default_shipping: shipping }),
    };
    try {
      let saved: T;
      if (address) {
        const checked = check(AddressUpdateSchema, input);
        if (!checked.ok) return fieldErrors(checked.errors);
        setSaving(true);
        saved = await saver.update(address.id, checked.value);
      } else {
        const checked = check(AddressCreateSchema, input);
        if (!checked.ok) return fieldErrors(checked.errors);
        setSaving(true);
        saved = await saver.create(checked.value);
      }
      onSaved(saved);
    } catch (error) {
      setSaving(false);
      if (sessionExpired?.(error)) return;
      const fields = error instanceof ApiError ? firstErrors(error.fields, NAMES) : {};
      if (Object.keys(fields).length > 0) return fieldErrors(fields);
      const serverSays = error instanceof ApiError && error.kind === 'response' && !error.generic;
      const reason = messages.withReason ? failureReason(error) : null;
      setFailure(serverSays ? error.message : reason ? `${messages.failed} ${reason}` : messages.failed);
    }
  };

  const field = (name: Name) => {
    const spec = FIELDS.find((entry) => entry.name === name)!;
    return (
      <Field
        key={name}
        id={`${fieldsId}-${name}`}
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
      className={`form ${look.block}`}
      aria-labelledby={`${generatedId}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void submit();
      }}
    >
      <h3 id={`${generatedId}-title`} className={`${look.block}__title`}>
        {title}
      </h3>
      {ROWS.map((row) =>
        row.length === 1 ? (
          field(row[0]!)
        ) : (
          <div key={row.join()} className={look.pair}>
            {row.map(field)}
          </div>
        ),
      )}
      {look.country === 'line' ? (
        <p className={`${look.block}__country`}>Country: United Kingdom</p>
      ) : (
        <Field
          id={`${fieldsId}-country`}
          name="country"
          label="Country"
          value="United Kingdom"
          readOnly
          onValue={() => undefined}
        />
      )}
      {withDefaults ? (
        <>
          <div className="form__field form__check">
            <input
              id={`${fieldsId}-billing`}
              type="checkbox"
              name="is_default_billing"
              checked={billing}
              onChange={(event) => setBilling(event.target.checked)}
            />
            <label htmlFor={`${fieldsId}-billing`}>My default billing address</label>
          </div>
          <div className="form__field form__check">
            <input
              id={`${fieldsId}-shipping`}
              type="checkbox"
              name="is_default_shipping"
              checked={shipping}
              onChange={(event) => setShipping(event.target.checked)}
            />
            <label htmlFor={`${fieldsId}-shipping`}>My default shipping address</label>
          </div>
        </>
      ) : null}
      <p className="form__failure" role="alert">
        {failure}
      </p>
      <div className={look.actions}>
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
