import type { Executor } from '../db/transactions.js';

const UNLOCKED = '1970-01-01T00:00:00.000Z';

/**
 * SQL for named locks in the database, so that a scheduled job runs in one process at a time
 * across all servers. A lock expires on its own (`ttlMs`) so a crashed holder cannot block the job
 * forever.
 */
export class JobLockRepository {
  constructor(
    private readonly db: Executor,
    /** This process's identity as a holder. */
    private readonly holder: string,
  ) {}

  async tryAcquire(name: string, now: Date, ttlMs: number): Promise<boolean> {
    await this.db
      .insertInto('job_locks')
      .values({ name, holder: '', locked_until: UNLOCKED })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    // One conditional UPDATE: of several processes racing, exactly one sees the expired row.
    const result = await this.db
      .updateTable('job_locks')
      .set({ holder: this.holder, locked_until: new Date(now.getTime() + ttlMs).toISOString() })
      .where('name', '=', name)
      .where('locked_until', '<', now.toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async release(name: string): Promise<void> {
    await this.db.updateTable('job_locks').set({ locked_until: UNLOCKED }).where('name', '=', name).where('holder', '=', this.holder).execute();
  }
}
