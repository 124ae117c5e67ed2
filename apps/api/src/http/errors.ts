import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SECURITY_HEADERS } from './security';

/** Errors thrown by services; the one error handler maps them to DRF-style bodies. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFound extends DomainError {
  constructor(message = 'Not found.') {
    super(message, 404);
  }
}

/** A 400 with field errors, e.g. `new Invalid({ email: ['Email is required'] })`. */
export class Invalid extends DomainError {
  constructor(fields: Record<string, string[]>, message = 'Invalid input.') {
    super(message, 400, fields);
  }
}

/** A 400 whose body is `{"detail": message}` (a request that is wrong as a whole). */
export class BadRequest extends DomainError {
  constructor(message: string) {
    super(message, 400);
  }
}

/** A 429 with the seconds to wait; the handler adds Retry-After. */
export class TooManyRequests extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Request was throttled. Expected available in ${retryAfterSeconds} seconds.`,
  ) {
    super(message, 429);
  }
}

export class Conflict extends DomainError {
  constructor(message: string) {
    super(message, 409);
  }
}

type FieldErrors = Record<string, string[]>;

/** DRF's message for a NUL in text, which PostgreSQL cannot store. */
export const NUL_CHARACTER_MESSAGE = 'Null characters are not allowed.';

/** PostgreSQL's codes for text it cannot store: a NUL byte (22021) or a character the encoding lacks (22P05). */
const TEXT_ENCODING_ERRORS = new Set(['22021', '22P05']);

/** Whether an error, or one it was caused by (Drizzle wraps the driver's), is PostgreSQL refusing text. */
function isTextEncodingError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && TEXT_ENCODING_ERRORS.has(code)) return true;
    cause = cause.cause;
  }
  return false;
}

/**
 * An error as the log may keep it: a failed query keeps its SQL and the driver's error, never its parameters
 * (they hold client secrets, addresses, e-mails and hashes).
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const safe = new Error(`Failed query: ${error.query}`, { cause: error.cause });
  // The stack's frames, without the original message (which names the parameters).
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  safe.stack = `Error: ${safe.message}${frames >= 0 ? error.stack!.slice(frames) : ''}`;
  return safe;
}

function pushError(errors: FieldErrors, key: string, message: string) {
  (errors[key] ??= []).push(message);
}

/** Registers the one error handler and the 404 handler for the API. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        // instancePath is '/field/sub'; an issue on the whole object (unknown keys) has '/'.
        const path = issue.instancePath.split('/').filter(Boolean);
        const field = path.length > 0 ? path.join('.') : 'non_field_errors';
        pushError(errors, field, issue.message ?? 'Invalid value.');
      }
      return reply.code(400).send(errors);
    }
    if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof DomainError) {
      return reply.code(error.statusCode).send(error.body ?? { detail: error.message });
    }
    if (isTextEncodingError(error)) {
      // Text PostgreSQL cannot store (a NUL, from any field of any route): the statement failed and its
      // transaction rolled back, so this is the client's bad text, not a fault of ours. One rule here
      // instead of a refinement on every schema that carries text to the database.
      return reply.code(400).send({ detail: NUL_CHARACTER_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type, rate limit.
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'JSON parse error.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large.'
            : error.message;
      return reply.code(status).send({ detail });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    // A 5xx never carries internals.
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: 'Not found.' });
  });
}

/** Fastify's codes for a URL the router could not take apart, with the answers the API gives them. */
const FRAMEWORK_ERRORS: Readonly<Record<string, { status: number; detail: string }>> = {
  // A path that does not percent-decode (`%E0%A4%A`, `%C0%AF`).
  FST_ERR_BAD_URL: { status: 400, detail: 'Malformed URL.' },
  // A path parameter longer than the router's maxParamLength.
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, detail: 'URL path parameter is too long.' },
};

/**
 * Fastify's `frameworkErrors` option. The router refuses some URLs before any route, hook or error handler
 * runs; without this they are answered in Fastify's own shape (`{error, code, message, statusCode}`, the
 * message echoing the path) instead of the DRF shape, and without the security headers.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[error.code];
  reply.headers(SECURITY_HEADERS);
  if (known) return reply.code(known.status).send({ detail: known.detail });
  request.log.error({ err: error }, 'router error');
  return reply.code(500).send({ detail: 'A server error occurred.' });
}
