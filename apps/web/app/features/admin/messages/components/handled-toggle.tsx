import type { ContactMessage } from '@shop/domain';
import { FormOutcome } from '../../components/admin-field';
import { useFormSubmit } from '../../components/use-form-submit';
import { setMessageHandled } from '../api/messages';

/** Marks a query handled, or waiting for an answer again. */
export function HandledToggle({ message, onChanged }: { message: ContactMessage; onChanged: () => void }) {
  const form = useFormSubmit();
  const handled = message.handled_at !== null;
  const toggle = () =>
    void form
      .run(async () => {
        await setMessageHandled(message.id, !handled);
        return handled ? 'Marked as waiting for an answer.' : 'Marked as handled.';
      })
      .then((done) => done && onChanged());
  return (
    <div>
      <button
        type="button"
        className={`admin-button${handled ? ' admin-button--secondary' : ''}`}
        disabled={form.busy}
        onClick={toggle}
      >
        {handled ? 'Mark as waiting' : 'Mark as handled'}
      </button>
      <FormOutcome error={form.formError} success={form.success} />
    </div>
  );
}
