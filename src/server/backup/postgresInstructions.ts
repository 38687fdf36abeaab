import type { AppConfig } from '../config.js';
import { fileLocations } from './backupLayout.js';

/**
 * The one file a PostgreSQL deployment keeps outside the database (logos and uploaded terrain
 * tiles are in it). The connection string is written as "$DATABASE_URL", never expanded, so its
 * password stays out of terminals and logs.
 */
function filesToCopy(config: AppConfig): string[] {
  const files = fileLocations(config);
  return [
    config.appSecret
      ? '  (no app-secret file: APP_SECRET is set; keep its value with the dump, sealed provider secrets need it)'
      : `  ${files.appSecret}   (sealed provider secrets cannot be opened without it)`,
  ];
}

/** pg_dump's -n option when DATABASE_SCHEMA names the schema; else the whole database is dumped. */
function schemaOption(config: AppConfig): string {
  return config.database.kind === 'postgres' && config.database.schema ? ` -n ${config.database.schema}` : '';
}

export function postgresBackupInstructions(config: AppConfig): string {
  return [
    "DATABASE_URL is set: the data is in PostgreSQL, which npm run backup does not copy. Use PostgreSQL's own tools:",
    `  pg_dump -Fc${schemaOption(config)} "$DATABASE_URL" -f coverage.dump`,
    'and copy this beside the dump (logos and uploaded terrain tiles are in the database):',
    ...filesToCopy(config),
  ].join('\n');
}

export function postgresRestoreInstructions(config: AppConfig): string {
  return [
    'DATABASE_URL is set: the data is in PostgreSQL, which npm run restore does not write. With the servers stopped, use:',
    '  pg_restore --clean --if-exists -d "$DATABASE_URL" coverage.dump',
    'and copy this back from the backup:',
    ...filesToCopy(config),
  ].join('\n');
}
