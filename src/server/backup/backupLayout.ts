import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AppConfig } from '../config.js';
import { LOGOS_FOLDER } from '../providers/logoStore.js';
import { SECRET_FILE } from '../system/appSecret.js';
import { BackupError } from './backupError.js';

/** Names inside a backup archive: one folder level, the same whatever DATA_DIR and TERRAIN_DIR were. */
export const ARCHIVE_NAMES = {
  manifest: 'manifest.json',
  database: 'coverage.sqlite',
  logos: 'logos',
  terrain: 'terrain',
  appSecret: 'app-secret',
} as const;

/** The files kept beside the database, in every deployment (SQLite or PostgreSQL). */
export interface FileLocations {
  logos: string;
  terrain: string;
  appSecret: string;
}

/** Where the server keeps them. */
export function fileLocations(config: AppConfig): FileLocations {
  return {
    logos: path.join(config.dataDir, LOGOS_FOLDER),
    terrain: config.terrain.dir,
    appSecret: path.join(config.dataDir, SECRET_FILE),
  };
}

/** An upload in progress in the terrain folder (terrain/hgtDirectory.ts writes "<tile>.hgt.<pid>.<ms>.part", then renames). */
export const isUnfinishedUpload = (name: string): boolean => name.endsWith('.part');

const folderCount = z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) });

/** manifest.json, the first entry of every archive: what it holds, so a restore can check it got all of it. */
const manifestSchema = z.object({
  format: z.literal('isp-coverage-map-backup'),
  version: z.literal(1),
  /** ISO 8601 time the database snapshot was taken. */
  createdAt: z.string(),
  database: z.object({ pages: z.number().int().positive(), bytes: z.number().int().positive() }),
  logos: folderCount,
  terrain: folderCount,
  /** False when APP_SECRET came from the environment (or no secret file existed). */
  appSecretIncluded: z.boolean(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export function writeManifest(dir: string, manifest: BackupManifest): void {
  fs.writeFileSync(path.join(dir, ARCHIVE_NAMES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, ARCHIVE_NAMES.manifest);
  if (!fs.existsSync(file)) throw new BackupError('The archive has no manifest.json: it was not written by npm run backup.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new BackupError("The archive's manifest.json is not JSON: the archive is damaged.");
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new BackupError("The archive's manifest.json is not one this version can restore (format isp-coverage-map-backup, version 1).");
  return manifest.data;
}
