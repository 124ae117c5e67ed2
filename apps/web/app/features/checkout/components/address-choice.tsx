import type { AddressView } from '@shop/domain';
import { useEffect, useId, useRef } from 'react';
import { addressLine } from '../checkout-rules';

interface AddressChoiceProps {
  legend: string;
  /** The radio group's name. */
  name: string;
  addresses: readonly AddressView[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onDelete: (address: AddressView) => void;
  /** The address being deleted, whose button waits. */
  deletingId: number | null;
  error?: string;
  /** An address to put the focus on (the one just added). */
  focusId?: number | null;
}

/** The saved addresses as one radio group, each with its Delete button (spec 2, §2 Checkout screen). */
export function AddressChoice(props: AddressChoiceProps) {
  const { legend, name, addresses, selectedId, onSelect, onDelete, deletingId, error, focusId } = props;
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (focusId == null) return;
    listRef.current?.querySelector<HTMLInputElement>(`input[value="${focusId}"]`)?.focus();
  }, [focusId]);

  return (
    <fieldset className="address-choice" aria-describedby={`${id}-error`}>
      <legend className="address-choice__legend">{legend}</legend>
      {addresses.length === 0 ? (
        <p className="address-choice__none">No saved addresses yet. Add one below.</p>
      ) : (
        <ul ref={listRef} className="address-choice__list">
          {addresses.map((address) => {
            const optionId = `${id}-${address.id}`;
            const line = addressLine(address);
            return (
              <li key={address.id} className="address-option">
                <input
                  type="radio"
                  id={optionId}
                  name={name}
                  value={address.id}
                  checked={selectedId === address.id}
                  onChange={() => onSelect(address.id)}
                  className="address-option__radio"
                />
                <label htmlFor={optionId} className="address-option__label">
                  <span className="address-option__name">
                    {address.first_name} {address.last_name}
                  </span>
                  <span className="visually-hidden">, </span>
                  <span className="address-option__lines">
                    {[address.street, address.city, address.state, address.postal_code]
                      .filter(Boolean)
                      .join(', ')}
                  </span>
                  <span className="visually-hidden">, </span>
                  <span className="address-option__phone">{address.telephone_number}</span>
                </label>
                <button
                  type="button"
                  className="button address-option__delete"
                  aria-label={`Delete ${line}`}
                  disabled={deletingId === address.id}
                  onClick={() => onDelete(address)}
                >
                  {deletingId === address.id ? 'Deleting…' : 'Delete'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p id={`${id}-error`} className="field-error" role="alert">
        {error}
      </p>
    </fieldset>
  );
}
