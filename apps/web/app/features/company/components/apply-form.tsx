import {
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  type BusinessType,
  type CompanyApplyInput,
  CompanyApplySchema,
  type CompanyView,
  INCORPORATED_BUSINESS_TYPES,
} from '@shop/domain';
import { useId, useState } from 'react';
import { applyForCompany } from '../api/apply-for-company';
import { COMPANY_PAGE_MESSAGES } from '../company-messages';
import { failureText } from '../company-rules';
import { useSessionEnd } from '../hooks/use-session-end';
import { Field, FieldFrame, fieldAria } from '~/components/ui/field';
import {
  ADDRESS_FIELDS,
  ADDRESS_ROWS,
  type AddressFieldName,
} from '~/features/addresses/components/address-form';
import { ApiError } from '~/lib/api-client';
import { check, type Errors, firstErrors, useFormFields } from '~/lib/form-fields';

type AddressKey = 'registered_address' | 'invoice_address';
const REFERENCES = [0, 1] as const;

const addressNames = (key: AddressKey) => ADDRESS_FIELDS.map((field) => `${key}.${field.name}`);

/** Every field's name, as the schema's and the API's errors name it, in the form's order. */
const NAMES = [
  'business_type',
  'legal_name',
  'trading_name',
  'company_number',
  'vat_registered',
  'vat_number',
  ...addressNames('registered_address'),
  ...addressNames('invoice_address'),
  'accounts_email',
  'requested_credit_limit',
  ...REFERENCES.flatMap((n) => [`trade_references.${n}.name`, `trade_references.${n}.email`]),
];

const EMPTY = {
  ...(Object.fromEntries(NAMES.map((name) => [name, ''])) as Record<string, string>),
  business_type: 'limited_company',
};

/** Errors of the invoice address go under the registered one's fields when the form shows only that one. */
function foldInvoiceErrors(errors: Errors, same: boolean): Errors {
  if (!same) return errors;
  const folded: Errors = {};
  for (const [name, message] of Object.entries(errors)) {
    const target = name.replace(/^invoice_address\./, 'registered_address.');
    folded[target] ??= message;
  }
  return folded;
}

/**
 * The trade account application: the kind of business and the company, its registered and invoice addresses,
 * the accounts contact, the credit asked for and two trade references, checked with the API's own schema;
 * the server's field errors go under their fields. A Companies House number is asked only of a limited
 * company or an LLP, a VAT number only of a VAT-registered business. `onApplied` gets the pending company.
 */
