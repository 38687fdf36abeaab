import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { JobLockRepository } from '../system/jobLockRepository.js';
import type { WaitlistService } from './waitlistService.js';

/** How often unconfirmed entries past their 7 days are looked for. */
export const PURGE_EVERY_MS = 3600_000;
const LOCK = 'waitlist_purge';
/** The lock outlives a purge by far; a crashed holder frees it after this. */
const LOCK_TTL_MS = 10 * 60_000;

/**
 * Deletes unconfirmed waitlist entries on a schedule (at start, then hourly), in one process at a
 * time across servers (a job lock).
 */
export class WaitlistPurgeSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      waitlist: Pick<WaitlistService, 'purgeUnconfirmed'>;
      locks: Pick<JobLockRepository, 'tryAcquire' | 'release'>;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), PURGE_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One purge under the lock; false when another process holds it. Never throws (logged). */
  async runOnce(): Promise<boolean> {
    try {
      if (!(await this.deps.locks.tryAcquire(LOCK, this.deps.clock.now(), LOCK_TTL_MS))) return false;
      try {
        await this.deps.waitlist.purgeUnconfirmed();
      } finally {
        await this.deps.locks.release(LOCK);
      }
      return true;
    } catch (error) {
      this.deps.log.error({ err: error }, 'unconfirmed waitlist entries not purged; trying again in an hour');
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
