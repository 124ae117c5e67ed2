import type { AddressView, CompanyView } from '@shop/domain';
import { useId, useRef } from 'react';
import { CHECKOUT_MESSAGES, type CheckoutProblems } from '../checkout-rules';
import type { CheckoutAddresses } from '../hooks/use-checkout-addresses';
import { AddressChoice, type SharedAddresses } from './address-choice';
import { AddressLines } from '~/features/addresses/components/address-lines';
import {
  type AddressFormLook,
  type AddressFormMessages,
  AddressForm,
} from '~/features/addresses/components/address-form';

const FORM_MESSAGES: AddressFormMessages = {
  invalid: CHECKOUT_MESSAGES.addressFormErrors,
  failed: CHECKOUT_MESSAGES.createAddressFailed,
};

/** The checkout's address form (checkout.css): the country as a read-only field. */
const FORM_LOOK: AddressFormLook = {
  block: 'address-form',
  pair: 'address-form__pair',
  actions: 'address-form__actions',
  country: 'field',
};

const joined = (...messages: (string | undefined)[]) => messages.filter(Boolean).join(' ') || undefined;

/** Who a company's invoice is addressed to: its legal name, invoice address and account number. */
export type InvoiceTo = Pick<CompanyView, 'legal_name' | 'invoice_address' | 'account_number'>;

/**
 * The billing and shipping addresses: chosen, deleted, or added with the form that opens below them. A
 * company member (`invoiceTo`) sees whom the invoice is addressed to and chooses only the delivery address.
 */
export function CheckoutAddressesSection({
  choice,
  shared,
  problems,
  onCreated,
  invoiceTo = null,
}: {
  choice: CheckoutAddresses;
  shared: SharedAddresses | null;
  problems: Pick<CheckoutProblems, 'billing' | 'shipping'>;
  /** After the new address is saved and chosen for both. */
  onCreated: (address: AddressView) => void;
  invoiceTo?: InvoiceTo | null;
}) {
  const sameId = useId();
  const formId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const remove = (address: AddressView) => void choice.remove(address);
  return (
    <section className="checkout__section" aria-labelledby="checkout-addresses-title">
      <h2 id="checkout-addresses-title" className="checkout__heading">
        Addresses
      </h2>
      {invoiceTo ? (
        <div className="checkout__invoice-to">
          <h3 className="address-choice__group-title">Invoice to</h3>
          <p>
            {invoiceTo.legal_name} (account {invoiceTo.account_number})
          </p>
          <AddressLines address={invoiceTo.invoice_address} telephone={false} />
          <p className="form__hint">
            Invoices and statements go to your company’s invoice address. Ask your account’s administrator to
            change it.
          </p>
        </div>
      ) : null}
      <AddressChoice
        legend={invoiceTo ? 'Delivery address' : 'Billing address'}
        name={invoiceTo ? 'shipping_address' : 'billing_address'}
        addresses={choice.addresses}
        shared={shared}
        selectedId={choice.billingId}
        onSelect={choice.setBillingId}
        onDelete={remove}
        deletingId={choice.deletingId}
        error={joined(problems.billing, choice.sameAsBilling ? problems.shipping : undefined)}
        focusId={choice.addedId}
      />
      {invoiceTo ? null : (
        <div className="form__check checkout__same">
          <input
            id={sameId}
            type="checkbox"
            checked={choice.sameAsBilling}
            onChange={(event) => choice.chooseSameAsBilling(event.target.checked)}
          />
          <label htmlFor={sameId}>Same as billing address</label>
        </div>
      )}
      {choice.sameAsBilling || invoiceTo ? null : (
        <AddressChoice
          legend="Shipping address"
          name="shipping_address"
          addresses={choice.addresses}
          shared={shared}
          selectedId={choice.shippingId}
          onSelect={choice.setShippingId}
          onDelete={remove}
          deletingId={choice.deletingId}
          error={problems.shipping}
        />
      )}
      <p className="form__failure" role="alert">
        {choice.deleteFailure}
      </p>
      <button
        ref={toggleRef}
        type="button"
        className="button button--outline"
        aria-expanded={choice.formOpen}
        aria-controls={formId}
        onClick={choice.toggleForm}
      >
        Add a new address
      </button>
      {choice.formOpen ? (
        <AddressForm
          id={formId}
          focusFirst={choice.formOpenedByBuyer}
          messages={FORM_MESSAGES}
          look={FORM_LOOK}
          onSaved={(address) => {
            choice.created(address);
            onCreated(address);
          }}
          onCancel={() => {
            choice.closeForm();
            toggleRef.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}
