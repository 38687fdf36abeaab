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

/** How many checked copies a cache remembers (a hash and a stat each: about 2 MB at most). */
export const MAX_REMEMBERED_COPIES = 10_000;
/** A temporary file younger than this (by mtime) may be another process's write under way: prune leaves it. */
export const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/** What a copy was like when its hash was checked: a copy still like that is the one checked. */
interface CheckedCopy {
  byteSize: number;
  mtimeNs: bigint;
  ino: bigint;
}

/**
 * This server's copies of stored files on its own disk (DATA_DIR/file-cache), one file per
 * content, named by its SHA-256: a replaced file has another hash, so the old copy is never
 * served for it. A copy's hash is checked on its first read in this process (and when this process
 * wrote it); later reads check only that its size, mtime and inode are those it had then, so a hit
 * costs a stat and a read, not a hash. A damaged, changed or half-written copy is removed and read
 * from the database again. Owner-only, as every data file.
 */
export class FileCache {
  /** Copies checked by this process, by hash; the oldest is forgotten past `maxRemembered` (and is checked again on its next read). */
  private readonly checked = new Map<string, CheckedCopy>();

  constructor(
    readonly dir: string,
    private readonly maxRemembered = MAX_REMEMBERED_COPIES,
  ) {}

  /** The cached content of that hash, checked; null when there is none (or it was damaged). */
  async read(sha256: string, byteSize: number): Promise<Buffer | null> {
    if (!CACHED_NAME.test(sha256)) return null;
    const file = path.join(this.dir, sha256);
    let read: { copy: CheckedCopy; bytes: Buffer | null };
    try {
      read = await readCopy(file, byteSize);
    } catch {
      return null;
    }
    const { copy, bytes } = read;
    if (bytes && bytes.byteLength === byteSize && (sameCopy(this.checked.get(sha256), copy) || sha256Hex(bytes) === sha256)) {
      this.remember(sha256, copy);
      return bytes;
    }
    this.checked.delete(sha256);
    await fs.rm(file, { force: true });
    return null;
  }

  /** Keeps `bytes` (which the caller checked against `sha256`) under their hash: written under a temporary name, then renamed, so no reader sees half a copy. */
  async write(sha256: string, bytes: Uint8Array): Promise<void> {
    if (!CACHED_NAME.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
    const temporary = await this.temporaryFile();
    try {
      await fs.writeFile(temporary, bytes, { mode: OWNER_ONLY_FILE });
      // The caller hashed these bytes: the copy needs no check on its first read (a rename keeps the stat).
      const stat = await fs.stat(temporary, { bigint: true });
      await fs.rename(temporary, path.join(this.dir, sha256));
      this.remember(sha256, { byteSize: Number(stat.size), mtimeNs: stat.mtimeNs, ino: stat.ino });
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
   * Removes the copies of contents no stored file has any more (`stored`: every stored file's
   * SHA-256, read at `listedAtMs`) and temporary files a stopped process left. A copy written
   * since the list was read is left (the next prune judges it): it may be of a file stored since.
   * A temporary file is removed once older than STALE_TEMPORARY_MS, as a younger one may be the
   * write under way of another process on the same DATA_DIR. Run at start and after every rebuild
   * (background.ts). A read of a copy removed meanwhile is not broken: one that opened it first
   * reads it whole (the open file outlives its name), one that comes after finds none and reads the
   * database (FileStore.read). Answers how many files it removed.
   */
  async prune(stored: ReadonlySet<string>, listedAtMs: number): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return 0;
    }
    const staleBefore = Date.now() - STALE_TEMPORARY_MS;
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.dir, name);
      const copy = CACHED_NAME.test(name);
      if (copy ? stored.has(name) : !name.endsWith('.part')) continue;
      if (!(await olderThan(file, copy ? listedAtMs : staleBefore))) continue;
      this.checked.delete(name);
      await fs.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  private remember(sha256: string, copy: CheckedCopy): void {
    // Re-inserted, so the Map's order is that of last use and the first entry is the one least recently read.
    this.checked.delete(sha256);
    this.checked.set(sha256, copy);
    if (this.checked.size > this.maxRemembered) this.checked.delete(this.checked.keys().next().value!);
  }
}

/** The copy's stat and its bytes (null when its size is not `byteSize`: it is not read). */
async function readCopy(file: string, byteSize: number): Promise<{ copy: CheckedCopy; bytes: Buffer | null }> {
  // One open file for the stat and the read: a copy renamed over it meanwhile is not mixed in.
  const handle = await fs.open(file, 'r');
  try {
    const stat = await handle.stat({ bigint: true });
    const copy = { byteSize: Number(stat.size), mtimeNs: stat.mtimeNs, ino: stat.ino };
    return { copy, bytes: copy.byteSize === byteSize ? await handle.readFile() : null };
  } finally {
    await handle.close();
  }
}

function sameCopy(checked: CheckedCopy | undefined, copy: CheckedCopy): boolean {
  return checked !== undefined && checked.byteSize === copy.byteSize && checked.mtimeNs === copy.mtimeNs && checked.ino === copy.ino;
}

/** False when the file is gone (another process pruned or renamed it meanwhile). */
async function olderThan(file: string, cutoffMs: number): Promise<boolean> {
  try {
    return (await fs.stat(file)).mtimeMs < cutoffMs;
  } catch {
    return false;
  }
}
