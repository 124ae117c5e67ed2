import type { AddressView } from '@shop/domain';
import { useEffect, useId, useRef } from 'react';
import { addressLine } from '../checkout-rules';

/** A trade account's shared addresses, offered to every member under the company's name. */
export interface SharedAddresses {
  /** The group's heading: the company's trading name. */
  heading: string;
  addresses: readonly AddressView[];
}

interface AddressChoiceProps {
  legend: string;
  /** The radio group's name. */
  name: string;
  addresses: readonly AddressView[];
  /** The company's addresses, beside the buyer's own; the buyer cannot delete them here. */
  shared?: SharedAddresses | null;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onDelete: (address: AddressView) => void;
  /** The address being deleted, whose button waits. */
  deletingId: number | null;
  error?: string;
  /** An address to put the focus on (the one just added). */
  focusId?: number | null;
}

interface AddressOptionProps {
  groupId: string;
  name: string;
  address: AddressView;
  checked: boolean;
  onSelect: (id: number) => void;
  /** The Delete button's action; none for a shared address. */
  onDelete?: ((address: AddressView) => void) | undefined;
  deleting: boolean;
}

function AddressOption({
  groupId,
  name,
  address,
  checked,
  onSelect,
  onDelete,
  deleting,
}: AddressOptionProps) {
  const optionId = `${groupId}-${address.id}`;
  return (
    <li className="address-option">
      <input
        type="radio"
        id={optionId}
        name={name}
        value={address.id}
        checked={checked}
        onChange={() => onSelect(address.id)}
        className="address-option__radio"
      />
      <label htmlFor={optionId} className="address-option__label">
        <span className="address-option__name">
          {address.first_name} {address.last_name}
        </span>
        <span className="visually-hidden">, </span>
        <span className="address-option__lines">
          {[address.street, address.city, address.state, address.postal_code].filter(Boolean).join(', ')}
        </span>
        <span className="visually-hidden">, </span>
        <span className="address-option__phone">{address.telephone_number}</span>
      </label>
      {onDelete ? (
        <button
          type="button"
          className="button address-option__delete"
          aria-label={`Delete ${addressLine(address)}`}
          disabled={deleting}
          onClick={() => onDelete(address)}
        >
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      ) : null}
    </li>
  );
}

/**
 * The saved addresses as one radio group, each with its Delete button (spec 2, §2 Checkout screen); for a
 * trade buyer, the company's shared addresses follow in the same radio group, headed with its trading name.
 */
export function AddressChoice(props: AddressChoiceProps) {
  const { legend, name, addresses, shared, selectedId, onSelect, onDelete, deletingId, error, focusId } =
    props;
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const hasShared = !!shared && shared.addresses.length > 0;

  useEffect(() => {
    if (focusId == null) return;
    listRef.current?.querySelector<HTMLInputElement>(`input[value="${focusId}"]`)?.focus();
  }, [focusId]);

  const own =
    addresses.length === 0 ? (
      <p className="address-choice__none">No saved addresses yet. Add one below.</p>
    ) : (
      <ul ref={listRef} className="address-choice__list">
        {addresses.map((address) => (
          <AddressOption
            key={address.id}
            groupId={id}
            name={name}
            address={address}
            checked={selectedId === address.id}
            onSelect={onSelect}
            onDelete={onDelete}
            deleting={deletingId === address.id}
          />
        ))}
      </ul>
    );

  return (
    <fieldset className="address-choice" aria-describedby={`${id}-error`}>
      <legend className="address-choice__legend">{legend}</legend>
      {hasShared ? (
        <>
          <div className="address-choice__group" role="group" aria-labelledby={`${id}-own`}>
            <p id={`${id}-own`} className="address-choice__group-title">
              Your addresses
            </p>
            {own}
          </div>
          <div className="address-choice__group" role="group" aria-labelledby={`${id}-shared`}>
            <p id={`${id}-shared`} className="address-choice__group-title">
              {shared.heading}
            </p>
            <ul className="address-choice__list">
              {shared.addresses.map((address) => (
                <AddressOption
                  key={address.id}
                  groupId={id}
                  name={name}
                  address={address}
                  checked={selectedId === address.id}
                  onSelect={onSelect}
                  deleting={false}
                />
              ))}
            </ul>
          </div>
        </>
      ) : (
        own
      )}
      <p id={`${id}-error`} className="field-error" role="alert">
        {error}
      </p>
    </fieldset>
  );
}
