import type { QuoteView } from '@shop/domain';
import { FormOutcome } from '../../components/admin-field';
import { useFormSubmit } from '../../components/use-form-submit';
import { withdrawQuote } from '../api/quotes';

/** Withdraws a request or a quote not yet accepted: the buyer can no longer accept it. */
export function WithdrawQuote({ quote, onDone }: { quote: QuoteView; onDone: () => void }) {
  const form = useFormSubmit();
  const withdraw = async () => {
    if (!window.confirm(`Withdraw ${quote.number}? The buyer will no longer be able to accept it.`)) return;
    const done = await form.run(async () => {
      await withdrawQuote(quote.id);
      return `${quote.number} is withdrawn.`;
    });
    if (done) onDone();
  };
  return (
    <>
      <p>The buyer sees that it has been withdrawn, and can no longer accept it.</p>
      <FormOutcome error={form.formError} success={form.success} />
      <button
        type="button"
        className="admin-button admin-button--danger"
        disabled={form.busy}
        onClick={() => void withdraw()}
      >
        Withdraw {quote.number}
      </button>
    </>
  );
}
