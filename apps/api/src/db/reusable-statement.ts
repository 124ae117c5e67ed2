import type { Db } from './client';

/** What Drizzle keeps on a database or transaction handle (`session`) and on a prepared query (`client`). */
type SessionShape = { client?: unknown; logger?: unknown };

/**
 * A named statement that transactions run, built once instead of once a transaction.
 *
 * Drizzle builds a query's SQL text on every `.prepare()`, and a prepared query belongs to the session it
 * was built on, so one built in a transaction cannot run in the next (drizzle-orm#613, #2826). On the cart
 * add that building was a fifth of the request's CPU (docs/benchmarks.md). This keeps the first build and
 * gives each later transaction a copy bound to its own connection and logger: the same text, parameters,
 * result mapping and statement name, so PostgreSQL still plans it once per connection. One template per
 * driver (node-postgres, PGlite), since their prepared queries differ. Where a handle does not look as
 * expected it builds the statement as before.
 */
export function reusableStatement<Query extends object>(build: (tx: Db) => Query): (tx: Db) => Query {
  const templates = new Map<unknown, Query>();
  return (tx) => {
    const session = (tx as unknown as { session?: SessionShape }).session;
    const driver = session?.constructor;
    const template = driver ? templates.get(driver) : undefined;
    if (!session || !('client' in session) || !template) {
      const query = build(tx);
      if (driver && 'client' in query) templates.set(driver, query);
      return query;
    }
    const copy = Object.create(Object.getPrototypeOf(template) as object) as Query;
    return Object.assign(copy, template, { client: session.client, logger: session.logger });
  };
}
