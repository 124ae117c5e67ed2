import type { AddressView } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../account-rules';
import { MY_ACCOUNT_MESSAGES } from '../my-account-messages';
import { useSessionExpiry } from '../use-session-expiry';
import { deleteAddress } from '~/features/addresses/api/delete-address';
import { updateAddress } from '~/features/addresses/api/save-address';
import {
  type AddressFormLook,
  type AddressFormMessages,
  AddressForm,
} from '~/features/addresses/components/address-form';
import { ApiError } from '~/lib/api-client';
import { AccountSection, SectionUnavailable } from './account-section';

const FORM_MESSAGES: AddressFormMessages = {
  invalid: MY_ACCOUNT_MESSAGES.addressFormErrors,
  failed: MY_ACCOUNT_MESSAGES.addressSaveFailed,
  withReason: true,
};

/** The book's form (account.css): the country as a line of text. */
const FORM_LOOK: AddressFormLook = {
  block: 'address-book-form',
  pair: 'account-form__pair',
  actions: 'account-form__actions',
  country: 'line',
};

/** An address on one line, as its buttons name it. */
function addressLine(address: AddressView): string {
  const place = [address.street, address.city, address.state, address.postal_code].filter(Boolean);
  return `${address.first_name} ${address.last_name}, ${place.join(', ')}`;
}

type Default = 'billing' | 'shipping';

/** The list with one address changed, and each default held by one address at most. */
function withSaved(list: readonly AddressView[], saved: AddressView): AddressView[] {
  const others = list.map((entry) => ({
    ...entry,
    is_default_billing: saved.is_default_billing ? false : entry.is_default_billing,
    is_default_shipping: saved.is_default_shipping ? false : entry.is_default_shipping,
  }));
  const index = others.findIndex((entry) => entry.id === saved.id);
  return index === -1 ? [saved, ...others] : others.map((entry) => (entry.id === saved.id ? saved : entry));
}

/**
 * The address book: every saved address with its defaults for checkout, to add, edit, delete,
 * or make the default billing or shipping address. What happened is said in a polite live region; the focus
 * goes back to the button that opened a form, or to the address just added.
 */
export function AddressBookSection({ initial }: { initial: AddressView[] | null }) {
  return (
    <AccountSection
      anchor="addresses"
      title="Address book"
      intro="The checkout chooses your default addresses first."
    >
      {initial ? (
        <AddressBook initial={initial} />
      ) : (
        <SectionUnavailable message={MY_ACCOUNT_MESSAGES.addressesLoadFailed} />
      )}
    </AccountSection>
  );
}

