/** The largest id the API has: its ids are PostgreSQL integers. */
const MAX_ID = 2_147_483_647;

/** A route's `:id` (or a query's id) as the API takes it: a whole number from 1 to 2^31 − 1, or null. */
export function idParam(param: string | null | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= MAX_ID ? id : null;
}
