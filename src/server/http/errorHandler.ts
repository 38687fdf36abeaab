import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '../../common/api/envelope.js';
import { AppError, TooManyRequestsError } from '../errors.js';

/** Fastify's own client errors whose wording we replace with something a person can act on. */
const FRIENDLY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
};

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
      const message =
        first && first.field === '' ? `Request ${error.validationContext ?? 'body'} is missing or malformed` : first?.message;
      return reply.status(400).send({ success: false, message: message ?? 'Invalid request', errors } satisfies ErrorEnvelope);
    }
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ success: false, message: error.message } satisfies ErrorEnvelope);
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
