import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { FILE_CACHE_FOLDER } from '../files/fileCache.js';
import { ARCHIVE_NAMES, type BackupManifest, fileLocations, writeManifest } from './backupLayout.js';
import { BackupError, type Report, throwIfInterrupted } from './backupError.js';
import { formatBytes, formatCount } from './formatting.js';
import { holdsData } from './fileTree.js';
import { postgresBackupInstructions } from './postgresInstructions.js';
import { integrityProblems, snapshotSqlite } from './sqliteSnapshot.js';
import { writeTarGz } from './tarArchive.js';

/** Least milliseconds between two progress lines while the archive is written. */
const PROGRESS_INTERVAL_MS = 2000;

export interface BackupRequest {
  /** The archive to write (absolute, or relative to the working folder). */
  archiveFile: string;
  /** Replace an existing file of that name. */
  force: boolean;
  report: Report;
  signal?: AbortSignal;
}

/**
 * Writes one archive (gzip'd tar) holding a consistent snapshot of the SQLite database (provider
 * logos and uploaded terrain tiles are in it: files/) and, unless APP_SECRET comes from the
 * environment, the app secret. The server may keep running: the database is copied with SQLite's
 * online backup API. The archive appears under its name only once complete.
 */
export async function createBackup(config: AppConfig, request: BackupRequest): Promise<BackupManifest> {
  if (config.database.kind === 'postgres') throw new BackupError(postgresBackupInstructions(config));
  const target = path.resolve(request.archiveFile);
  checkTarget(target, request.force);
  if (!fs.existsSync(config.dataDir)) {
    throw new BackupError(`DATA_DIR ${config.dataDir} does not exist: run the backup with the same DATA_DIR as the server.`);
  }
  const databaseFile = config.database.file;
  if (!holdsData(databaseFile)) {
    throw new BackupError(
      `No database at ${databaseFile}: run the backup with the same DATA_DIR as the server (which creates the database when it first starts).`,
    );
  }
  const files = fileLocations(config);
  const { report } = request;
  report(`Backing up ${config.dataDir} to ${target}`);

  // Beside the target, so the finished archive is renamed into place on the same file system.
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.coverage-backup-'));
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
  try {
    report('  database: taking a snapshot...');
    const createdAt = new Date().toISOString();
    const snapshot = await snapshotSqlite(databaseFile, path.join(staging, ARCHIVE_NAMES.database));
    const problems = integrityProblems(path.join(staging, ARCHIVE_NAMES.database));
    if (problems.length > 0) {
      throw new BackupError(`The database snapshot fails PRAGMA integrity_check, so no backup was written: ${problems.slice(0, 5).join('; ')}`);
    }
    report(`  database: ${formatBytes(snapshot.bytes)} (${snapshot.pages} pages), integrity check ok`);
    throwIfInterrupted(request.signal);

    const appSecretIncluded = !config.appSecret && fs.existsSync(files.appSecret);
    if (appSecretIncluded) fs.symlinkSync(files.appSecret, path.join(staging, ARCHIVE_NAMES.appSecret));
    const manifest: BackupManifest = { format: 'isp-coverage-map-backup', version: 2, createdAt, database: snapshot, appSecretIncluded };
    writeManifest(staging, manifest);

    const entries = [ARCHIVE_NAMES.manifest, ARCHIVE_NAMES.database, ...(appSecretIncluded ? [ARCHIVE_NAMES.appSecret] : [])];
    report(`  archiving ${formatCount(entries.length, 'file')} (${formatBytes(snapshot.bytes)})...`);
    await writeTarGz({ cwd: staging, entries, file: partial, onProgress: progressReporter(snapshot.bytes, report), signal: request.signal });
    fs.renameSync(partial, target);

    report(`Backup written: ${target} (${formatBytes(fs.statSync(target).size)})`);
    for (const line of includedLines(manifest, config)) report(`  ${line}`);
    return manifest;
  } catch (error) {
    if (request.signal?.aborted) throw new BackupError('Interrupted: no backup was written.');
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

function checkTarget(target: string, force: boolean): void {
  const existing = fs.statSync(target, { throwIfNoEntry: false });
  if (existing?.isDirectory()) throw new BackupError(`${target} is a folder: name the archive file to write, such as backup.tar.gz.`);
  if (existing && !force) throw new BackupError(`${target} already exists: choose another name, or pass --force to overwrite it.`);
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`Folder ${path.dirname(target)} does not exist: create it first.`);
}

/** A progress line every PROGRESS_INTERVAL_MS while the archive is written, so a large database shows it is moving. */
function progressReporter(inputBytes: number, report: Report): (tarBytes: number) => void {
  let lastReport = Date.now();
  return (tarBytes) => {
    if (Date.now() - lastReport < PROGRESS_INTERVAL_MS) return;
    lastReport = Date.now();
    // The tar stream adds a 512-byte header per file, so it can run a little past the files' total.
    const done = Math.min(tarBytes, inputBytes);
    report(`  archiving: ${Math.floor((100 * done) / inputBytes)}% (${formatBytes(done)} of ${formatBytes(inputBytes)})`);
  };
}

/** The summary: what the archive holds and what it leaves out, and why. */
function includedLines(manifest: BackupManifest, config: AppConfig): string[] {
  const files = fileLocations(config);
  return [
    `database       snapshot of coverage.sqlite taken ${manifest.createdAt}, ${formatBytes(manifest.database.bytes)}, integrity check ok`,
    'logos, tiles   in the database: provider logos and uploaded terrain tiles',
    manifest.appSecretIncluded
      ? `app secret     included (${files.appSecret}): keep this archive as private as the server itself`
      : config.appSecret
        ? 'app secret     not included: APP_SECRET is set in the environment; keep that value with this backup'
        : `app secret     not included: ${files.appSecret} does not exist`,
    `not included   ${config.terrain.cacheDir} (downloaded Terrarium tiles, fetched again when needed)`,
    `not included   ${path.join(config.dataDir, FILE_CACHE_FOLDER)} (this server's copies of files in the database, read again when needed)`,
    // The operator's own folder of tiles: theirs to keep (the server only reads it).
    ...(holdsData(config.terrain.dir) ? [`not included   ${config.terrain.dir} (TERRAIN_DIR: tiles placed there by hand; keep your own copy)`] : []),
  ];
}
