import { Kysely, sql } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import { createDialect, type DialectName } from './dialect.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** Answers when the database can run a query; throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the configured database, creates the PostgreSQL schema if one is named, and migrates. */
export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  const kysely = new Kysely<Database>({ dialect: createDialect(config) });
  if (config.kind === 'postgres' && config.schema) {
    await sql`create schema if not exists ${sql.id(config.schema)}`.execute(kysely);
  }
  await migrateToLatest(kysely, config.kind);
  return {
    kysely,
    dialect: config.kind,
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}
