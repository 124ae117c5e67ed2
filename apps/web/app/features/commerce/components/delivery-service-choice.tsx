import {
  type DeliveryExtra,
  type DeliveryOptionView,
  type DeliveryService,
  formatDecimalGbp,
  penceFromDecimal,
  ukDeliveryDay,
} from '@shop/domain';
import { useId } from 'react';
import { type DeliveryPick, toggleExtra } from '~/lib/delivery';

/** A price as the delivery list says it: FREE for nothing. */
export const deliveryPrice = (decimal: string) =>
  penceFromDecimal(decimal) === 0 ? 'FREE' : formatDecimalGbp(decimal);

interface DeliveryServiceChoiceProps {
  options: readonly DeliveryOptionView[];
  /** The service and extras chosen; null while none is. */
  value: DeliveryPick | null;
  onChange: (pick: DeliveryPick) => void;
  disabled?: boolean;
  /** Under the list: why the last choice did not go through. */
  error?: string | null | undefined;
}

/**
 * The delivery services offered, one radio each with its price and day, and for a pallet the
 * extras as checkboxes with their prices (the AM slot and the timed slot exclude each other). The cart page
 * and the checkout both choose with it.
 */
export function DeliveryServiceChoice({
  options,
  value,
  onChange,
  disabled,
  error,
}: DeliveryServiceChoiceProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const chosen = options.find((option) => option.service === value?.service);
  const pick = (service: DeliveryService, extras: DeliveryExtra[]) => onChange({ service, extras });
  return (
    <div className="delivery-choice">
      <fieldset className="delivery-choice__services" aria-describedby={error ? errorId : undefined}>
        <legend>Delivery service</legend>
        {options.map((option) => (
          <div key={option.service} className="delivery-choice__service">
            <input
              id={`${id}-${option.service}`}
              type="radio"
              name={`${id}-service`}
              value={option.service}
              checked={value?.service === option.service}
              disabled={disabled}
              onChange={() => pick(option.service, [])}
            />
            <label htmlFor={`${id}-${option.service}`}>
              <span className="delivery-choice__name">{option.label}</span>{' '}
              <span className="delivery-choice__price">{deliveryPrice(option.price)}</span>{' '}
              <span className="delivery-choice__date">Arrives {ukDeliveryDay(option.delivery_date)}</span>
            </label>
          </div>
        ))}
      </fieldset>
      {chosen && chosen.extras.length > 0 ? (
        <fieldset className="delivery-choice__extras">
          <legend>Pallet delivery options</legend>
          <p className="delivery-choice__hint">Choose an AM slot or a timed slot, not both.</p>
          {chosen.extras.map((extra) => (
            <div key={extra.code} className="form__check">
              <input
                id={`${id}-${extra.code}`}
                type="checkbox"
                checked={value?.extras.includes(extra.code) ?? false}
                disabled={disabled}
                onChange={(event) =>
                  pick(chosen.service, toggleExtra(value?.extras ?? [], extra.code, event.target.checked))
                }
              />
              <label htmlFor={`${id}-${extra.code}`}>
                {extra.label} <span className="delivery-choice__price">+{formatDecimalGbp(extra.price)}</span>
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
      <p id={errorId} className="field-error" role="alert">
        {error}
      </p>
    </div>
  );
}
