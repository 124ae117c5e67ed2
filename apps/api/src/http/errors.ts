import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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
    request.log.error({ err: error }, 'unhandled error');
    // A 5xx never carries internals.
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: 'Not found.' });
  });
}