export function ApplyForm({ onApplied }: { onApplied: (company: CompanyView) => void }) {
  const id = useId();
  const { formRef, values, errors, set, showErrors } = useFormFields(EMPTY, NAMES);
  const [same, setSame] = useState(true);
  const [vatRegistered, setVatRegistered] = useState(true);
  const incorporated = INCORPORATED_BUSINESS_TYPES.includes(values.business_type as BusinessType);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sessionEnded = useSessionEnd('/account/company/apply');

  const fail = (next: Errors) => {
    setFailure(COMPANY_PAGE_MESSAGES.checkForm);
    showErrors(foldInvoiceErrors(next, same));
  };

  const address = (key: AddressKey) => ({
    ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field.name, values[`${key}.${field.name}`] ?? ''])),
    country: 'UK',
  });

  const body = (): CompanyApplyInput =>
    ({
      business_type: values.business_type,
      legal_name: values.legal_name,
      trading_name: values.trading_name,
      ...(incorporated ? { company_number: values.company_number } : {}),
      vat_registered: vatRegistered,
      ...(vatRegistered ? { vat_number: values.vat_number } : {}),
      registered_address: address('registered_address'),
      invoice_address: address(same ? 'registered_address' : 'invoice_address'),
      accounts_email: values.accounts_email,
      requested_credit_limit: values.requested_credit_limit,
      trade_references: REFERENCES.map((n) => ({
        name: values[`trade_references.${n}.name`],
        email: values[`trade_references.${n}.email`],
      })),
    }) as CompanyApplyInput;

  const submit = async () => {
    setFailure(null);
    const input = body();
    const checked = check(CompanyApplySchema, input);
    if (!checked.ok) return fail(checked.errors);
    setSending(true);
    try {
      // The raw input goes: the API reads the credit limit in pounds, the schema's output is pence.
      onApplied(await applyForCompany(input));
    } catch (error) {
      setSending(false);
      if (sessionEnded(error)) return;
      const fields = error instanceof ApiError ? firstErrors(error.fields, NAMES) : {};
      if (Object.keys(fields).length > 0) return fail(fields);
      setFailure(failureText(error, COMPANY_PAGE_MESSAGES.applyFailed));
    }
  };

  const typeId = `${id}-business_type`;
  const field = (name: string, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      key={name}
      id={`${id}-${name.replace(/\./g, '-')}`}
      name={name}
      label={label}
      value={values[name] ?? ''}
      error={errors[name]}
      onValue={set(name)}
      {...extra}
    />
  );

  const addressFields = (key: AddressKey) =>
    ADDRESS_ROWS.map((row) => {
      const cells = row.map((name: AddressFieldName) => {
        const spec = ADDRESS_FIELDS.find((entry) => entry.name === name)!;
        return field(`${key}.${name}`, spec.label, {
          type: spec.type ?? 'text',
          autoComplete: `section-${key} ${spec.autoComplete}`,
        });
      });
      return row.length === 1 ? (
        cells[0]
      ) : (
        <div key={row.join()} className="account-form__pair">
          {cells}
        </div>
      );
    });

  return (
    <form
      ref={formRef}
      className="form account-form company-apply"
      aria-label="Trade account application"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) void submit();
      }}
    >
      <fieldset className="company-apply__group">
        <legend>Your company</legend>
        <FieldFrame id={typeId} label="Type of business" error={errors.business_type}>
          <select
            id={typeId}
            name="business_type"
            className="form__control"
            value={values.business_type}
            {...fieldAria({ id: typeId, error: errors.business_type })}
            onChange={(event) => set('business_type')(event.target.value)}
          >
            {BUSINESS_TYPES.map((type) => (
              <option key={type} value={type}>
                {BUSINESS_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </FieldFrame>
        {field('legal_name', 'Legal name', { autoComplete: 'organization' })}
        {field('trading_name', 'Trading name')}
        <div className="form__field form__check">
          <input
            id={`${id}-vat-registered`}
            type="checkbox"
            checked={vatRegistered}
            onChange={(event) => setVatRegistered(event.target.checked)}
          />
          <label htmlFor={`${id}-vat-registered`}>We are VAT registered</label>
        </div>
        {incorporated || vatRegistered ? (
          <div className="account-form__pair">
            {incorporated ? field('company_number', 'Companies House number', { spellCheck: false }) : null}
            {vatRegistered ? field('vat_number', 'VAT number', { spellCheck: false }) : null}
          </div>
        ) : null}
      </fieldset>
      <fieldset className="company-apply__group">
        <legend>Registered address</legend>
        {addressFields('registered_address')}
        <p className="address-book-form__country">Country: United Kingdom</p>
        <div className="form__field form__check">
          <input
            id={`${id}-same`}
            type="checkbox"
            checked={same}
            onChange={(event) => setSame(event.target.checked)}
          />
          <label htmlFor={`${id}-same`}>Invoice address is the same</label>
        </div>
      </fieldset>
      {same ? null : (
        <fieldset className="company-apply__group">
          <legend>Invoice address</legend>
          {addressFields('invoice_address')}
          <p className="address-book-form__country">Country: United Kingdom</p>
        </fieldset>
      )}
      <fieldset className="company-apply__group">
        <legend>Accounts and credit</legend>
        {field('accounts_email', 'Accounts e-mail address', { type: 'email', autoComplete: 'email' })}
        {field('requested_credit_limit', 'Credit limit asked for (£)', {
          inputMode: 'decimal',
          autoComplete: 'off',
        })}
      </fieldset>
      <fieldset className="company-apply__group">
        <legend>Trade references</legend>
        {REFERENCES.map((n) => (
          <fieldset key={n} className="company-apply__reference">
            <legend>Reference {n + 1}</legend>
            <div className="account-form__pair">
              {field(`trade_references.${n}.name`, 'Company name')}
              {field(`trade_references.${n}.email`, 'E-mail address', { type: 'email' })}
            </div>
          </fieldset>
        ))}
      </fieldset>
      <p className="form__failure" role="alert">
        {failure}
      </p>
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Sending your application…' : 'Apply for a trade account'}
      </button>
    </form>
  );
}
