import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The coverage revision moves with every change to layers or providers, in the same transaction as
 * the change, so that every process rebuilds its index when it sees a revision it has not built.
 */
export async function bumpCoverageRevision(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  await trx
    .updateTable('coverage_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export async function readCoverageRevision(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('coverage_revision').select('revision').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.revision);
}
