import { MAX_PO_NUMBER_LENGTH } from '@shop/domain';
import { useId } from 'react';

interface PurchaseOrderFieldProps {
  value: string;
  onValue: (value: string) => void;
  /** The company requires a purchase-order number on every order. */
  required: boolean;
  error?: string | undefined;
  /** The error is the server's re-use warning: offer to send the order again with the number anyway. */
  onUseAnyway?: (() => void) | undefined;
  disabled?: boolean;
}

/**
 * A trade buyer's purchase-order number: required and marked so when the company says, optional
 * otherwise. A number the company has used before is warned about by the server; "Use it anyway" overrides.
 */
export function PurchaseOrderField({
  value,
  onValue,
  required,
  error,
  onUseAnyway,
  disabled,
}: PurchaseOrderFieldProps) {
  const id = useId();
  return (
    <section className="checkout__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="checkout__heading">
        Your reference
      </h2>
      <div className="form__field">
        <label htmlFor={id} className="form__label">
          Purchase-order number {required ? '(required)' : '(optional)'}
        </label>
        <p id={`${id}-hint`} className="checkout__hint">
          {required
            ? 'Your company asks for a purchase-order number on every order.'
            : 'Printed on the invoice and every e-mail about the order.'}
        </p>
        <input
          id={id}
          name="purchase_order_number"
          className="form__control checkout__po"
          value={value}
          maxLength={MAX_PO_NUMBER_LENGTH}
          autoComplete="off"
          spellCheck={false}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          onChange={(event) => onValue(event.target.value)}
        />
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
        {onUseAnyway ? (
          <button type="button" className="button button--outline" disabled={disabled} onClick={onUseAnyway}>
            Use it anyway
          </button>
        ) : null}
      </div>
    </section>
  );
}
