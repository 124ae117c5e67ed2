import { DELIVERY_STEP_MESSAGES, type DeliveryStep } from '../hooks/use-delivery-choice';
import { DeliveryServiceChoice } from '~/features/commerce/components/delivery-service-choice';
import type { DeliveryPick } from '~/lib/delivery';

interface DeliveryStepProps {
  step: DeliveryStep;
  onChoose: (pick: DeliveryPick) => void;
  onRetry: () => void;
  /** Why the last choice, or Place Order, was refused. */
  error?: string | null | undefined;
  disabled?: boolean;
}

/** The checkout's delivery section: the services to the shipping address, chosen before paying. */
export function DeliveryStepSection({ step, onChoose, onRetry, error, disabled }: DeliveryStepProps) {
  return (
    <section className="checkout__section" aria-labelledby="checkout-delivery-title">
      <h2 id="checkout-delivery-title" className="checkout__heading">
        Delivery
      </h2>
      {step.status === 'no-address' ? (
        <p className="checkout__note">{DELIVERY_STEP_MESSAGES.noAddress}</p>
      ) : step.status === 'loading' ? (
        <>
          <p className="checkout__note" role="status">
            {DELIVERY_STEP_MESSAGES.loading}
          </p>
          <p className="field-error" role="alert">
            {error}
          </p>
        </>
      ) : step.status === 'failed' ? (
        <>
          <p className="form__failure" role="alert">
            {step.message}
          </p>
          <button type="button" className="button button--outline" onClick={onRetry}>
            Try again
          </button>
        </>
      ) : step.status === 'not-served' ? (
        <p className="form__failure" role="alert">
          {step.reason}
        </p>
      ) : (
        <DeliveryServiceChoice
          options={step.offer.options}
          value={step.pick}
          onChange={onChoose}
          disabled={disabled || step.saving}
          error={error}
        />
      )}
    </section>
  );
}
