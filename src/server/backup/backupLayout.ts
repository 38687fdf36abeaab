import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import { LOGOS_FOLDER } from '../providers/logoStore.js';
import { SECRET_FILE } from '../system/appSecret.js';
import { BackupError } from './backupError.js';

/** Names inside a backup archive: one folder level, the same whatever DATA_DIR was. */
export const ARCHIVE_NAMES = {
  manifest: 'manifest.json',
  database: 'coverage.sqlite',
  /** Version 1 archives only: logos and uploaded terrain tiles were files then (they are in the database now). */
  logos: 'logos',
  terrain: 'terrain',
  appSecret: 'app-secret',
} as const;

/** The files kept beside the database, in every deployment (SQLite or PostgreSQL). */
export interface FileLocations {
  appSecret: string;
  /**
   * Where an earlier version kept logos and terrain tiles: a version 1 archive's folders are
   * restored there, and the server moves what it finds in DATA_DIR/logos and the default
   * TERRAIN_DIR into the database at start (files/legacyFileImport.ts).
   */
  legacyLogos: string;
  legacyTerrain: string;
}

/** Where the server keeps them. */
export function fileLocations(config: AppConfig): FileLocations {
  return {
    appSecret: path.join(config.dataDir, SECRET_FILE),
    legacyLogos: path.join(config.dataDir, LOGOS_FOLDER),
    // Unset TERRAIN_DIR: its default, where uploads were written, moved in at start; a TERRAIN_DIR the operator set: that folder, as before.
    legacyTerrain: config.terrain.legacyUploadsDir ?? config.terrain.dir,
  };
}

const folderCount = z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) });
const common = {
  format: z.literal('isp-coverage-map-backup'),
  /** ISO 8601 time the database snapshot was taken. */
  createdAt: z.string(),
  database: z.object({ pages: z.number().int().positive(), bytes: z.number().int().positive() }),
  /** False when APP_SECRET came from the environment (or no secret file existed). */
  appSecretIncluded: z.boolean(),
};

/**
 * manifest.json, the first entry of every archive: what it holds, so a restore can check it got
 * all of it. Version 2 (this one): the database (logos and uploaded tiles in it) and the app
 * secret. Version 1 also held the logos and terrain folders, with their counts.
 */
const manifestSchema = z.discriminatedUnion('version', [
  z.object({ ...common, version: z.literal(2) }),
  z.object({ ...common, version: z.literal(1), logos: folderCount, terrain: folderCount }),
]);
export type AnyBackupManifest = z.infer<typeof manifestSchema>;
/** What npm run backup writes. */
export type BackupManifest = Extract<AnyBackupManifest, { version: 2 }>;

export function writeManifest(dir: string, manifest: AnyBackupManifest): void {
  fs.writeFileSync(path.join(dir, ARCHIVE_NAMES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readManifest(dir: string): AnyBackupManifest {
  const file = path.join(dir, ARCHIVE_NAMES.manifest);
  if (!fs.existsSync(file)) throw new BackupError('The archive has no manifest.json: it was not written by npm run backup.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new BackupError("The archive's manifest.json is not JSON: the archive is damaged.");
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success)
    throw new BackupError("The archive's manifest.json is not one this version can restore (format isp-coverage-map-backup, version 1 or 2).");
  return manifest.data;
}
