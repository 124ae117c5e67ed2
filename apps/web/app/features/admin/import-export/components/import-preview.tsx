import type { ImportPreview } from '@shop/domain';
import { ScrollRegion } from '~/components/ui/scroll-region';

const number = (value: number) => value.toLocaleString('en-GB');

/** A preview's counts, its errors by line and column, and each row's changes. */
export function ImportPreviewTables({ preview }: { preview: ImportPreview }) {
  const { counts } = preview;
  return (
    <>
      <dl className="admin-stats">
        <div className="admin-stat">
          <dt>New items</dt>
          <dd>{number(counts.create)}</dd>
        </div>
        <div className="admin-stat">
          <dt>Items to update</dt>
          <dd>{number(counts.update)}</dd>
        </div>
        <div className="admin-stat">
          <dt>Unchanged</dt>
          <dd>{number(counts.unchanged)}</dd>
        </div>
        <div className="admin-stat">
          <dt>Errors</dt>
          <dd>{number(counts.errors)}</dd>
        </div>
      </dl>

      {preview.errors.length > 0 ? (
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll" label="Errors in the file">
            <table>
              <caption>Errors by line and column</caption>
              <thead>
                <tr>
                  <th scope="col" className="admin-table__num">
                    Line
                  </th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {preview.errors.map((error, index) => (
                  <tr key={index}>
                    <td className="admin-table__num">{error.line}</td>
                    <td>{error.column ?? '(whole row)'}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {preview.errors_truncated ? (
            <p>
              Showing the first {number(preview.errors.length)} of {number(counts.errors)} errors.
            </p>
          ) : null}
        </div>
      ) : null}

      {preview.changes.length > 0 ? (
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll" label="Changes in the file">
            <table>
              <caption>Changes by line</caption>
              <thead>
                <tr>
                  <th scope="col" className="admin-table__num">
                    Line
                  </th>
                  <th scope="col">SKU</th>
                  <th scope="col">Change</th>
                  <th scope="col">Fields (before → after)</th>
                </tr>
              </thead>
              <tbody>
                {preview.changes.map((row) => (
                  <tr key={row.line}>
                    <td className="admin-table__num">{row.line}</td>
                    <th scope="row">{row.sku}</th>
                    <td>
                      <span className="admin-badge">{row.action === 'create' ? 'New' : 'Update'}</span>
                    </td>
                    <td>
                      <ul>
                        {row.fields.map((change) => (
                          <li key={change.field}>
                            {change.field}: {change.before ?? '—'} → {change.after}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {preview.changes_truncated ? (
            <p>
              Showing the first {number(preview.changes.length)} of {number(counts.create + counts.update)}{' '}
              changed rows.
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
