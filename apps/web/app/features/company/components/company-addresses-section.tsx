import type { CompanyAddressView } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import { createCompanyAddress, deleteCompanyAddress, updateCompanyAddress } from '../api/company-addresses';
import { COMPANY_PAGE_MESSAGES } from '../company-messages';
import { failureText } from '../company-rules';
import { useOutcome } from '../hooks/use-outcome';
import { useSessionEnd } from '../hooks/use-session-end';
import { CompanySection } from './company-section';
import { OutcomeMessage } from './outcome-message';
import {
  AddressForm,
  type AddressFormLook,
  type AddressFormMessages,
  type AddressSaver,
} from '~/features/addresses/components/address-form';
import { ApiError } from '~/lib/api-client';

const SAVER: AddressSaver<CompanyAddressView> = {
  create: createCompanyAddress,
  update: updateCompanyAddress,
};

const FORM_MESSAGES: AddressFormMessages = {
  invalid: COMPANY_PAGE_MESSAGES.checkForm,
  failed: COMPANY_PAGE_MESSAGES.addressSaveFailed,
  withReason: true,
};

const FORM_LOOK: AddressFormLook = {
  block: 'address-book-form',
  pair: 'account-form__pair',
  actions: 'account-form__actions',
  country: 'line',
};

const lines = (address: CompanyAddressView) =>
  [address.street, address.city, address.state, address.postal_code].filter(Boolean).join(', ');

/** An address on one line, as its buttons name it. */
const addressLine = (address: CompanyAddressView) =>
  `${address.first_name} ${address.last_name}, ${lines(address)}`;

/**
 * The company's shared delivery addresses, which every member is offered at checkout: to add, edit and
 * delete with the shop's one address form, for administrators.
 */
export function CompanyAddressesSection({ initial }: { initial: CompanyAddressView[] }) {
  const [addresses, setAddresses] = useState(initial);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const { outcome, say, clear, ref } = useOutcome();
  const sessionEnded = useSessionEnd('/account/company');
  const addRef = useRef<HTMLButtonElement>(null);
  /** Set when the new address's form closes unsaved: the Add button it replaced takes the focus back. */
  const focusAdd = useRef(false);

  // After every render: the button is back by then.
  useEffect(() => {
    if (!focusAdd.current) return;
    focusAdd.current = false;
    addRef.current?.focus();
  });

  const saved = (address: CompanyAddressView, added: boolean) => {
    setAddresses((list) =>
      added ? [address, ...list] : list.map((entry) => (entry.id === address.id ? address : entry)),
    );
    setEditing(null);
    say(added ? COMPANY_PAGE_MESSAGES.addressAdded : COMPANY_PAGE_MESSAGES.addressSaved);
  };

  const remove = async (address: CompanyAddressView) => {
    clear();
    setBusy(address.id);
    try {
      await deleteCompanyAddress(address.id);
    } catch (error) {
      // Already gone: the list simply catches up.
      if (!(error instanceof ApiError && error.status === 404)) {
        setBusy(null);
        if (!sessionEnded(error)) say(failureText(error, COMPANY_PAGE_MESSAGES.addressDeleteFailed), true);
        return;
      }
    }
    setBusy(null);
    setAddresses((list) => list.filter((entry) => entry.id !== address.id));
    say(COMPANY_PAGE_MESSAGES.addressDeleted);
  };

  return (
    <CompanySection title="Delivery addresses" intro="Every member can choose these at checkout.">
      {addresses.length === 0 ? (
        <p className="address-book__none">{COMPANY_PAGE_MESSAGES.noAddresses}</p>
      ) : (
        <ul className="address-book" aria-label="The company’s addresses">
          {addresses.map((address) => (
            <li key={address.id} className="address-card">
              {editing === address.id ? (
                <AddressForm<CompanyAddressView>
                  address={address}
                  saver={SAVER}
                  messages={FORM_MESSAGES}
                  look={FORM_LOOK}
                  sessionExpired={sessionEnded}
                  onSaved={(answer) => saved(answer, false)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <p className="address-card__name">
                    {address.first_name} {address.last_name}
                  </p>
                  <p className="address-card__lines">{lines(address)}</p>
                  <p className="address-card__phone">{address.telephone_number}</p>
                  <div className="address-card__actions">
                    <button
                      type="button"
                      className="button button--outline"
                      aria-label={`Edit ${addressLine(address)}`}
                      disabled={busy === address.id}
                      onClick={() => {
                        clear();
                        setEditing(address.id);
                      }}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button address-card__delete"
                      aria-label={`Delete ${addressLine(address)}`}
                      disabled={busy === address.id}
                      onClick={() => void remove(address)}
                    >
                      {busy === address.id ? 'Working…' : 'Delete'}
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <OutcomeMessage outcome={outcome} outcomeRef={ref} />
      {editing === 'new' ? (
        <AddressForm<CompanyAddressView>
          saver={SAVER}
          messages={FORM_MESSAGES}
          look={FORM_LOOK}
          sessionExpired={sessionEnded}
          onSaved={(answer) => saved(answer, true)}
          onCancel={() => {
            focusAdd.current = true;
            setEditing(null);
          }}
        />
      ) : (
        <button
          ref={addRef}
          type="button"
          className="button button--primary"
          onClick={() => {
            clear();
            setEditing('new');
          }}
        >
          Add a delivery address
        </button>
      )}
    </CompanySection>
  );
}
