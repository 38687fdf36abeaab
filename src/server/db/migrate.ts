import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DialectName } from './dialect.js';
import { initialMigration } from './migrations/0001_initial.js';
import { coverageEngineMigration } from './migrations/0002_coverage_engine.js';
import { packedGeometryMigration } from './migrations/0003_packed_geometry.js';
import { addressBookMigration } from './migrations/0004_address_book.js';
import { searchLogProvidersMigration } from './migrations/0005_search_log_providers.js';
import { reportsMigration } from './migrations/0006_reports.js';
import { geometryPartsMigration } from './migrations/0007_geometry_parts.js';
import { towerFootprintsMigration } from './migrations/0008_tower_footprints.js';
import { wirelessSearchesMigration } from './migrations/0009_wireless_searches.js';

/** The one migration history, in order; names sort in the order they run. */
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_coverage_engine': coverageEngineMigration,
    '0003_packed_geometry': packedGeometryMigration(dialect),
    '0004_address_book': addressBookMigration(dialect),
    '0005_search_log_providers': searchLogProvidersMigration,
    '0006_reports': reportsMigration,
    '0007_geometry_parts': geometryPartsMigration(dialect),
    '0008_tower_footprints': towerFootprintsMigration(dialect),
    '0009_wireless_searches': wirelessSearchesMigration,
  };
}

export function migrationProvider(dialect: DialectName): MigrationProvider {
  return { getMigrations: async () => migrationsFor(dialect) };
}

/**
 * Kysely's migrator for this history. On PostgreSQL with a named schema (DATABASE_SCHEMA) its own
 * tables are kept and looked for in that schema: otherwise it finds them in any schema of the
 * database (another deployment's, or another test's) and skips creating them in this one.
 */
export function createMigrator(db: Kysely<any>, dialect: DialectName, schema?: string): Migrator {
  return new Migrator({ db, provider: migrationProvider(dialect), ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** Brings the schema up to date. Kysely's migrator takes a lock, so processes may start together. */
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName, schema?: string): Promise<void> {
  const { error, results } = await createMigrator(db, dialect, schema).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
