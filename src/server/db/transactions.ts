import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** What a repository runs its SQL on: the database, or a transaction a service opened. */
export type Executor = Kysely<Database>;
export type DbTransaction = Transaction<Database>;

/** Lets a service own a transaction without seeing SQL: it hands `trx` to the repositories it calls. */
export interface Transactions {
  run<T>(work: (trx: DbTransaction) => Promise<T>): Promise<T>;
}

export function transactionsOf(db: Kysely<Database>): Transactions {
  return { run: (work) => db.transaction().execute(work) };
}