function AddressBook({ initial }: { initial: AddressView[] }) {
  const [addresses, setAddresses] = useState(initial);
  /** The address whose form is open, 'new' for the new one. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The control to focus once the list has re-rendered: an address's Edit button, or Add. */
  const focusTarget = useRef<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const sessionExpired = useSessionExpiry('/account');

  // After every render: the change that asked for the focus has been drawn by then.
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-focus="${target}"]`)?.focus();
  });

  const setFocusTarget = (target: string) => {
    focusTarget.current = target;
  };

  const say = (message: string) => {
    setFailure(null);
    setNews(message);
  };

  const closeForm = (focus: string) => {
    setEditing(null);
    setFocusTarget(focus);
  };

  const saved = (address: AddressView, added: boolean) => {
    setAddresses((list) => withSaved(list, address));
    say(added ? MY_ACCOUNT_MESSAGES.addressAdded : MY_ACCOUNT_MESSAGES.addressSaved);
    closeForm(`edit-${address.id}`);
  };

  const makeDefault = async (address: AddressView, which: Default) => {
    setNews(null);
    setFailure(null);
    setBusyId(address.id);
    try {
      const answer = await updateAddress(
        address.id,
        which === 'billing' ? { is_default_billing: true } : { is_default_shipping: true },
      );
      setAddresses((list) => withSaved(list, answer));
      say(
        which === 'billing' ? MY_ACCOUNT_MESSAGES.defaultBillingSet : MY_ACCOUNT_MESSAGES.defaultShippingSet,
      );
      setFocusTarget(`edit-${address.id}`);
    } catch (error) {
      if (!sessionExpired(error)) setFailure(failureMessage(error, MY_ACCOUNT_MESSAGES.addressSaveFailed));
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (address: AddressView) => {
    setNews(null);
    setFailure(null);
    setBusyId(address.id);
    try {
      await deleteAddress(address.id);
    } catch (error) {
      // Already gone (deleted in another tab or at checkout): the list simply catches up.
      if (!(error instanceof ApiError && error.status === 404)) {
        setBusyId(null);
        if (!sessionExpired(error)) {
          setFailure(failureMessage(error, MY_ACCOUNT_MESSAGES.addressDeleteFailed));
        }
        return;
      }
    }
    setBusyId(null);
    setAddresses((list) => list.filter((entry) => entry.id !== address.id));
    say(MY_ACCOUNT_MESSAGES.addressDeleted);
    setFocusTarget('add');
  };

  return (
    <div ref={listRef}>
      {addresses.length === 0 ? (
        <p className="address-book__none">{MY_ACCOUNT_MESSAGES.noAddresses}</p>
      ) : (
        <ul className="address-book" aria-label="Your addresses">
          {addresses.map((address) => {
            const line = addressLine(address);
            const busy = busyId === address.id;
            return (
              <li key={address.id} className="address-card">
                {editing === address.id ? (
                  <AddressForm
                    address={address}
                    withDefaults
                    messages={FORM_MESSAGES}
                    look={FORM_LOOK}
                    sessionExpired={sessionExpired}
                    onSaved={(answer) => saved(answer, false)}
                    onCancel={() => closeForm(`edit-${address.id}`)}
                  />
                ) : (
                  <>
                    <p className="address-card__name">
                      {address.first_name} {address.last_name}
                    </p>
                    <p className="address-card__lines">
                      {[address.street, address.city, address.state, address.postal_code]
                        .filter(Boolean)
                        .join(', ')}
                    </p>
                    <p className="address-card__phone">{address.telephone_number}</p>
                    {address.is_default_billing || address.is_default_shipping ? (
                      <ul className="address-card__defaults" aria-label="Defaults">
                        {address.is_default_billing ? (
                          <li className="address-card__default">Default billing</li>
                        ) : null}
                        {address.is_default_shipping ? (
                          <li className="address-card__default">Default shipping</li>
                        ) : null}
                      </ul>
                    ) : null}
                    <div className="address-card__actions">
                      <button
                        type="button"
                        className="button button--outline"
                        data-focus={`edit-${address.id}`}
                        aria-label={`Edit ${line}`}
                        disabled={busy}
                        onClick={() => {
                          setNews(null);
                          setEditing(address.id);
                        }}
                      >
                        Edit
                      </button>
                      {address.is_default_billing ? null : (
                        <button
                          type="button"
                          className="button button--outline"
                          aria-label={`Make default billing, ${line}`}
                          disabled={busy}
                          onClick={() => void makeDefault(address, 'billing')}
                        >
                          Make default billing
                        </button>
                      )}
                      {address.is_default_shipping ? null : (
                        <button
                          type="button"
                          className="button button--outline"
                          aria-label={`Make default shipping, ${line}`}
                          disabled={busy}
                          onClick={() => void makeDefault(address, 'shipping')}
                        >
                          Make default shipping
                        </button>
                      )}
                      <button
                        type="button"
                        className="button address-card__delete"
                        aria-label={`Delete ${line}`}
                        disabled={busy}
                        onClick={() => void remove(address)}
                      >
                        {busy ? 'Working…' : 'Delete'}
                      </button>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="form__success" role="status">
        {news}
      </p>
      <p className="form__failure" role="alert">
        {failure}
      </p>
      {editing === 'new' ? (
        <AddressForm
          withDefaults
          messages={FORM_MESSAGES}
          look={FORM_LOOK}
          sessionExpired={sessionExpired}
          onSaved={(answer) => saved(answer, true)}
          onCancel={() => closeForm('add')}
        />
      ) : (
        <button
          type="button"
          className="button button--primary"
          data-focus="add"
          onClick={() => {
            setNews(null);
            setEditing('new');
          }}
        >
          Add a new address
        </button>
      )}
    </div>
  );
}
