/**
 * What an attempt to deliver a webhook leads to (issue 20 §3), as pure rules: when the next attempt
 * is due, when a delivery is given up, and when its endpoint has failed long enough to be disabled.
 */

/** An endpoint whose every attempt has failed for this long (by the clock) is disabled: three days, ms. */
export const DISABLE_AFTER_FAILING_MS = 72 * 60 * 60 * 1000;

/** How one attempt went: a 2xx answer, or anything else (another status, no answer). */
export type AttemptResult =
  { ok: true; statusCode: number; response: string } | { ok: false; statusCode: number | null; response: string | null; error: string };

export interface DeliveryState {
  /** Attempts made before this one. */
  attempts: number;
  /** The endpoint's failing_since before this attempt. */
  failingSince: string | null;
}

export interface AfterAttempt {
  delivery: {
    status: 'delivered' | 'pending' | 'failed';
    attempts: number;
    /** Unchanged unless another attempt is due (status pending). */
    next_attempt_at: string | null;
    last_attempt_at: string;
    last_status_code: number | null;
    last_response: string | null;
    last_error: string | null;
    delivered_at: string | null;
  };
  /** The endpoint's failing_since after this attempt. */
  failingSince: string | null;
  /** The endpoint has now failed for DISABLE_AFTER_FAILING_MS: disable it and tell the admin. */
  disable: boolean;
}

/**
 * The delivery and endpoint after an attempt at `now`. A failed attempt n (1 for the first) is
 * retried `retrySeconds[n - 1]` seconds later; after the last retry the delivery is failed (and the
 * endpoint's next delivery goes). failing_since is the first failure since the last success.
 */
export function afterAttempt(state: DeliveryState, result: AttemptResult, now: Date, retrySeconds: readonly number[]): AfterAttempt {
  const attempts = state.attempts + 1;
  const at = now.toISOString();
  if (result.ok) {
    return {
      delivery: {
        status: 'delivered',
        attempts,
        next_attempt_at: null,
        last_attempt_at: at,
        last_status_code: result.statusCode,
        last_response: result.response,
        last_error: null,
        delivered_at: at,
      },
      failingSince: null,
      disable: false,
    };
  }
  const retryIn = retrySeconds[attempts - 1];
  const failingSince = state.failingSince ?? at;
  return {
    delivery: {
      status: retryIn === undefined ? 'failed' : 'pending',
      attempts,
      next_attempt_at: retryIn === undefined ? null : new Date(now.getTime() + retryIn * 1000).toISOString(),
      last_attempt_at: at,
      last_status_code: result.statusCode,
      last_response: result.response,
      last_error: result.error,
      delivered_at: null,
    },
    failingSince,
    disable: now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_FAILING_MS,
  };
}

/** The reason stored on an endpoint the server disabled. */
export function disabledReason(failingSince: string): string {
  return `Every delivery failed from ${failingSince} for 3 days, so the endpoint was disabled. Fix the receiver, then enable it again.`;
}
