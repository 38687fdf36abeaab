import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { JobLockRepository } from '../system/jobLockRepository.js';
import { LockedSchedule } from '../system/lockedSchedule.js';
import type { OutboxRetentionRepository } from './outboxRetentionRepository.js';

/**
 * How long a mail sent or given up, and a webhook delivery delivered or failed, is kept, days. Far
 * past the last retry (mail gives up after 3 days, an endpoint failing for 3 days is disabled), and
 * long enough to answer "was it sent?" about last month; the bodies hold visitors' addresses.
 */
export const OUTBOX_RETENTION_DAYS = 30;
/** Rows a delete statement removes at most: a mail row carries its bodies, a few kB. */
export const OUTBOX_PRUNE_BATCH_ROWS = 1000;
/** How often the outboxes are pruned. */
export const OUTBOX_PRUNE_EVERY_MS = 3600_000;
const DAY_MS = 86_400_000;

/** What one prune deleted. */
export interface OutboxPruneCounts {
  mails: number;
  deliveries: number;
  events: number;
}

/** Runs `batch` until it deletes fewer than `limit` rows, or `stopping` aborts; the rows it deleted. */
async function inBatches(batch: (limit: number) => Promise<number>, limit: number, stopping: AbortSignal | undefined): Promise<number> {
  let deleted = 0;
  for (;;) {
    // Each batch is its own transaction: stopping between two leaves nothing half done.
    if (stopping?.aborted) return deleted;
    const rows = await batch(limit);
    deleted += rows;
    if (rows < limit) return deleted;
  }
}

/**
 * Deletes what the outboxes finished with more than OUTBOX_RETENTION_DAYS ago: mails sent or given
 * up, webhook deliveries delivered or failed, then the events left without deliveries. Pending
 * rows stay whatever their age: nothing acknowledged is dropped unsent. Once `stopping` aborts (the
 * server shuts down), it ends after the batch under way; the next run goes on where it stopped.
 */
export async function pruneOutboxes(
  repository: Pick<OutboxRetentionRepository, 'pruneMailBatch' | 'pruneDeliveryBatch' | 'pruneEventBatch'>,
  now: Date,
  batchRows = OUTBOX_PRUNE_BATCH_ROWS,
  stopping?: AbortSignal,
): Promise<OutboxPruneCounts> {
  const cutoff = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * DAY_MS).toISOString();
  const mails = await inBatches((limit) => repository.pruneMailBatch(cutoff, limit), batchRows, stopping);
  const deliveries = await inBatches((limit) => repository.pruneDeliveryBatch(cutoff, limit), batchRows, stopping);
  const events = await inBatches((limit) => repository.pruneEventBatch(cutoff, limit), batchRows, stopping);
  return { mails, deliveries, events };
}

/** Prunes the outboxes at start, then hourly, in one process at a time across servers. */
export function outboxPruneSchedule(deps: {
  repository: OutboxRetentionRepository;
  locks: Pick<JobLockRepository, 'tryAcquire' | 'release'>;
  clock: Clock;
  log: FastifyBaseLogger;
}): LockedSchedule {
  return new LockedSchedule({
    lock: 'outbox_prune',
    everyMs: OUTBOX_PRUNE_EVERY_MS,
    // The lock outlives a prune by far (batches of 1,000 rows).
    lockTtlMs: 10 * 60_000,
    work: async (stopping) => {
      const deleted = await pruneOutboxes(deps.repository, deps.clock.now(), OUTBOX_PRUNE_BATCH_ROWS, stopping);
      if (deleted.mails + deleted.deliveries + deleted.events > 0) deps.log.info(deleted, 'outbox rows past the retention deleted');
    },
    failureMessage: 'outboxes not pruned; trying again in an hour',
    ...deps,
  });
}
