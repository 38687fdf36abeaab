import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { JobLockRepository } from '../system/jobLockRepository.js';
import type { AuditLog } from './auditLog.js';

/** How often entries past the retention are looked for. */
export const AUDIT_PRUNE_EVERY_MS = 3600_000;
const LOCK = 'audit_prune';
/** The lock outlives a prune by far (batches of 5,000 rows); a crashed holder frees it after this. */
const LOCK_TTL_MS = 10 * 60_000;

/**
 * Deletes audit entries older than the team's retention on a schedule (at start, then hourly), in
 * one process at a time across servers (a job lock), as the waitlist's purge does.
 */
export class AuditPruneSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      auditLog: Pick<AuditLog, 'prune'>;
      locks: Pick<JobLockRepository, 'tryAcquire' | 'release'>;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), AUDIT_PRUNE_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One prune under the lock; false when another process holds it. Never throws (logged). */
  async runOnce(): Promise<boolean> {
    try {
      if (!(await this.deps.locks.tryAcquire(LOCK, this.deps.clock.now(), LOCK_TTL_MS))) return false;
      try {
        const deleted = await this.deps.auditLog.prune();
        if (deleted > 0) this.deps.log.info({ deleted }, 'audit entries past the retention deleted');
      } finally {
        await this.deps.locks.release(LOCK);
      }
      return true;
    } catch (error) {
      this.deps.log.error({ err: error }, 'audit entries not pruned; trying again in an hour');
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
