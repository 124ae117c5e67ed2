import {
  CATALOGUE_CSV_MAX_BYTES,
  CATALOGUE_CSV_MAX_ROWS,
  type ImportApplied,
  type ImportPreview,
} from '@shop/domain';
import { useState, type FormEvent } from 'react';
import { AdminInput, AdminTextarea, FormOutcome } from '../../components/admin-field';
import { applyItemsCsv, csvBlob, previewItemsCsv, refusedImport } from '../api';
import { ImportPreviewTables } from './import-preview';

const number = (value: number) => value.toLocaleString('en-GB');
const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;

function previewSummary(preview: ImportPreview): string {
  const { counts } = preview;
  if (counts.errors > 0) {
    return `The file has ${plural(counts.errors, 'error', 'errors')}. Correct ${counts.errors === 1 ? 'it' : 'them'} and preview it again; nothing can be applied until then.`;
  }
  return `Previewed ${plural(preview.rows, 'row', 'rows')}: ${number(counts.create)} new, ${number(counts.update)} to update, ${number(counts.unchanged)} unchanged.`;
}

function appliedSummary(applied: ImportApplied): string {
  const { counts } = applied;
  return `Applied: ${plural(counts.create, 'item', 'items')} created, ${number(counts.update)} updated, ${plural(applied.stock_movements, 'stock movement', 'stock movements')} recorded.`;
}

const message = (error: unknown) =>
  error instanceof Error ? error.message : 'An unexpected error occurred.';

/**
 * Import of items and prices from a CSV file or pasted text: Preview shows every change and every error by line
 * and column; Apply sends the very same bytes with the preview's hash, and only when the preview found no errors.
 */
export function CatalogueImport() {
  // A new key empties the file input (its value cannot be set but to '').
  const [fileInputKey, setFileInputKey] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [previewed, setPreviewed] = useState<{ blob: Blob; name: string; preview: ImportPreview } | null>(
    null,
  );
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [outcome, setOutcome] = useState<{ error?: string; success?: string }>({});

  const source = file ?? (pasted.trim() ? pasted : null);
  const canApply =
    previewed !== null &&
    previewed.preview.counts.errors === 0 &&
    previewed.preview.counts.create + previewed.preview.counts.update > 0 &&
    busy === null;

  function chooseFile(chosen: File | null) {
    setFile(chosen);
    // One source at a time: a chosen file replaces pasted text.
    if (chosen) setPasted('');
    setPreviewed(null);
    setOutcome({});
  }

  function paste(text: string) {
    setPasted(text);
    if (file) {
      setFile(null);
      setFileInputKey((key) => key + 1);
    }
    setPreviewed(null);
    setOutcome({});
  }

  async function preview(event: FormEvent) {
    event.preventDefault();
    if (!source) {
      setOutcome({ error: 'Choose a CSV file or paste its text first.' });
      return;
    }
    const blob = csvBlob(source);
    if (blob.size > CATALOGUE_CSV_MAX_BYTES) {
      setOutcome({
        error: `The file is over ${number(CATALOGUE_CSV_MAX_BYTES / 1024 / 1024)} MB; split it into smaller files.`,
      });
      return;
    }
    setBusy('preview');
    setOutcome({});
    try {
      const answer = await previewItemsCsv(blob);
      setPreviewed({ blob, name: file ? file.name : 'the pasted text', preview: answer });
      setOutcome(
        answer.counts.errors > 0 ? { error: previewSummary(answer) } : { success: previewSummary(answer) },
      );
    } catch (error) {
      setPreviewed(null);
      setOutcome({ error: `The preview failed: ${message(error)}` });
    } finally {
      setBusy(null);
    }
  }

  async function apply() {
    if (!previewed) return;
    setBusy('apply');
    setOutcome({});
    try {
      const applied = await applyItemsCsv(previewed.blob, previewed.preview.sha256);
      setPreviewed(null);
      setFile(null);
      setPasted('');
      setFileInputKey((key) => key + 1);
      setOutcome({ success: appliedSummary(applied) });
    } catch (error) {
      const refused = refusedImport(error);
      if (refused) {
        // The catalogue changed since the preview: show the errors the server found now.
        setPreviewed({
          ...previewed,
          preview: {
            ...previewed.preview,
            counts: refused.counts,
            errors: refused.errors,
            errors_truncated: refused.errors_truncated,
          },
        });
      }
      setOutcome({ error: `Nothing was changed: ${message(error)}` });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <section className="admin-panel" aria-labelledby="import-title">
        <h2 id="import-title">Import</h2>
        <p id="import-format">
          One row per item, keyed by <code>sku</code>; a new SKU needs <code>variant_id</code> and{' '}
          <code>title</code>. Prices are in pounds, one column per tier (<code>price_pack_1</code>,{' '}
          <code>price_pallet_1</code>…). An empty cell keeps the value as it is. At most{' '}
          {number(CATALOGUE_CSV_MAX_ROWS)} rows and {number(CATALOGUE_CSV_MAX_BYTES / 1024 / 1024)} MB; the
          format is described in docs/catalogue-csv.md.
        </p>
        <form onSubmit={preview} aria-describedby="import-format">
          <AdminInput
            key={fileInputKey}
            id="import-file"
            label="CSV file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => chooseFile(event.currentTarget.files?.[0] ?? null)}
          />
          <AdminTextarea
            id="import-text"
            label="Or paste the CSV"
            hint="Used when no file is chosen."
            rows={6}
            spellCheck={false}
            value={pasted}
            onChange={(event) => paste(event.currentTarget.value)}
          />
          <button type="submit" className="admin-button" disabled={busy !== null}>
            {busy === 'preview' ? 'Previewing…' : 'Preview'}
          </button>
        </form>
        <FormOutcome error={outcome.error ?? null} success={outcome.success ?? null} />
      </section>

      {previewed ? (
        <section className="admin-panel" aria-labelledby="preview-title">
          <h2 id="preview-title">Preview of {previewed.name}</h2>
          <ImportPreviewTables preview={previewed.preview} />
          <p id="apply-hint">
            {previewed.preview.counts.errors > 0
              ? 'Apply is available once the file has no errors.'
              : previewed.preview.counts.create + previewed.preview.counts.update === 0
                ? 'The file changes nothing.'
                : 'Apply makes every change above in one go, or none if anything fails.'}
          </p>
          <button
            type="button"
            className="admin-button"
            onClick={apply}
            disabled={!canApply}
            aria-describedby="apply-hint"
          >
            {busy === 'apply' ? 'Applying…' : 'Apply'}
          </button>
        </section>
      ) : null}
    </>
  );
}
