import { creditNoteName, formatDecimalGbp, formatGbp, type LedgerView, penceFromDecimal } from '@shop/domain';
import { useState } from 'react';
import { useFormSubmit } from '../../components/use-form-submit';
import { FormOutcome } from '../../components/admin-field';
import { allocateCreditNote } from '../api/receivables';

type CreditNote = LedgerView['credit_notes'][number];

const noteName = (note: CreditNote) => `credit note ${creditNoteName(note)}`;

/**
 * Credit notes whose credit goes beyond their own invoice (one already paid): each can be set against the
 * company's open invoices, oldest due first, as a payment is. Nothing shows when no note has credit left.
 */
export function CreditNoteCredits({
  companyId,
  creditNotes,
  onChanged,
}: {
  companyId: number;
  creditNotes: readonly CreditNote[];
  onChanged: () => void;
}) {
  const form = useFormSubmit();
  const [busyId, setBusyId] = useState<number | null>(null);
  const withCredit = creditNotes.filter((note) => penceFromDecimal(note.unallocated) > 0);
  if (withCredit.length === 0 && !form.success) return null;
  const allocate = async (note: CreditNote) => {
    setBusyId(note.id);
    const done = await form.run(async () => {
      const after = await allocateCreditNote(companyId, note.id);
      const moved = penceFromDecimal(note.unallocated) - penceFromDecimal(after.unallocated);
      return `${formatGbp(moved)} of ${noteName(note)} is set against the oldest open invoices.`;
    });
    setBusyId(null);
    if (done) onChanged();
  };
  return (
    <section aria-labelledby="credit-notes-title">
      <h3 id="credit-notes-title">Credit notes with credit to allocate</h3>
      <FormOutcome error={form.formError} success={form.success} />
      <ul>
        {withCredit.map((note) => (
          <li key={note.id}>
            Credit note {creditNoteName(note)}: {formatDecimalGbp(note.unallocated)} of{' '}
            {formatDecimalGbp(note.amount)} to allocate{' '}
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={busyId !== null}
              // The name starts with the words shown (WCAG 2.5.3), so a voice user saying them reaches it.
              aria-label={`Allocate to open invoices: ${noteName(note)} (${formatDecimalGbp(note.unallocated)})`}
              onClick={() => void allocate(note)}
            >
              Allocate to open invoices
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
