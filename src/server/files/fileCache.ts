import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../ownerOnlyFiles.js';

/** The cache's folder inside DATA_DIR. */
export const FILE_CACHE_FOLDER = 'file-cache';

const CACHED_NAME = /^[0-9a-f]{64}$/;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * This server's copies of stored files on its own disk (DATA_DIR/file-cache), one file per
 * content, named by its SHA-256: a replaced file has another hash, so the old copy is never
 * served for it, and each read checks the copy's size and hash (a damaged or half-written copy
 * is removed and read from the database again). Owner-only, as every data file.
 */
export class FileCache {
  constructor(readonly dir: string) {}

  /** The cached content of that hash, checked; null when there is none (or it was damaged). */
  async read(sha256: string, byteSize: number): Promise<Buffer | null> {
    if (!CACHED_NAME.test(sha256)) return null;
    const file = path.join(this.dir, sha256);
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(file);
    } catch {
      return null;
    }
    if (bytes.byteLength === byteSize && sha256Hex(bytes) === sha256) return bytes;
    await fs.rm(file, { force: true });
    return null;
  }

  /** Keeps `bytes` under their hash: written under a temporary name, then renamed, so no reader sees half a copy. */
  async write(sha256: string, bytes: Uint8Array): Promise<void> {
    if (!CACHED_NAME.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
    const temporary = await this.temporaryFile();
    try {
      await fs.writeFile(temporary, bytes, { mode: OWNER_ONLY_FILE });
      await fs.rename(temporary, path.join(this.dir, sha256));
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  /** A new owner-only path in the cache folder ending in .part (no read takes it for a copy). */
  async temporaryFile(): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true, mode: OWNER_ONLY_DIR });
    return path.join(this.dir, `${process.pid}-${Date.now()}-${randomBytes(4).toString('hex')}.part`);
  }

  /**
   * Removes the copies of contents no stored file has any more (replaced or deleted files, here
   * or by another server) and temporary files a stopped process left. Run at start, before any
   * write of this process is under way. Answers how many files it removed.
   */
  async prune(stored: ReadonlySet<string>): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      if (CACHED_NAME.test(name) ? stored.has(name) : !name.endsWith('.part')) continue;
      await fs.rm(path.join(this.dir, name), { force: true });
      removed += 1;
    }
    return removed;
  }
}
