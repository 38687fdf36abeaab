import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { JobLockRepository } from '../system/jobLockRepository.js';
import { LockedSchedule } from '../system/lockedSchedule.js';
import type { AuditLog } from './auditLog.js';

/** How often entries past the retention are looked for. */
export const AUDIT_PRUNE_EVERY_MS = 3600_000;

/** Deletes audit entries older than the team's retention at start, then hourly, in one process at a time across servers. */
export function auditPruneSchedule(deps: {
  auditLog: Pick<AuditLog, 'prune'>;
  locks: Pick<JobLockRepository, 'tryAcquire' | 'release'>;
  clock: Clock;
  log: FastifyBaseLogger;
}): LockedSchedule {
  return new LockedSchedule({
    lock: 'audit_prune',
    everyMs: AUDIT_PRUNE_EVERY_MS,
    // The lock outlives a prune by far (batches of 5,000 rows).
    lockTtlMs: 10 * 60_000,
    work: async () => {
      const deleted = await deps.auditLog.prune();
      if (deleted > 0) deps.log.info({ deleted }, 'audit entries past the retention deleted');
    },
    failureMessage: 'audit entries not pruned; trying again in an hour',
    ...deps,
  });
}
