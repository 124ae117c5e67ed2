import type { z } from 'zod';

/**
 * PostgreSQL `text` cannot hold U+0000: a NUL in a query parameter fails the query ("invalid byte sequence"),
 * a 500. Schemas of free text that reaches the database refuse it with DRF's message for the same rule.
 */
export const NUL_CHARACTER_MESSAGE = 'Null characters are not allowed.';

/** True when a string can go into a PostgreSQL text parameter. */
export function hasNoNulCharacter(text: string): boolean {
  return !text.includes('\u0000');
}

/** A `superRefine` for an object schema: a field error for each string field that holds a NUL. */
export function refuseNulCharacters(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string' && !hasNoNulCharacter(field)) {
      ctx.addIssue({ code: 'custom', path: [key], message: NUL_CHARACTER_MESSAGE });
    }
  }
}
