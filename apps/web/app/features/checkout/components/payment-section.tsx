import type { CardPaymentState } from '../hooks/use-card-payment';
import type { PaymentIntentState } from '../hooks/use-payment-intent';
import { CHECKOUT_MESSAGES } from '../checkout-rules';

interface PaymentSectionProps {
  method: 'card' | null;
  onMethod: (method: 'card') => void;
  methodError?: string;
  card: CardPaymentState;
  intent: PaymentIntentState;
  onRetryIntent: () => void;
}

/**
 * The payment method list (the card only, spec 2, §2) and the card processor's own fields, with what
 * holds them up: the processor's code still loading or missing, the payment intent not yet made.
 */
export function PaymentSection({
  method,
  onMethod,
  methodError,
  card,
  intent,
  onRetryIntent,
}: PaymentSectionProps) {
  const Fields = card.status === 'ready' ? card.payment.Fields : null;
  const clientSecret = intent.status === 'ready' ? intent.intent.client_secret : null;
  const preparing = card.status === 'loading' || (card.status === 'ready' && intent.status === 'loading');
  return (
    <section className="checkout__section" aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" className="checkout__heading">
        Payment
      </h2>
      <fieldset className="payment-methods" aria-describedby="checkout-payment-method-error">
        <legend className="address-choice__legend">Payment method</legend>
        <label className="payment-method">
          <input
            type="radio"
            name="payment_method"
            value="card"
            checked={method === 'card'}
            onChange={() => onMethod('card')}
          />
          Card
        </label>
        <p id="checkout-payment-method-error" className="field-error" role="alert">
          {methodError}
        </p>
      </fieldset>
      <div className="checkout__card">
        {card.status === 'failed' ? (
          <p className="form__failure" role="alert">
            {CHECKOUT_MESSAGES.paymentNotInitialized}
          </p>
        ) : Fields ? (
          <Fields clientSecret={clientSecret} />
        ) : null}
        {preparing ? (
          <p className="loading-state" role="status">
            <span className="loading-state__spinner" aria-hidden="true" />
            Preparing secure payment…
          </p>
        ) : null}
        <p className="form__failure" role="alert">
          {intent.status === 'failed' ? intent.message : null}
        </p>
        {intent.status === 'failed' ? (
          <button type="button" className="button button--outline" onClick={onRetryIntent}>
            Try again
          </button>
        ) : null}
      </div>
    </section>
  );
}
