import { Kysely, sql } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import { createDialect, type DialectName } from './dialect.js';
import { type MigrationContext, migrateToLatest } from './migrate.js';
import type { DatabaseLog } from './postgresPool.js';
import type { Database } from './schema.js';
import { startWalCheckpoints } from './walCheckpoints.js';

export type Reachability = 'ok' | 'unreachable';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /**
   * Whether the database answers a query within `waitMs`. Callers during an outage share one
   * probe, so a health check polled every second does not pile up waiting connections.
   */
  reachability(waitMs: number): Promise<Reachability>;
  close(): Promise<void>;
}

/**
 * Opens the configured database, creates the PostgreSQL schema if one is named, and migrates (with
 * `context`: the server hands in its app secret's seal). On SQLite, a thread of its own copies the
 * write-ahead log into the database file (walCheckpoints.ts).
 */
export async function openDatabase(config: DatabaseConfig, log: DatabaseLog, context: MigrationContext = {}): Promise<Db> {
  const kysely = new Kysely<Database>({ dialect: createDialect(config, log) });
  const checkpoints = config.kind === 'sqlite' ? startWalCheckpoints(config.file, log) : null;
  const close = async () => {
    await checkpoints?.stop();
    await kysely.destroy();
  };
  try {
    await migrate(config, kysely, log, context);
  } catch (error) {
    await close();
    throw error;
  }
  return { kysely, dialect: config.kind, reachability: sharedProbe(kysely), close };
}

/** PostgreSQL migrates on connections of its own, without the request timeouts; SQLite on its one connection. */
async function migrate(config: DatabaseConfig, serving: Kysely<Database>, log: DatabaseLog, context: MigrationContext): Promise<void> {
  if (config.kind === 'sqlite') {
    await migrateToLatest(serving, 'sqlite', undefined, context);
    return;
  }
  const kysely = new Kysely<Database>({ dialect: createDialect(config, log, 'migrate') });
  try {
    if (config.schema) await ensureSchema(kysely, config.schema);
    await migrateToLatest(kysely, 'postgres', config.schema, context);
  } finally {
    await kysely.destroy();
  }
}

function sharedProbe(kysely: Kysely<Database>): Db['reachability'] {
  let probe: Promise<boolean> | null = null;
  return async (waitMs) => {
    probe ??= sql`select 1`
      .execute(kysely)
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        probe = null;
      });
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), waitMs);
    });
    const answered = await Promise.race([probe, waited]);
    clearTimeout(timer);
    return answered ? 'ok' : 'unreachable';
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
