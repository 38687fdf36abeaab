import { sql } from 'kysely';
import type { Executor } from '../db/transactions.js';

/**
 * The coverage revision moves with every change to layers or providers, in the same transaction as
 * the change, so that every process rebuilds its index when it sees a revision it has not built.
 */
export class CoverageRevisionRepository {
  /**
   * @param notifyChannel PostgreSQL only: the LISTEN/NOTIFY channel told of every new revision
   *   (revisionNotifications.ts); null on SQLite, where one process is all there is.
   */
  constructor(
    private readonly db: Executor,
    private readonly notifyChannel: string | null = null,
  ) {}

  /**
   * Moves the revision and answers the new one. On PostgreSQL the bump also NOTIFYs the channel
   * with it: PostgreSQL delivers the notification when (and only if) the transaction commits, so
   * the other processes hear of the change exactly when they can read it.
   */
  async bump(trx?: Executor): Promise<number> {
    const executor = trx ?? this.db;
    const row = await executor
      .updateTable('coverage_revision')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .where('id', '=', 1)
      .returning('revision')
      .executeTakeFirstOrThrow();
    const revision = Number(row.revision);
    if (this.notifyChannel !== null) await sql`select pg_notify(${this.notifyChannel}, ${String(revision)})`.execute(executor);
    return revision;
  }

  async read(): Promise<number> {
    const row = await this.db.selectFrom('coverage_revision').select('revision').where('id', '=', 1).executeTakeFirstOrThrow();
    return Number(row.revision);
  }
}
