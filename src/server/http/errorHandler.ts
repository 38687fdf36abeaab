import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '../../common/api/envelope.js';
import { ID_NOT_FOUND } from '../../common/api/fields.js';
import { AppError, type ErrorKind, TooManyRequestsError } from '../errors.js';

/** The HTTP status of each kind of domain error. */
const STATUS_OF: Record<ErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  // nginx's "client closed request"; the connection is gone, so nobody receives it.
  client_closed: 499,
  upstream_error: 502,
  // A URL the admin typed that may not be fetched is a mistake in the request.
  invalid_url: 400,
  refused: 400,
  timeout: 504,
  too_large: 502,
  unreachable: 502,
  invalid_response: 502,
};

/** Fastify's own client errors whose wording we replace with something a person can act on. */
const FRIENDLY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_BAD_URL: 'The URL is not valid (malformed percent-encoding)',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the URL path is too long',
};

/** Whether a schema issue is an id too large for the database (see entityId in common/api/fields.ts). */
function isIdNotFound(issue: { params?: Record<string, unknown> }): boolean {
  const params = issue.params?.params as Record<string, unknown> | undefined;
  return params?.[ID_NOT_FOUND] === true;
}

/**
 * Fastify's own refusals before routing (a URL that does not decode, a path parameter over the
 * router's length limit), answered in the envelope like every other error (Fastify option
 * `frameworkErrors`).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed before routing');
    void reply.status(status).send({ success: false, message: 'Internal server error' } satisfies ErrorEnvelope);
    return;
  }
  void reply.status(status).send({ success: false, message: FRIENDLY_MESSAGES[error.code] ?? error.message } satisfies ErrorEnvelope);
}

/** The HTTP status a domain error is answered with. */
export function statusOf(error: AppError): number {
  return STATUS_OF[error.kind];
}

/**
 * The one error handler: every failure answers `{ success: false, message }` with its status.
 * Server faults (5xx) are logged in full and answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = errors[0];
      const message = first && first.field === '' ? `Request ${error.validationContext ?? 'body'} is missing or malformed` : first?.message;
      // A path naming an id the database cannot hold names no row: 404, as for any id without one.
      const status = error.validationContext === 'params' && error.validation.every(isIdNotFound) ? 404 : 400;
      return reply.status(status).send({ success: false, message: message ?? 'Invalid request', errors } satisfies ErrorEnvelope);
    }
    if (error instanceof AppError) {
      // A dependency that failed (the database went away): worth a line in the log, not a stack of internals in the answer.
      if (statusOf(error) >= 500) request.log.warn({ err: error }, 'request failed: a dependency is unavailable');
      if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(statusOf(error)).send({ success: false, message: error.message } satisfies ErrorEnvelope);
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ success: false, message: 'Internal server error' } satisfies ErrorEnvelope);
    }
    const message = FRIENDLY_MESSAGES[error.code] ?? error.message;
    return reply.status(status).send({ success: false, message } satisfies ErrorEnvelope);
  });
}
