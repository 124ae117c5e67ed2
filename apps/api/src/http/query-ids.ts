import { z } from 'zod';

/** The largest PostgreSQL `integer`: every id column is one. */
export const MAX_DB_INTEGER = 2_147_483_647;

/**
 * A whole number from a query string or path, within bounds. Only decimal digits are read: `Number()`
 * alone would take '', ' 7 ', '1e3', '0x1f' and '1e999' (Infinity), so a bad value would reach the
 * database or be read as something the client did not write.
 */
export const queryInteger = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'A valid integer is required.')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `Ensure this value is greater than or equal to ${min}.`)
        .max(max, `Ensure this value is less than or equal to ${max}.`),
    )
    // The OpenAPI document shows the number the client means, not the string it travels as.
    .meta({ type: 'integer', minimum: min, maximum: max });

/** A database id in a query string or path (PostgreSQL integer). */
export const queryId = queryInteger(1, MAX_DB_INTEGER);

/** The most ids one batched lookup (`?item=1&item=2…`) may name. */
export const MAX_QUERY_IDS = 100;

/**
 * One id or a repeated parameter of ids. Fastify's query-string parser gives a string for `?item=1` and
 * an array for `?item=1&item=2`; both become a list of distinct ids, at most `MAX_QUERY_IDS`.
 */
export const queryIds = z.preprocess(
  (value) => (value === undefined || Array.isArray(value) ? value : [value]),
  z
    .array(queryId)
    .min(1)
    .max(MAX_QUERY_IDS, `Ensure there are no more than ${MAX_QUERY_IDS} ids.`)
    .transform((ids) => [...new Set(ids)]),
);
