import { ukMonth, ukToday } from '@shop/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { failureReason, isAbortError } from '~/lib/api-client';
import { fetchDocument } from '~/lib/fetch-document';
import { saveFile } from '~/lib/save-file';

/** How many months back the month list reaches (the API takes any month from 2000). */
export const STATEMENT_MONTHS = 36;

/** The current UK month 'YYYY-MM' and the months before it, newest first. */
export function statementMonths(now: Date = new Date(), count = STATEMENT_MONTHS): string[] {
  const today = ukToday(now);
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}

/**
 * A company's statement of account for a chosen month (this month to date first chosen), downloaded as a PDF. The
 * API takes the signed-in person's token only (no cookie), so the PDF is fetched with it and saved from an
 * object URL, as the invoices are; a failure is told next to the button, which it describes.
 */
export function StatementDownload({
  path,
  accountNumber,
  buttonClassName = 'button button--outline',
  now,
}: {
  /** The API path of the month's PDF. */
  path: (month: string) => string;
  /** e.g. TA-000042, for the file's name. */
  accountNumber: string;
  buttonClassName?: string;
  now?: Date;
}) {
  const months = statementMonths(now);
  const [month, setMonth] = useState(months[0]!);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const download = async (event: FormEvent) => {
    event.preventDefault();
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setBusy(true);
    setFailure(null);
    try {
      saveFile(await fetchDocument(path(month), current.signal), `statement-${accountNumber}-${month}.pdf`);
    } catch (error) {
      if (isAbortError(error)) return;
      setFailure(
        `Could not download the statement for ${ukMonth(`${month}-01`)}. ${failureReason(error) ?? 'Please try again.'}`,
      );
    } finally {
      if (controller.current === current) setBusy(false);
    }
  };

  return (
    <form className="statement-download" onSubmit={(event) => void download(event)}>
      <div className="form__field">
        <label htmlFor={`${id}-month`}>Month</label>
        <select
          id={`${id}-month`}
          name="month"
          className="form__control"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
        >
          {months.map((value) => (
            <option key={value} value={value}>
              {ukMonth(`${value}-01`)}
              {value === months[0] ? ' (to date)' : ''}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className={buttonClassName}
        aria-busy={busy}
        aria-describedby={failure ? `${id}-failure` : undefined}
        disabled={busy}
      >
        Download statement
      </button>
      <p id={`${id}-failure`} className="form__failure" role="alert">
        {failure}
      </p>
    </form>
  );
}
