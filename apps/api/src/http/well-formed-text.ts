import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors';

/** The answer to text holding half of a UTF-16 surrogate pair ("\ud800" in JSON). */
export const WELL_FORMED_TEXT_MESSAGE =
  'Text must be valid Unicode: it holds half of a character (a lone surrogate).';

/** Half of a surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** The first string in `value` (a key or a value, at any depth) that is not well-formed UTF-16, as its path. */
function illFormedPath(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return isWellFormed(value) ? undefined : path;
  // Parsed JSON and query strings only: a raw body (a file's bytes, a Buffer) is not text.
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) !== Object.prototype &&
    Object.getPrototypeOf(value) !== null
  ) {
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isWellFormed(key)) return path;
    const found = illFormedPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses, for every route and before validation, a body or query string holding a lone surrogate: JSON.parse
 * accepts "\ud800", but no UTF-8 text can carry it, so PostgreSQL refuses it in a JSON column (22P02) and a
 * mail or PDF would garble it. One rule here instead of a refinement on every schema with text in it; the
 * answer names the field as the validation errors do (`non_field_errors` for a key).
 */
export function registerWellFormedText(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.body, request.query]) {
      const path = illFormedPath(part);
      if (path) {
        const field = path.length > 0 ? path.join('.') : 'non_field_errors';
        return done(new Invalid({ [field]: [WELL_FORMED_TEXT_MESSAGE] }));
      }
    }
    done();
  });
}
