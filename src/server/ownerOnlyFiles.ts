import fs from 'node:fs';

/** Folders and files that hold the product's data (database, logos) are the server user's alone. */
export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** Creates the folder (and missing parents) readable by the owner only; an existing folder keeps its mode. */
export function makeOwnerOnlyDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
}

/**
 * Creates the file empty with owner-only permissions, or narrows an existing one to them. SQLite
 * gives its -wal and -shm files the mode of the database file, so narrowing the database first
 * covers them; any already on disk are narrowed here too.
 */
export function makeOwnerOnlyFile(file: string, companions: string[] = []): void {
  fs.closeSync(fs.openSync(file, 'a', OWNER_ONLY_FILE));
  for (const existing of [file, ...companions]) {
    if (fs.existsSync(existing)) fs.chmodSync(existing, OWNER_ONLY_FILE);
  }
}
