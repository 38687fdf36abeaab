import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DialectName } from './dialect.js';
import { initialMigration } from './migrations/0001_initial.js';
import { coverageEngineMigration } from './migrations/0002_coverage_engine.js';
import { packedGeometryMigration } from './migrations/0003_packed_geometry.js';
import { addressBookMigration } from './migrations/0004_address_book.js';

/** The one migration history, in order; names sort in the order they run. */
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_coverage_engine': coverageEngineMigration,
    '0003_packed_geometry': packedGeometryMigration(dialect),
    '0004_address_book': addressBookMigration(dialect),
  };
}

export function migrationProvider(dialect: DialectName): MigrationProvider {
  return { getMigrations: async () => migrationsFor(dialect) };
}

/** Brings the schema up to date. Kysely's migrator takes a lock, so processes may start together. */
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider(dialect) }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
