/** A debounced function: calls wait until `waitMs` have passed without another call. */
export interface Debounced<Args extends unknown[]> {
  (...args: Args): void;
  /** Drops a waiting call. */
  cancel(): void;
  /** Runs a waiting call now, if there is one. */
  flush(): void;
  /** Whether a call is waiting. */
  pending(): boolean;
}

/**
 * Calls `fn` with the arguments of the last call once `waitMs` have passed without a newer one
 * (address suggestions wait 200 ms on the public map, 150 ms in the embed).
 */
export function debounce<Args extends unknown[]>(fn: (...args: Args) => void, waitMs: number): Debounced<Args> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastArgs: Args | undefined;

  const run = () => {
    timer = undefined;
    const args = lastArgs;
    lastArgs = undefined;
    if (args) fn(...args);
  };

  const debounced = (...args: Args) => {
    lastArgs = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, waitMs);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
  };
  debounced.flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    run();
  };
  debounced.pending = () => timer !== undefined;
  return debounced;
}
