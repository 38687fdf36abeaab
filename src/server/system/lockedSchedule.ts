import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { JobLockRepository } from './jobLockRepository.js';

export interface LockedScheduleOptions {
  /** The job lock's name: one process at a time runs the work, across servers. */
  lock: string;
  /** How often the work runs, ms (and once at start). */
  everyMs: number;
  /** How long the lock outlives its holder, ms: a crashed holder frees it after this. */
  lockTtlMs: number;
  /** The work; it logs what it did. `stopping` aborts when the schedule stops: long work ends early at a safe point. */
  work: (stopping: AbortSignal) => Promise<void>;
  /** What the log says when the work failed (it runs again at the next tick). */
  failureMessage: string;
  locks: Pick<JobLockRepository, 'tryAcquire' | 'release'>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Housekeeping on a schedule (at start, then every `everyMs`) under a job lock, so one process
 * does it across servers; a tick while the last run is still going is skipped. The waitlist's purge
 * of unconfirmed entries and the audit log's prune run on it.
 */
export class LockedSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = new AbortController();

  constructor(private readonly options: LockedScheduleOptions) {}

  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), this.options.everyMs);
    this.timer.unref();
  }

  /** Stops the ticks and asks a run under way to end early (`stopping`), then waits for it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping.abort();
    await this.running;
    // A run started by hand afterwards (runOnce) goes to its end.
    this.stopping = new AbortController();
  }

  /** One run under the lock; false when another process holds it or the work failed. Never throws (logged). */
  async runOnce(): Promise<boolean> {
    const { lock, lockTtlMs, locks, clock, log } = this.options;
    try {
      if (!(await locks.tryAcquire(lock, clock.now(), lockTtlMs))) return false;
      try {
        await this.options.work(this.stopping.signal);
      } finally {
        await locks.release(lock);
      }
      return true;
    } catch (error) {
      log.error({ err: error }, this.options.failureMessage);
      return false;
    }
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.runOnce().then(() => {
      this.running = null;
    });
  }
}
