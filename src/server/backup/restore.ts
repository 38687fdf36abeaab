import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { makeOwnerOnlyDir, OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../ownerOnlyFiles.js';
import { type AnyBackupManifest, ARCHIVE_NAMES, type FileLocations, fileLocations, readManifest } from './backupLayout.js';
import { BackupError, type Report, throwIfInterrupted } from './backupError.js';
import { formatBytes, formatCount } from './formatting.js';
import { assertDatabaseNotInUse } from './databaseInUse.js';
import { holdsData, listFiles } from './fileTree.js';
import { postgresRestoreInstructions } from './postgresInstructions.js';
import { type Replacement, replaceAll } from './replaceInPlace.js';
import { integrityProblems } from './sqliteSnapshot.js';
import { extractTarGz } from './tarArchive.js';

/** Files SQLite keeps beside a database; left over from the old one, they would be read into the new one. */
const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'];

export interface RestoreRequest {
  archiveFile: string;
  /** Replace the data DATA_DIR holds now. */
  force: boolean;
  report: Report;
  signal?: AbortSignal;
}

/**
 * Puts a backup back on a stopped server: the archive is extracted into a temporary folder inside
 * DATA_DIR and checked there (manifest, file counts, PRAGMA integrity_check), and only then moved
 * into place, so a damaged archive or a failure on the way leaves the old data as it was. A
 * version 1 archive's logos and terrain folders go to DATA_DIR/logos and DATA_DIR/terrain, from
 * where the server moves them into the database when it starts.
 */
export async function restoreBackup(config: AppConfig, request: RestoreRequest): Promise<AnyBackupManifest> {
  if (config.database.kind === 'postgres') throw new BackupError(postgresRestoreInstructions(config));
  const archive = path.resolve(request.archiveFile);
  if (!fs.statSync(archive, { throwIfNoEntry: false })?.isFile()) throw new BackupError(`No backup file at ${archive}.`);
  const databaseFile = config.database.file;
  const files = fileLocations(config);
  makeOwnerOnlyDir(config.dataDir);
  assertDatabaseNotInUse(databaseFile);
  const existing = [
    { label: `database ${databaseFile}`, present: holdsData(databaseFile) },
    { label: `app secret ${files.appSecret}`, present: holdsData(files.appSecret) },
  ].filter((item) => item.present);
  refuseExisting(existing, request.force);
  const { report } = request;
  report(`Restoring ${archive} into ${config.dataDir}`);

  // Inside DATA_DIR, so the database and files are renamed into place on the same file system.
  const staging = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
  try {
    report('  extracting...');
    await extractTarGz(archive, staging, isBackupEntry);
    const manifest = readManifest(staging);
    report(`  backup taken ${manifest.createdAt}`);
    if (manifest.version === 1) {
      refuseExisting(
        [
          { label: `logos in ${files.legacyLogos}`, present: holdsData(files.legacyLogos) },
          { label: `terrain tiles in ${files.legacyTerrain}`, present: holdsData(files.legacyTerrain) },
        ].filter((item) => item.present),
        request.force,
      );
      checkFolderCount(staging, ARCHIVE_NAMES.logos, manifest.logos.files);
      checkFolderCount(staging, ARCHIVE_NAMES.terrain, manifest.terrain.files);
    }
    const stagedDatabase = path.join(staging, ARCHIVE_NAMES.database);
    if (!fs.existsSync(stagedDatabase)) throw new BackupError('The archive has no coverage.sqlite: it is damaged.');
    const problems = integrityProblems(stagedDatabase);
    if (problems.length > 0) {
      throw new BackupError(`The backup's database fails PRAGMA integrity_check, so nothing was changed: ${problems.slice(0, 5).join('; ')}`);
    }
    report(`  database: ${formatBytes(fs.statSync(stagedDatabase).size)}, integrity check ok`);
    throwIfInterrupted(request.signal);

    // Extraction can take minutes: a server started meanwhile must not have its files swapped under it.
    assertDatabaseNotInUse(databaseFile);
    const replacements: Replacement[] = [
      { staged: stagedDatabase, target: databaseFile, companions: SQLITE_COMPANIONS.map((suffix) => `${databaseFile}${suffix}`) },
      ...(manifest.version === 1 ? legacyFolderReplacements(staging, files) : []),
    ];
    // Without a secret in the backup (APP_SECRET was set), the current file, if any, is left alone.
    if (manifest.appSecretIncluded) replacements.push({ staged: path.join(staging, ARCHIVE_NAMES.appSecret), target: files.appSecret });
    replaceAll(replacements);
    fs.chmodSync(databaseFile, OWNER_ONLY_FILE);
    if (manifest.version === 1) for (const folder of [files.legacyLogos, files.legacyTerrain]) fs.chmodSync(folder, OWNER_ONLY_DIR);
    if (manifest.appSecretIncluded) fs.chmodSync(files.appSecret, OWNER_ONLY_FILE);

    report('Restored. Start the server as usual (npm start).');
    for (const line of restoredLines(manifest, config, databaseFile)) report(`  ${line}`);
    return manifest;
  } catch (error) {
    if (request.signal?.aborted) throw new BackupError('Interrupted: nothing was changed.');
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function refuseExisting(existing: { label: string }[], force: boolean): void {
  if (existing.length > 0 && !force) {
    throw new BackupError(
      `Not restoring over existing data: ${existing.map((item) => item.label).join(', ')}. Pass --force to replace it with the backup (the replaced data is deleted).`,
    );
  }
}

/** A version 1 archive's folders, put where the server looks for files of an earlier version at start. */
function legacyFolderReplacements(staging: string, files: FileLocations): Replacement[] {
  return [
    { staged: path.join(staging, ARCHIVE_NAMES.logos), target: files.legacyLogos },
    { staged: path.join(staging, ARCHIVE_NAMES.terrain), target: files.legacyTerrain },
  ];
}

/** Only what npm run backup writes, as plain files and folders: no links, devices or stray names. */
function isBackupEntry(entryPath: string, type: string): boolean {
  if (type !== 'File' && type !== 'OldFile' && type !== 'Directory') return false;
  const top = entryPath.split('/')[0] ?? '';
  return (Object.values(ARCHIVE_NAMES) as string[]).includes(top);
}

/** Makes the staged folder (an empty one for a backup without such files) and checks it holds what the manifest says. */
function checkFolderCount(staging: string, name: string, expected: number): void {
  const folder = path.join(staging, name);
  fs.mkdirSync(folder, { recursive: true });
  const found = listFiles(folder).length;
  if (found !== expected)
    throw new BackupError(`The archive's ${name} folder has ${formatCount(found, 'file')} where its manifest lists ${expected}: it is damaged.`);
}

function restoredLines(manifest: AnyBackupManifest, config: AppConfig, databaseFile: string): string[] {
  const files = fileLocations(config);
  return [
    `database       ${databaseFile}, ${formatBytes(manifest.database.bytes)}`,
    ...(manifest.version === 1
      ? [
          `logos          ${formatCount(manifest.logos.files, 'file')} (${files.legacyLogos}): moved into the database when the server starts`,
          `terrain tiles  ${formatCount(manifest.terrain.files, 'file')} (${files.legacyTerrain}): moved into the database when the server starts`,
        ]
      : ['logos, tiles   in the database: provider logos and uploaded terrain tiles']),
    manifest.appSecretIncluded
      ? config.appSecret
        ? `app secret     restored to ${files.appSecret}, but APP_SECRET is set and wins: it must be the secret the backup's data was sealed with`
        : `app secret     restored (${files.appSecret})`
      : config.appSecret
        ? 'app secret     not in the backup: keep APP_SECRET at the value it had when the backup was taken'
        : 'app secret     not in the backup: set APP_SECRET to the value it had when the backup was taken, or sealed provider secrets cannot be opened',
  ];
}
