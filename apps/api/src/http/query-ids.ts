import { z } from 'zod';

/** A database id in a query string (PostgreSQL integer). */
export const queryId = z.coerce.number().int().positive().max(2_147_483_647);

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
