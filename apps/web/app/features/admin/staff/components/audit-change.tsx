/** A value of the audit log's before or after, readably: fields as a list, nested ones indented. */
function AuditValue({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="admin-field__hint">none</span>;
  if (typeof value !== 'object') return <code>{JSON.stringify(value)}</code>;
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i + 1), item] as const)
    : Object.entries(value);
  if (entries.length === 0) return <span className="admin-field__hint">empty</span>;
  return (
    <dl className="admin-audit__fields">
      {entries.map(([key, item]) => (
        <div key={key}>
          <dt>{key.replace(/_/g, ' ')}</dt>
          <dd>
            <AuditValue value={item} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What an audit entry changed: the fields as they were and as they became. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  return (
    <div className="admin-audit">
      <div>
        <p className="admin-audit__side">Before</p>
        <AuditValue value={before} />
      </div>
      <div>
        <p className="admin-audit__side">After</p>
        <AuditValue value={after} />
      </div>
    </div>
  );
}
