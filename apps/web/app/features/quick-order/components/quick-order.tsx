// First: the messages share a module with Zod schemas, which must be built in jitless mode.
import '~/lib/jitless-validation';
import {
  CART_MESSAGES,
  formatDecimalGbp,
  MAX_LINES_PER_ADD,
  QUICK_ORDER_MESSAGES,
  type QuickOrderCheckResult,
  type QuickOrderLineResult,
} from '@shop/domain';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { addQuickOrderToCart } from '../api/add-quick-order-to-cart';
import { CHECK_DEBOUNCE_MS, useQuickOrderCheck } from '~/features/commerce/hooks/use-quick-order-check';
import { appendLine, checkableLines, formatLine, parseLines, type ParsedLine } from '../parse-lines';
import { QuickOrderResults, type ResultRow } from './quick-order-results';
import { SkuCombobox } from './sku-combobox';

/** The largest CSV file read (200 lines of SKU and packs are a few kilobytes). */
export const MAX_CSV_BYTES = 1024 * 1024;

export const QUICK_ORDER_PAGE_MESSAGES = {
  notCsv: 'Choose a .csv file.',
  tooLarge: 'The file is larger than 1 MB.',
  unreadable: 'The file could not be read.',
  read: (name: string) => `Read ${name}: its lines are below and are being checked.`,
} as const;

type AddState =
  | { status: 'idle' }
  | { status: 'adding' }
  | { status: 'added'; count: number }
  | { status: 'failed'; message: string };

/** Each line of the text with what the check said of it (see ResultRow). */
function resultRows(
  lines: readonly ParsedLine[],
  fresh: QuickOrderCheckResult | null,
  latest: QuickOrderCheckResult | null,
): ResultRow[] {
  // A line not checked yet shows what the last check said of the same SKU and packs, until its own comes.
  const seen = new Map<string, QuickOrderLineResult[]>();
  for (const result of latest?.lines ?? []) {
    const key = `${result.sku}\n${result.packs}`;
    seen.set(key, [...(seen.get(key) ?? []), result]);
  }
  let sent = 0;
  return lines.map((parsed) => {
    if (parsed.errors.length > 0) return { parsed, result: null, fresh: true };
    const own = fresh?.lines[sent++];
    if (own) return { parsed, result: own, fresh: true };
    return { parsed, result: seen.get(`${parsed.sku}\n${parsed.packs}`)?.shift() ?? null, fresh: false };
  });
}

/** The text without some of its lines (by line number, from 1). */
function withoutLines(text: string, lineNumbers: ReadonlySet<number>): string {
  const kept = text.split(/\r\n|\r|\n/).filter((_, index) => !lineNumbers.has(index + 1));
  return kept.join('\n').replace(/^\s*\n/, '');
}

/**
 * The quick order: lines of `SKU, packs` typed, pasted or read from a CSV file, each checked
 * by the server as it would add it (one request for all lines, 300 ms after typing stops, at once after
 * a paste or an upload); a table of the results with each problem on a line of its own, a summary, and
 * 'Add all to cart', which adds the ready lines in one request and takes them out of the text.
 */
