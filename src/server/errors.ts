/**
 * Domain errors. Each carries a kind, never an HTTP status: the one error handler
 * (http/errorHandler.ts) maps kinds to statuses and the `{success:false}` envelope.
 */
export type ErrorKind =
  /** The request is wrong: a field, a rule, a file that does not parse. */
  | 'validation'
  | 'unauthorized'
  /** Signed in, but the user's role may not do this (the message names what the role lacks). */
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** An upload or body over its limit. */
  | 'payload_too_large'
  | 'rate_limited'
  /** A dependency of this server (its database) does not answer. */
  | 'unavailable'
  /** The client closed the connection before its answer was ready: the work for it was stopped. */
  | 'client_closed'
  /** Another server answered with an error status, or not with what was asked for. */
  | 'upstream_error'
  | OutboundErrorKind;

/** How a fetch of another server (outbound/outboundClient.ts) failed. */
export type OutboundErrorKind =
  /** Refused before any request: not an http(s) URL. */
  | 'invalid_url'
  /** Refused before any request: the address is private or local (the SSRF guard). */
  | 'refused'
  | 'timeout'
  /** The answer is larger than the caller's limit. */
  | 'too_large'
  | 'unreachable'
  /** The answer is not valid HTTP, could not be decompressed, or redirects nowhere. */
  | 'invalid_response';

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super('validation', message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super('unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super('not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super('conflict', message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super('payload_too_large', message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    /** Seconds until a retry may succeed, sent as Retry-After. */
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

export class UnavailableError extends AppError {
  /** `cause`: the driver's error, kept for the log. */
  constructor(message: string, options?: ErrorOptions) {
    super('unavailable', message, options);
  }
}

/** The client went away before its answer was ready (an admin left while a what-if waited). */
export class ClientClosedError extends AppError {
  constructor(message = 'The client closed the connection before the answer was ready') {
    super('client_closed', message);
  }
}

/** A fetch of another server failed; worded for the admin who typed the URL. */
export class OutboundError extends AppError {
  constructor(
    override readonly kind: OutboundErrorKind,
    message: string,
  ) {
    super(kind, message);
  }
}

/** Another server answered with an error status, or with something that is not what was asked for. */
export class UpstreamError extends AppError {
  constructor(message: string) {
    super('upstream_error', message);
  }
}
