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
  if (config.kind === 'postgres' && config.schema) await ensureSchema(kysely, config.schema);
  await migrateToLatest(kysely, config.kind, config.kind === 'postgres' ? config.schema : undefined);
  return {
    kysely,
    dialect: config.kind,
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}

/** CREATE SCHEMA IF NOT EXISTS can still fail when another process creates it at the same moment. */
async function ensureSchema(kysely: Kysely<Database>, schema: string): Promise<void> {
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(kysely);
  } catch (error) {
    const found = await sql<{ n: number }>`select 1 as n from information_schema.schemata where schema_name = ${schema}`.execute(kysely);
    if (found.rows.length === 0) throw error;
  }
}
