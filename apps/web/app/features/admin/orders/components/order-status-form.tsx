import {
  type AdminOrderDetail,
  formatDecimalGbp,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  OrderStatusChangeSchema,
} from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { AdminInput, AdminSelect, AdminTextarea, FormOutcome } from '../../components/admin-field';
import { parseOrThrow, useFormSubmit } from '../../components/use-form-submit';
import { changeOrderStatus } from '../api/change-order-status';

interface OrderStatusFormProps {
  order: AdminOrderDetail;
  /** Called after a move, to load the order again. */
  onChanged: () => void;
}

/**
 * Moves the order on. Only the statuses it may move to are offered (the server checks again); shipping asks
 * for the carrier and tracking number, which the customer sees with the note.
 */
export function OrderStatusForm({ order, onChanged }: OrderStatusFormProps) {
  const options = order.next_statuses;
  const [chosen, setChosen] = useState<OrderStatus | ''>('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [note, setNote] = useState('');
  const form = useFormSubmit();
  // After a move the order offers other statuses: the first of them unless one of them was chosen.
  const status = chosen && options.includes(chosen) ? chosen : (options[0] ?? '');

  if (options.length === 0) {
    return (
      <p>
        This order is {ORDER_STATUS_LABELS[order.status].toLowerCase()}; its status does not change any more.
        {form.success ? <span role="status"> {form.success}</span> : null}
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!status) return;
    const done = await form.run(async () => {
      const body = parseOrThrow(
        OrderStatusChangeSchema.safeParse({
          status,
          ...(status === 'shipped' ? { carrier, tracking_number: tracking } : {}),
          ...(note.trim() ? { note } : {}),
        }),
      );
      await changeOrderStatus(order.id, body);
      setCarrier('');
      setTracking('');
      setNote('');
      setChosen('');
      return `Order #${order.id} is now ${ORDER_STATUS_LABELS[status].toLowerCase()}. The customer has been e-mailed.`;
    });
    if (done) onChanged();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change status">
      <AdminSelect
        id="order-status"
        label="New status"
        value={status}
        onChange={(event) => setChosen(event.target.value as OrderStatus)}
        errors={form.errorsOf('status')}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {ORDER_STATUS_LABELS[option]}
          </option>
        ))}
      </AdminSelect>
      {status === 'shipped' ? (
        <div className="admin-grid">
          <AdminInput
            id="order-carrier"
            label="Carrier"
            required
            maxLength={100}
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
            errors={form.errorsOf('carrier')}
          />
          <AdminInput
            id="order-tracking"
            label="Tracking number"
            required
            maxLength={100}
            value={tracking}
            onChange={(event) => setTracking(event.target.value)}
            errors={form.errorsOf('tracking_number')}
          />
        </div>
      ) : null}
      {status === 'cancelled' ? (
        <p className="admin-field__hint">
          Cancelling puts the items back in stock
          {order.refundable_pence > 0
            ? ` and refunds ${formatDecimalGbp(order.refundable)} to the customer’s card`
            : ''}
          .
        </p>
      ) : null}
      <AdminTextarea
        id="order-note"
        label="Note for the customer (optional)"
        rows={2}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        errors={form.errorsOf('note')}
      />
      <FormOutcome error={form.formError} success={form.success} />
      <button
        type="submit"
        className={status === 'cancelled' ? 'admin-button admin-button--danger' : 'admin-button'}
        disabled={form.busy}
      >
        {form.busy ? 'Saving…' : status === 'cancelled' ? 'Cancel order' : 'Update status'}
      </button>
    </form>
  );
}
