import { useState } from 'react';
import { FormOutcome } from '../../components/admin-field';
import { downloadItemsCsv, saveBlob } from '../api';

/** Downloads every item and its prices as the CSV the import reads. */
export function CatalogueExport() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ error?: string; success?: string }>({});

  async function download() {
    setBusy(true);
    setOutcome({});
    try {
      const { blob, filename } = await downloadItemsCsv();
      saveBlob(blob, filename);
      setOutcome({ success: `Downloaded ${filename}.` });
    } catch (error) {
      setOutcome({ error: `The export failed: ${error instanceof Error ? error.message : 'error'}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <p>
        Every item with its stock, settings and tier prices, one row per item. Edit it in a spreadsheet and
        import it below; leave a cell empty to keep the value as it is.
      </p>
      <button type="button" className="admin-button" onClick={download} disabled={busy}>
        {busy ? 'Preparing items.csv…' : 'Download items.csv'}
      </button>
      <FormOutcome error={outcome.error ?? null} success={outcome.success ?? null} />
    </section>
  );
}
