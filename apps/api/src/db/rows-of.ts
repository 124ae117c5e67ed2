/**
 * The rows of a raw `db.execute(sql…)`, typed as the statement selects them. node-postgres answers a
 * QueryResult and PGlite a Results: both carry `rows`, but the Db type knows only the first and types its
 * rows as records of unknowns. `T` is what the driver gives (a count(*) can come as a string, a json column
 * as a string or parsed), so readers still convert where the two drivers differ.
 */
export function rowsOf<T>(result: { rows: readonly unknown[] }): T[] {
  return result.rows as T[];
}
