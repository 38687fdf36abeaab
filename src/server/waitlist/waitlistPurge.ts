import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { JobLockRepository } from '../system/jobLockRepository.js';
import { LockedSchedule } from '../system/lockedSchedule.js';
import type { WaitlistService } from './waitlistService.js';

/** How often unconfirmed entries past their 7 days are looked for. */
export const PURGE_EVERY_MS = 3600_000;

/** Deletes unconfirmed waitlist entries at start, then hourly, in one process at a time across servers. */
export function waitlistPurgeSchedule(deps: {
  waitlist: Pick<WaitlistService, 'purgeUnconfirmed'>;
  locks: Pick<JobLockRepository, 'tryAcquire' | 'release'>;
  clock: Clock;
  log: FastifyBaseLogger;
}): LockedSchedule {
  return new LockedSchedule({
    lock: 'waitlist_purge',
    everyMs: PURGE_EVERY_MS,
    // The lock outlives a purge by far.
    lockTtlMs: 10 * 60_000,
    work: async () => {
      await deps.waitlist.purgeUnconfirmed();
    },
    failureMessage: 'unconfirmed waitlist entries not purged; trying again in an hour',
    ...deps,
  });
}
