import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { OWNER_ONLY_FILE } from '../ownerOnlyFiles.js';
import { BackupError } from './backupError.js';

export interface ArchiveWrite {
  /** Folder the entry paths are relative to. */
  cwd: string;
  /** Files to store, in this order, relative to cwd (forward slashes). */
  entries: string[];
  file: string;
  /** Called as the tar stream grows, with its length so far in bytes (the files' sizes plus 512-byte headers), before compression. */
  onProgress: (tarBytes: number) => void;
  signal?: AbortSignal;
}

/**
 * Writes the files into a gzip'd tar at `file`, readable by its owner only (it holds the whole
 * database and the app secret), and flushes it to disk before returning. Symbolic links are
 * stored as the files they point at; owners and groups are left out (portable).
 */
export async function writeTarGz({ cwd, entries, file, onProgress, signal }: ArchiveWrite): Promise<void> {
  const pack = tar.create({ cwd, portable: true, follow: true, noDirRecurse: true }, entries);
  let tarBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      tarBytes += chunk.length;
      onProgress(tarBytes);
      done(null, chunk);
    },
  });
  // Compressed here rather than by node-tar, so progress counts the bytes read, not the smaller bytes written.
  await pipeline(pack, counter, zlib.createGzip(), fs.createWriteStream(file, { mode: OWNER_ONLY_FILE }), { signal });
  const written = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(written);
  } finally {
    fs.closeSync(written);
  }
}

/**
 * Unpacks a gzip'd tar into `dir`. Entries `accept` turns down are skipped; any damage (a cut-off
 * file, a bad checksum) fails the whole extraction. node-tar refuses paths that climb out of `dir`.
 */
export async function extractTarGz(file: string, dir: string, accept: (entryPath: string, type: string) => boolean): Promise<void> {
  try {
    await tar.extract({
      file,
      cwd: dir,
      strict: true,
      filter: (entryPath, entry) => 'type' in entry && accept(entryPath, entry.type),
    });
  } catch (error) {
    // zlib's (Z_...) and node-tar's (TAR_...) complaints are about the file; others (no space left) are not.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^(Z|TAR)_/.test(code)) {
      throw new BackupError(`${file} is damaged, cut short or not a gzip'd tar (${(error as Error).message}).`);
    }
    throw error;
  }
}
