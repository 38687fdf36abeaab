import { ApiError } from '../../api/ApiError.js';

/**
 * What to tell a visitor about a failed call: the server's message is preferred
 * where it supplies one: a 4xx answer (a refused input, "Too many requests", "not found") carries a
 * message written for people. Server faults and calls that got no answer get the catalogue text.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}

/** A call that got no HTTP answer at all: it timed out or the network failed. Worth retrying. */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status === null;
}