export function QuickOrder({
  listAction,
}: {
  /** What saves the ready lines to a list (the route's Add to list). */
  listAction?: (lines: { item: number; packs: number }[]) => ReactNode;
} = {}) {
  const id = useId();
  const [text, setText] = useState('');
  const [delay, setDelay] = useState(CHECK_DEBOUNCE_MS);
  const [file, setFile] = useState<{ note: string | null; error: string | null }>({
    note: null,
    error: null,
  });
  const [add, setAdd] = useState<AddState>({ status: 'idle' });
  const pasted = useRef(false);

  const parsed = useMemo(() => parseLines(text), [text]);
  const sendable = useMemo(() => (parsed.tooMany ? [] : checkableLines(parsed.lines)), [parsed]);
  const check = useQuickOrderCheck(sendable, delay);
  const fresh = check.state.status === 'checked' ? check.state.result : null;
  const rows = useMemo(() => resultRows(parsed.lines, fresh, check.latest), [parsed, fresh, check.latest]);
  const checking = sendable.length > 0 && check.state.status !== 'checked' && check.state.status !== 'failed';
  const ready = rows.filter((row) => row.fresh && row.result?.ok);

  /** New text: checked after the debounce when typed, at once when pasted, read from a file or picked. */
  const changeText = (next: string, atOnce: boolean) => {
    setText(next);
    setDelay(atOnce ? 0 : CHECK_DEBOUNCE_MS);
    if (add.status !== 'adding') setAdd({ status: 'idle' });
  };

  /** A suggested SKU in place of an unknown one on its line, with the line's packs; checked at once. */
  const pickSku = (lineNumber: number, sku: string) => {
    const lines = text.split(/\r\n|\r|\n/);
    const packs = rows.find((row) => row.parsed.lineNumber === lineNumber)?.parsed.packs ?? 1;
    lines[lineNumber - 1] = formatLine(sku, packs);
    changeText(lines.join('\n'), true);
  };

  const readFile = async (chosen: File) => {
    if (!/\.csv$/i.test(chosen.name) && chosen.type !== 'text/csv') {
      return setFile({ note: null, error: QUICK_ORDER_PAGE_MESSAGES.notCsv });
    }
    if (chosen.size > MAX_CSV_BYTES)
      return setFile({ note: null, error: QUICK_ORDER_PAGE_MESSAGES.tooLarge });
    try {
      changeText((await chosen.text()).replace(/^\uFEFF/, ''), true);
      setFile({ note: QUICK_ORDER_PAGE_MESSAGES.read(chosen.name), error: null });
    } catch {
      setFile({ note: null, error: QUICK_ORDER_PAGE_MESSAGES.unreadable });
    }
  };

  const addAll = async () => {
    if (!fresh || ready.length === 0 || add.status === 'adding') return;
    setAdd({ status: 'adding' });
    const outcome = await addQuickOrderToCart(ready.map((row) => row.result!));
    if (!outcome.ok) {
      setAdd({ status: 'failed', message: outcome.message });
      // Stock or prices may have changed since the check: check the same lines again.
      check.recheck();
      return;
    }
    setAdd({ status: 'added', count: outcome.added });
    setText(withoutLines(text, new Set(ready.map((row) => row.parsed.lineNumber))));
    setDelay(0);
  };

  const linesId = `${id}-lines`;
  const hintId = `${id}-lines-hint`;
  const linesErrorId = `${id}-lines-error`;
  const fileId = `${id}-file`;
  const fileHintId = `${id}-file-hint`;
  const fileErrorId = `${id}-file-error`;
  const total = rows.length;

  return (
    <div className="quick-order">
      <p className="quick-order__lead">
        Know your SKUs? Type or paste them with the number of packs, one item a line, or upload a CSV file.
        Each line is checked as you go; add every ready line to your cart in one go.
      </p>
      <div className="quick-order__forms">
        <form className="form quick-order__entry" aria-labelledby={`${id}-title`} noValidate>
          <h2 id={`${id}-title`} className="form__title">
            Your lines
          </h2>
          <div className="form__field">
            <label htmlFor={linesId} className="form__label">
              SKU and packs, one item a line
            </label>
            <p id={hintId} className="quick-order__hint">
              For example <code>PW-HAND-400-CL, 12</code>. A comma, semicolon, tab or space goes between the
              SKU and the packs; a line with only a SKU is 1 pack. Up to {MAX_LINES_PER_ADD} lines.
            </p>
            <textarea
              id={linesId}
              className="form__control quick-order__lines"
              rows={10}
              spellCheck={false}
              autoCapitalize="characters"
              autoComplete="off"
              aria-describedby={parsed.tooMany ? `${hintId} ${linesErrorId}` : hintId}
              aria-invalid={parsed.tooMany ? true : undefined}
              value={text}
              onPaste={() => {
                pasted.current = true;
              }}
              onChange={(event) => {
                changeText(event.target.value, pasted.current);
                pasted.current = false;
              }}
            />
            <p id={linesErrorId} className="field-error" role="alert">
              {parsed.tooMany ? QUICK_ORDER_MESSAGES.tooManyLines : null}
            </p>
          </div>
          <div className="form__field quick-order__file">
            <label htmlFor={fileId} className="form__label">
              Or upload a CSV file
            </label>
            <p id={fileHintId} className="quick-order__hint">
              Columns: sku, packs (a header row is optional). Its lines replace the ones above.
            </p>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={file.error ? `${fileHintId} ${fileErrorId}` : fileHintId}
              aria-invalid={file.error ? true : undefined}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                // Cleared, so choosing the same file again (after fixing it) reads it again.
                event.target.value = '';
                if (chosen) void readFile(chosen);
              }}
            />
            <p id={fileErrorId} className="field-error" role="alert">
              {file.error}
            </p>
            <p className="quick-order__note" role="status">
              {file.note}
            </p>
          </div>
        </form>
        <SkuCombobox
          id={`${id}-sku`}
          onAdd={(sku) => changeText(appendLine(text, formatLine(sku, 1)), true)}
        />
      </div>

      <section className="quick-order__results" aria-labelledby={`${id}-results`}>
        <h2 id={`${id}-results`} className="quick-order__results-title">
          Checked lines
        </h2>
        <p className="quick-order__summary" role="status">
          {total === 0 || parsed.tooMany
            ? null
            : fresh
              ? `${fresh.valid_count} of ${total} ${total === 1 ? 'line is' : 'lines are'} ready to add. ` +
                `Total of the ready lines: ${formatDecimalGbp(fresh.total)} (ex VAT).`
              : checking
                ? 'Checking your lines…'
                : null}
        </p>
        <p className="form__failure" role="alert">
          {check.state.status === 'failed' ? check.state.message : null}
        </p>
        {total === 0 ? (
          <p className="quick-order__empty">Your lines will show here once you type, paste or upload them.</p>
        ) : parsed.tooMany ? null : (
          <QuickOrderResults rows={rows} checking={checking} onPickSku={pickSku} />
        )}
        <div className="quick-order__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!fresh || ready.length === 0 || add.status === 'adding'}
            onClick={() => void addAll()}
          >
            {add.status === 'adding' ? 'Adding to cart…' : 'Add all to cart'}
          </button>
          {listAction && fresh && ready.length > 0
            ? listAction(ready.map((row) => ({ item: row.result!.item!.id, packs: row.result!.packs })))
            : null}
        </div>
        <p className="quick-order__added" role="status">
          {add.status === 'added' ? (
            <>
              {CART_MESSAGES.added(add.count)} <Link to="/cart">View your cart</Link>
            </>
          ) : null}
        </p>
        <p className="form__failure" role="alert">
          {add.status === 'failed' ? add.message : null}
        </p>
      </section>
    </div>
  );
}
