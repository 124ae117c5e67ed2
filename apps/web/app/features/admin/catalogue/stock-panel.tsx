import { CATALOGUE_LIMITS, StockAdjustmentSchema, type StockMovement, ukDateTime } from '@shop/domain';
import { useState, type FormEvent } from 'react';
import { AdminInput, AdminSelect, FormOutcome } from '../components/admin-field';
import type { AdminPage } from '../api';
import { parseOrThrow, useFormSubmit } from '../components/use-form-submit';
import { adjustStock } from './api';
import { ScrollRegion } from '~/components/ui/scroll-region';

/** Adjusts an item's stock by a number of units or to a counted level, always with a reason. */
export function StockAdjustmentForm({
  itemId,
  stock,
  onChange,
}: {
  itemId: number;
  stock: number;
  onChange: () => void;
}) {
  const [kind, setKind] = useState<'delta' | 'set_to'>('delta');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const form = useFormSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const whole = /^-?\d+$/.test(amount.trim());
    const done = await form.run(async () => {
      const body = parseOrThrow(
        StockAdjustmentSchema.safeParse({ [kind]: whole ? Number(amount) : undefined, reason }),
        whole ? {} : { [kind]: ['Enter a whole number of units.'] },
      );
      const result = await adjustStock(itemId, body);
      setAmount('');
      setReason('');
      return `Stock is now ${result.stock}.`;
    });
    if (done) onChange();
  }

  return (
    <form onSubmit={submit} noValidate className="admin-panel">
      <h2>Adjust stock</h2>
      <p>
        In stock now: <strong>{stock}</strong> units.
      </p>
      <div className="admin-grid">
        <AdminSelect
          id="stock-kind"
          label="Change"
          value={kind}
          onChange={(event) => setKind(event.target.value as 'delta' | 'set_to')}
        >
          <option value="delta">Add or remove units</option>
          <option value="set_to">Set the counted stock</option>
        </AdminSelect>
        <AdminInput
          id="stock-amount"
          label={kind === 'delta' ? 'Units to add (negative to remove)' : 'Units counted'}
          type="number"
          step={1}
          value={amount}
          errors={form.errorsOf(kind)}
          onChange={(event) => setAmount(event.target.value)}
        />
        <AdminInput
          id="stock-reason"
          label="Reason"
          hint="E.g. delivery from supplier, damaged in the warehouse, stock take."
          required
          maxLength={CATALOGUE_LIMITS.reason}
          value={reason}
          errors={form.errorsOf('reason')}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <button type="submit" className="admin-button" disabled={form.busy}>
        Adjust stock
      </button>
      <FormOutcome error={form.formError} success={form.success} />
    </form>
  );
}

/** An item's stock movements, newest first. */
export function StockMovements({ page }: { page: AdminPage<StockMovement> }) {
  return (
    <section className="admin-panel" aria-labelledby="movements-heading">
      <h2 id="movements-heading">Stock movements</h2>
      {page.results.length === 0 ? (
        <p>No movements yet.</p>
      ) : (
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll" label="Stock movements table">
            <table>
              <caption className="visually-hidden">Stock movements, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col" className="admin-table__num">
                    Change
                  </th>
                  <th scope="col" className="admin-table__num">
                    Stock after
                  </th>
                  <th scope="col">Reason</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {page.results.map((movement) => (
                  <tr key={movement.id}>
                    <td>{ukDateTime(movement.created_at)}</td>
                    <td className="admin-table__num">
                      {movement.delta > 0 ? `+${movement.delta}` : movement.delta}
                    </td>
                    <td className="admin-table__num">{movement.stock_after}</td>
                    <td>
                      {movement.order ? `${movement.reason} (order #${movement.order})` : movement.reason}
                    </td>
                    <td>{movement.actor_email ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p>
            {page.count} {page.count === 1 ? 'movement' : 'movements'}
            {page.count > page.results.length ? `; the latest ${page.results.length} are shown` : ''}.
          </p>
        </div>
      )}
    </section>
  );
}
