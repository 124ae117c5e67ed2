// What every answer to a hostile request must satisfy, and the table checksums that prove a refused
// request wrote nothing.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows-of';

/** Text that would tell an attacker about the code or the database behind the API. */
const LEAKS: readonly [string, RegExp][] = [
  ['stack trace', /\n\s+at |^\s+at \S+ \(| {4}at /m],
  ['source location', /\.(ts|js|mjs|cjs):\d+/],
  ['node_modules path', /node_modules/],
  [
    'SQL',
    /\bselect [^.]*\bfrom\b|insert into|syntax error|violates|relation "|\bpg_|drizzle|PGlite|postgres/i,
  ],
  [
    'internal error name',
    /\b(TypeError|RangeError|ReferenceError|SyntaxError|DatabaseError|DrizzleQueryError|ZodError|FST_ERR|ERR_[A-Z_]+)\b/,
  ],
];

/** The 401 codes of DESIGN §3 (and the one for a request without credentials). */
const AUTH_CODES = new Set(['token_not_valid', 'bad_authorization_header', 'not_authenticated']);

/** email-authentication/'s failure answer: the spec's fields plus `detail` (modules/accounts/errors.ts). */
const EMAIL_AUTHENTICATION_KEYS = new Set(['detail', 'success', 'message', 'authentication_type', 'exists']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a body is one of the shapes the one error handler (src/http/errors.ts) writes:
 * `{"detail": "…"}` (with `code` on a 401), field errors `{"field": ["…"]}`, or email-authentication/'s
 * failure answer.
 */
export function drfShapeProblem(status: number, body: unknown, operation: string): string | undefined {
  if (!isRecord(body) || Object.keys(body).length === 0) return 'not a JSON object with keys';
  if ('detail' in body) {
    if (typeof body.detail !== 'string' || body.detail === '') return '`detail` is not a non-empty string';
    const keys = Object.keys(body);
    if (status === 401) {
      if (typeof body.code !== 'string' || !AUTH_CODES.has(body.code)) return `401 without a known code`;
      return keys.every((key) => key === 'detail' || key === 'code') ? undefined : `401 with keys ${keys}`;
    }
    if (operation.endsWith('/api/account/email-authentication/') && keys.length > 1) {
      const ok =
        keys.every((key) => EMAIL_AUTHENTICATION_KEYS.has(key)) &&
        body.success === false &&
        typeof body.message === 'string' &&
        typeof body.authentication_type === 'string';
      return ok ? undefined : `email-authentication failure with keys ${keys}`;
    }
    return keys.length === 1 ? undefined : `detail body with other keys ${keys}`;
  }
  if (status === 401) return '401 without detail and code';
  for (const [key, messages] of Object.entries(body)) {
    if (!Array.isArray(messages) || messages.length === 0 || !messages.every((m) => typeof m === 'string')) {
      return `field \`${key}\` is not a list of messages`;
    }
  }
  return undefined;
}

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** Everything wrong with one answer; empty when it is fine. */
export function answerProblems(operation: string, answer: Answer): string[] {
  const problems: string[] = [];
  const { statusCode: status, body } = answer;
  if (status >= 500) problems.push(`answered ${status}`);
  else if (status < 200 || (status >= 300 && status < 400)) problems.push(`unexpected status ${status}`);
  if (status >= 400) {
    const type = String(answer.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) problems.push(`error body of type "${type}"`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      problems.push('error body is not JSON');
    }
    if (status < 500 && parsed !== undefined) {
      const shape = drfShapeProblem(status, parsed, operation);
      if (shape) problems.push(`not DRF-shaped: ${shape}`);
    }
    for (const [name, pattern] of LEAKS) if (pattern.test(body)) problems.push(`body leaks ${name}`);
  } else if (LEAKS.slice(0, 3).some(([, pattern]) => pattern.test(body))) {
    problems.push('body leaks a stack trace');
  }
  return problems;
}

/**
 * Tables and columns left out of the checksums, because a refused request changes them by design.
 * Every other change made by a refused request is a failure.
 */
export const CHECKSUM_EXCLUSIONS: Readonly<Record<string, '*' | readonly string[]>> = {
  // Every request to a limited action counts a hit, refused ones too: that is how a limit refuses.
  rate_limits: '*',
  // A wrong e-mailed code is counted against the code (its owner's and strangers' tries), and the answer is a
  // 400: a security feature.
  email_verification_codes: ['attempts', 'foreign_attempts'],
  // The same for a stock alert's code (stock-alerts/service.ts).
  stock_alerts: ['attempts'],
};

export type Checksums = Map<string, string>;

/** Builds one query that answers an md5 of every table's rows (less the excluded columns). */
export async function checksumQuery(database: Database): Promise<() => Promise<Checksums>> {
  const rows = rowsOf<{ table_name: string; column_name: string }>(
    await database.db.execute(
      sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
    ),
  );
  const columns = new Map<string, string[]>();
  for (const { table_name, column_name } of rows) {
    const excluded = CHECKSUM_EXCLUSIONS[table_name];
    if (excluded === '*' || excluded?.includes(column_name)) continue;
    columns.set(table_name, [...(columns.get(table_name) ?? []), column_name]);
  }
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const text = [...columns]
    .map(
      ([table, cols]) =>
        `select '${table.replaceAll("'", "''")}' as name, ` +
        // An order-free sum of row hashes: no sort and no long string, so a checksum of every table is cheap.
        `count(*)::text || ':' || coalesce(sum(hashtextextended(r::text, 0)), 0)::text as hash ` +
        `from (select ${cols.map(quote).join(', ')} from ${quote(table)}) r`,
    )
    .join(' union all ');
  return async () => {
    const rows = rowsOf<{ name: string; hash: string }>(await database.db.execute(sql.raw(text)));
    return new Map(rows.map(({ name, hash }) => [name, hash]));
  };
}

/** The tables whose checksums differ. */
export function changedTables(before: Checksums, after: Checksums): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (name) => before.get(name) !== after.get(name),
  );
}
