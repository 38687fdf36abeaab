import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Dialect, type RawBuilder, SqliteDialect, sql } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import { makeOwnerOnlyDir, makeOwnerOnlyFile } from '../ownerOnlyFiles.js';
import { createPostgresPool, type DatabaseLog } from './postgresPool.js';
import { SchemaScopedPostgresDialect } from './schemaScopedPostgres.js';
import { WAL_CHECKPOINT_FROM_BYTES } from './walCheckpoints.js';

/** Everything that differs between SQLite and PostgreSQL lives here. */
export type DialectName = DatabaseConfig['kind'];

/**
 * `purpose` migrate: PostgreSQL without the request timeouts (a migration's statement may rightly
 * run long). SQLite has one connection in the process and nothing to time out.
 */
export function createDialect(config: DatabaseConfig, log: DatabaseLog, purpose: 'serve' | 'migrate' = 'serve'): Dialect {
  if (config.kind === 'sqlite') {
    makeOwnerOnlyDir(path.dirname(config.file));
    makeOwnerOnlyFile(config.file, [`${config.file}-wal`, `${config.file}-shm`]);
    const database = new SQLite(config.file);
    // WAL lets readers run beside the writer; foreign keys are off by default in SQLite.
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    // Commits do not copy the log into the database file on this thread: walCheckpoints.ts does, in
    // its own; the log's file is cut back to the size that starts a checkpoint when it starts over.
    database.pragma('wal_autocheckpoint = 0');
    database.pragma(`journal_size_limit = ${WAL_CHECKPOINT_FROM_BYTES}`);
    return new SqliteDialect({ database });
  }
  const pool = createPostgresPool({ url: config.url, schema: config.schema, timeouts: purpose === 'serve' ? config.timeouts : null, log });
  return new SchemaScopedPostgresDialect({ pool });
}

/** An auto-numbered integer primary key: SERIAL on PostgreSQL, AUTOINCREMENT on SQLite (no id reuse). */
export function withIdColumn<T extends string>(dialect: DialectName, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

/** Column type for binary data: BLOB on SQLite, BYTEA on PostgreSQL. Both read back as a Buffer. */
export function binaryColumnType(dialect: DialectName): 'blob' | 'bytea' {
  return dialect === 'postgres' ? 'bytea' : 'blob';
}

/** A boolean read back from either database (0/1 or true/false). */
export function toBool(value: boolean | number): boolean {
  return value === true || value === 1;
}

/** A boolean as written to either database. */
export function fromBool(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** A value stored as JSON text (lists, mappings, settings); null stays null. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * Stored JSON text read back through `read`, which checks the shape and returns the domain value.
 * Text that is missing or not JSON is handed to `read` as undefined, so it decides the fallback.
 */
export function fromJsonText<T>(text: string | null, read: (value: unknown) => T): T {
  let value: unknown;
  try {
    value = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    value = undefined;
  }
  return read(value);
}

/**
 * The whole number of `cell`s a non-negative SQL expression spans (floor(value / cell)): PostgreSQL
 * rounds when it casts to integer, SQLite truncates, and SQLite's floor() needs its math extension.
 */
export function cellIndex(dialect: DialectName, value: RawBuilder<number>, cell: number): RawBuilder<number> {
  return dialect === 'postgres' ? sql<number>`floor((${value}) / ${cell})::integer` : sql<number>`cast((${value}) / ${cell} as integer)`;
}

/** count(*) is a bigint on PostgreSQL, which pg returns as text. */
export function toCount(value: string | number | bigint): number {
  return Number(value);
}

/**
 * Numbers stored as packed bytes, 8 a number (IEEE-754 float64, little-endian): a BLOB/BYTEA that
 * reads back exactly what was written, at a third of the size of the same numbers as JSON text.
 */
export function toFloat64Bytes(values: readonly number[]): Uint8Array {
  const bytes = Buffer.alloc(values.length * 8);
  values.forEach((value, i) => bytes.writeDoubleLE(value, i * 8));
  return bytes;
}

/** Packed float64 bytes (toFloat64Bytes) back as numbers. */
export function fromFloat64Bytes(bytes: Uint8Array): number[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: Math.floor(buffer.length / 8) }, (_, i) => buffer.readDoubleLE(i * 8));
}

/** Whether a statement failed on a foreign key: PostgreSQL's SQLSTATE 23503, SQLite's SQLITE_CONSTRAINT_FOREIGNKEY. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
