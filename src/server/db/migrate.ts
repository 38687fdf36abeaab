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
import { layerGeometryVersionMigration } from './migrations/0009_layer_geometry_version.js';
import { type SealSecret, sealClearApiHeadersMigration } from './migrations/0010_seal_clear_api_headers.js';
import { wirelessSearchesMigration } from './migrations/0011_wireless_searches.js';
import { searchServedByMigration } from './migrations/0012_search_served_by.js';
import { towerSectorsMigration } from './migrations/0013_tower_sectors.js';
import { footprintSectorsMigration } from './migrations/0014_footprint_sectors.js';
import { clutterAreasMigration } from './migrations/0015_clutter_areas.js';
import { waitlistZonesWebhooksMigration } from './migrations/0016_waitlist_zones_webhooks.js';
import { waitlistConfirmSentMigration } from './migrations/0017_waitlist_confirm_sent.js';
import { measurementsMigration } from './migrations/0018_measurements.js';
import { teamMigration } from './migrations/0019_team.js';
import { storedFilesMigration } from './migrations/0020_stored_files.js';
import { loginChallengeAttemptsMigration } from './migrations/0021_login_challenge_attempts.js';
import { outboxRetentionMigration } from './migrations/0022_outbox_retention.js';
import { auditActionIndexMigration } from './migrations/0023_audit_action_index.js';
import { scopedReportIndexesMigration } from './migrations/0024_scoped_report_indexes.js';
import { waitlistMailTokensMigration } from './migrations/0025_waitlist_mail_tokens.js';

/** What some migrations need beyond the database. */
export interface MigrationContext {
  /** Seals secrets under the app secret (0010); the server hands it in, other tools may not. */
  seal?: SealSecret;
}

/** The one migration history, in order; names sort in the order they run. */
function migrationsFor(dialect: DialectName, context: MigrationContext): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_coverage_engine': coverageEngineMigration,
    '0003_packed_geometry': packedGeometryMigration(dialect),
    '0004_address_book': addressBookMigration(dialect),
    '0005_search_log_providers': searchLogProvidersMigration,
    '0006_reports': reportsMigration,
    '0007_geometry_parts': geometryPartsMigration(dialect),
    '0008_tower_footprints': towerFootprintsMigration(dialect),
    '0009_layer_geometry_version': layerGeometryVersionMigration,
    '0010_seal_clear_api_headers': sealClearApiHeadersMigration(context.seal),
    '0011_wireless_searches': wirelessSearchesMigration,
    '0012_search_served_by': searchServedByMigration,
    '0013_tower_sectors': towerSectorsMigration(dialect),
    '0014_footprint_sectors': footprintSectorsMigration(dialect),
    '0015_clutter_areas': clutterAreasMigration(dialect),
    '0016_waitlist_zones_webhooks': waitlistZonesWebhooksMigration(dialect),
    '0017_waitlist_confirm_sent': waitlistConfirmSentMigration,
    '0018_measurements': measurementsMigration(dialect),
    '0019_team': teamMigration(dialect),
    '0020_stored_files': storedFilesMigration(dialect),
    '0021_login_challenge_attempts': loginChallengeAttemptsMigration,
    '0022_outbox_retention': outboxRetentionMigration,
    '0023_audit_action_index': auditActionIndexMigration,
    '0024_scoped_report_indexes': scopedReportIndexesMigration,
    '0025_waitlist_mail_tokens': waitlistMailTokensMigration,
  };
}

export function migrationProvider(dialect: DialectName, context: MigrationContext = {}): MigrationProvider {
  return { getMigrations: async () => migrationsFor(dialect, context) };
}

/**
 * Kysely's migrator for this history. On PostgreSQL with a named schema (DATABASE_SCHEMA) its own
 * tables are kept and looked for in that schema: otherwise it finds them in any schema of the
 * database (another deployment's, or another test's) and skips creating them in this one.
 */
export function createMigrator(db: Kysely<any>, dialect: DialectName, schema?: string, context: MigrationContext = {}): Migrator {
  return new Migrator({ db, provider: migrationProvider(dialect, context), ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** Brings the schema up to date. Kysely's migrator takes a lock, so processes may start together. */
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName, schema?: string, context: MigrationContext = {}): Promise<void> {
  const { error, results } = await createMigrator(db, dialect, schema, context).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
