/** An address search that timed out is tried 2 more times, after 1 s and then 2 s. */
export const ADDRESS_SEARCH_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000];

export interface RetryOptions {
  /** The wait before each further attempt; its length is the number of retries. */
  delaysMs: readonly number[];
  /** Whether a failure is worth another attempt (a timeout is; a refusal is not). */
  shouldRetry: (error: unknown) => boolean;
  /** Stops waiting and retrying: the pending wait rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Runs `attempt` until it succeeds, a failure is not worth retrying, the retries are used up, or
 * the signal aborts. Rejects with the last failure. `attempt` is told which try it is (0 first).
 */
export async function retryWithDelays<T>(attempt: (index: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { delaysMs, shouldRetry, signal } = options;
  for (let index = 0; ; index += 1) {
    try {
      return await attempt(index);
    } catch (error) {
      const delay = delaysMs[index];
      if (delay === undefined || signal?.aborted || !shouldRetry(error)) throw error;
      await wait(delay, signal);
    }
  }
}

/** Resolves after `ms`; rejects with the signal's reason if it aborts first. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
