/** The time source of services, so tests can move time instead of waiting. */
export interface Clock {
  now(): Date;
  /** Waits `ms` milliseconds; a test clock moves itself on instead. Services that only read the time need not have it. */
  sleep?(ms: number): Promise<void>;
}

export const systemClock: Required<Clock> = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
