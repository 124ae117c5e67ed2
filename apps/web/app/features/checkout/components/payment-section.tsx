import { formatDecimalGbp } from '@shop/domain';
import type { CardPaymentState } from '../hooks/use-card-payment';
import type { PaymentIntentState } from '../hooks/use-payment-intent';
import { CHECKOUT_MESSAGES } from '../checkout-rules';

export type PaymentMethodChoice = 'card' | 'account';

/** Pay on account as a trade buyer's company may: why it cannot, and the credit left if known. */
export interface AccountOption {
  /** The hold's words (COMPANY_MESSAGES.onHold) when the company is on hold: the choice is then disabled. */
  holdMessage: string | null;
  /** The available credit, decimal pounds, for the company's administrators; null for other members. */
  availableCredit: string | null;
}

interface PaymentSectionProps {
  method: PaymentMethodChoice | null;
  onMethod: (method: PaymentMethodChoice) => void;
  methodError?: string;
  /** Offered beside the card when the buyer's company may pay on account; absent: the card alone. */
  account?: AccountOption | null;
  card: CardPaymentState;
  intent: PaymentIntentState;
  onRetryIntent: () => void;
}

const METHOD_ERROR_ID = 'checkout-payment-method-error';
const ACCOUNT_NOTE_ID = 'checkout-payment-account-note';

/**
 * The payment method list (the card only, spec 2, §2; "Pay by card" or "Pay on account" for a trade buyer
 * whose company has credit) and the card processor's own fields, with what holds them up: the processor's
 * code still loading or missing, the payment intent not yet made. On account there is no card to show.
 */
export function PaymentSection({
  method,
  onMethod,
  methodError,
  account,
  card,
  intent,
  onRetryIntent,
}: PaymentSectionProps) {
  const Fields = card.status === 'ready' ? card.payment.Fields : null;
  const clientSecret = intent.status === 'ready' ? intent.intent.client_secret : null;
  const preparing = card.status === 'loading' || (card.status === 'ready' && intent.status === 'loading');
  const accountNote = account
    ? (account.holdMessage ??
      (account.availableCredit !== null
        ? `Available credit: ${formatDecimalGbp(account.availableCredit)}.`
        : null))
    : null;
  return (
    <section className="checkout__section" aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" className="checkout__heading">
        Payment
      </h2>
      <fieldset className="payment-methods" aria-describedby={METHOD_ERROR_ID}>
        <legend className="address-choice__legend">Payment method</legend>
        {account ? (
          <div className="payment-methods__choices">
            <label className="payment-method">
              <input
                type="radio"
                name="payment_method"
                value="card"
                checked={method === 'card'}
                onChange={() => onMethod('card')}
              />
              Pay by card
            </label>
            <label className="payment-method" aria-disabled={account.holdMessage ? true : undefined}>
              <input
                type="radio"
                name="payment_method"
                value="account"
                checked={method === 'account'}
                disabled={account.holdMessage !== null}
                aria-describedby={accountNote ? ACCOUNT_NOTE_ID : undefined}
                onChange={() => onMethod('account')}
              />
              Pay on account
            </label>
          </div>
        ) : (
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
        )}
        {accountNote ? (
          <p
            id={ACCOUNT_NOTE_ID}
            className={account?.holdMessage ? 'payment-methods__hold' : 'payment-methods__note'}
          >
            {accountNote}
          </p>
        ) : null}
        <p id={METHOD_ERROR_ID} className="field-error" role="alert">
          {methodError}
        </p>
      </fieldset>
      {method === 'account' ? (
        <p className="payment-methods__note">
          No card is needed: the order is invoiced to your company’s account.
        </p>
      ) : (
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
      )}
    </section>
  );
}
