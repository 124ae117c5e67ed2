import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema';

/**
 * A Drizzle database over the same connection as `database` that counts the SQL statements it sends
 * (through Drizzle's logger), for tests that pin a read to a fixed number of queries.
 */
export function countingDb(database: Database): { db: Db; count(): number; reset(): void; sql: string[] } {
  const sql: string[] = [];
  const logger = { logQuery: (query: string) => void sql.push(query) };
  const db =
    database.kind === 'pglite'
      ? (drizzlePglite(database.pglite!, { schema, logger }) as unknown as Db)
      : drizzlePg((database.db as unknown as { $client: pg.Pool }).$client, { schema, logger });
  return {
    db,
    sql,
    count: () => sql.length,
    reset: () => void sql.splice(0),
  };
}

/** Ten different items, each sold by the pack from one pack up: the carts the statement-count tests fill. */
export const TEN_PACK_SKUS = [
  'TD-PRO-75',
  'PW-HAND-400-CL',
  'PW-HAND-400-BK',
  'PW-HAND-450-CL',
  'PW-MACH-500-1500-CL',
  'BW-S-300-100',
  'BW-S-500-100',
  'BW-S-750-100',
  'BW-L-500-50',
  'PC-TS-1200-1000-CL',
];

/** The statements of a counter less the transaction's own (node-postgres logs them, PGlite does not). */
export const statementsOf = (sql: string[]) =>
  sql.filter((text) => !/^\s*(begin|commit|rollback)\b/i.test(text));

/** A statement's text with its parenthesised parts (sub-selects, lists) left out. */
export function topLevel(text: string): string {
  let rest = text;
  for (let previous = ''; previous !== rest;) [previous, rest] = [rest, rest.replace(/\([^()]*\)/g, '')];
  return rest;
}

/**
 * What a statement does, in a few words: its verb and the first table it names; for a plain select, the
 * table of its outer FROM (sub-selects in its list, such as a cart line's tiers and prices, name others).
 */
export function statementKind(text: string): string {
  const verb = /^\s*(?:with\s+(\w+)\s+as\s*\(\s*)?(\w+)/i.exec(text);
  const outer = !verb?.[1] && verb?.[2]?.toLowerCase() === 'select' ? topLevel(text) : text;
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(outer);
  const lock = /\bfor update\b/i.test(text) ? ' for update' : '';
  return `${(verb?.[1] ? `with ${verb[1]}: ${verb[2]}` : verb?.[2])?.toLowerCase()} ${table?.[1]}${lock}`;
}
