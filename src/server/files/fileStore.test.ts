import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Db, openDatabase } from '../db/database.js';
import { ValidationError } from '../errors.js';
import { ManualClock } from '../testing/manualClock.js';
import { FileCache, STALE_TEMPORARY_MS } from './fileCache.js';
import { FileRepository } from './fileRepository.js';
import { EMPTY_FILE, FILE_PART_BYTES, FileStore, inParts } from './fileStore.js';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Bytes that differ from part to part, so a part out of order or repeated would show. */
function patterned(length: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed * 7 + (i >> 20)) & 0xff;
  return bytes;
}

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += size) yield bytes.subarray(offset, offset + size);
}

describe('FileStore on SQLite', () => {
  let dir: string;
  let db: Db;
  let store: FileStore;
  let cacheDir: string;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-'));
    db = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'coverage.sqlite') }, log);
    cacheDir = path.join(dir, 'file-cache');
    store = new FileStore(new FileRepository(db.kysely), new FileCache(cacheDir), new ManualClock());
  });
  afterEach(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const partSizes = async (name: string) =>
    (
      await db.kysely
        .selectFrom('stored_file_parts')
        .innerJoin('stored_files', 'stored_files.id', 'stored_file_parts.file_id')
        .select(['part_index', 'data'])
        .where('stored_files.name', '=', name)
        .orderBy('part_index')
        .execute()
    ).map((part) => [part.part_index, part.data.byteLength]);

  it('stores a file of exactly two parts in two rows and reads it back byte for byte', async () => {
    const bytes = patterned(2 * FILE_PART_BYTES);
    const stored = await store.put('terrain', 'N00E000.hgt', bytes, 'application/octet-stream');
    expect(stored).toMatchObject({
      kind: 'terrain',
      name: 'N00E000.hgt',
      sha256: sha256(bytes),
      byteSize: 2 * FILE_PART_BYTES,
      createdAt: '2026-11-22T08:00:00.000Z',
    });
    expect(await partSizes('N00E000.hgt')).toEqual([
      [0, FILE_PART_BYTES],
      [1, FILE_PART_BYTES],
    ]);
    const read = await store.get('terrain', 'N00E000.hgt');
    expect(read?.bytes.equals(bytes)).toBe(true);
  });

  it('puts the byte past two whole parts in a third part of one byte, from chunks of any size', async () => {
    const bytes = patterned(2 * FILE_PART_BYTES + 1, 2);
    await store.put('terrain', 'N00E001.hgt', chunksOf(bytes, 700_001), 'application/octet-stream');
    expect(await partSizes('N00E001.hgt')).toEqual([
      [0, FILE_PART_BYTES],
      [1, FILE_PART_BYTES],
      [2, 1],
    ]);
    expect((await store.get('terrain', 'N00E001.hgt'))?.bytes.equals(bytes)).toBe(true);
  });

  it('refuses an empty file and stores nothing', async () => {
    const refused = store.put('logo', 'empty.png', Buffer.alloc(0), 'image/png');
    await expect(refused).rejects.toThrow(ValidationError);
    await expect(refused).rejects.toThrow(EMPTY_FILE);
    expect(await store.list('logo')).toEqual([]);
    expect(await db.kysely.selectFrom('stored_file_parts').select('file_id').execute()).toEqual([]);
  });

  it('keeps the old file whole when a replacement fails part way', async () => {
    const old = patterned(FILE_PART_BYTES + 10, 3);
    await store.put('terrain', 'N01E000.hgt', old, 'application/octet-stream');
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield patterned(FILE_PART_BYTES, 4);
      throw new Error('the upload broke off');
    }
    await expect(store.put('terrain', 'N01E000.hgt', failing(), 'application/octet-stream')).rejects.toThrow('the upload broke off');
    expect((await store.get('terrain', 'N01E000.hgt'))?.bytes.equals(old)).toBe(true);
  });

  it('serves a replaced file with its new content, never the cached copy of the old one', async () => {
    const first = patterned(5000, 5);
    const second = patterned(5000, 6);
    await store.put('logo', 'a.png', first, 'image/png');
    expect((await store.get('logo', 'a.png'))?.bytes.equals(first)).toBe(true);
    expect(fs.existsSync(path.join(cacheDir, sha256(first)))).toBe(true);
    await store.put('logo', 'a.png', second, 'image/png');
    const read = await store.get('logo', 'a.png');
    expect(read?.bytes.equals(second)).toBe(true);
    expect(read?.file.sha256).toBe(sha256(second));
    // The old content's copy goes when the cache is pruned (at start and after each rebuild); the current one stays.
    expect(await store.pruneCache()).toBe(1);
    expect(fs.readdirSync(cacheDir)).toEqual([sha256(second)]);
  });

  it('reads from the database a file whose copy was pruned between its description and its bytes', async () => {
    const bytes = patterned(FILE_PART_BYTES + 5, 9);
    await store.put('terrain', 'N02E000.hgt', bytes, 'application/octet-stream');
    await store.get('terrain', 'N02E000.hgt');
    const found = await store.find('terrain', 'N02E000.hgt');
    // Another server replaced the file and this one pruned the copy meanwhile (as the replaced content's).
    await new FileCache(cacheDir).prune(new Set(), Date.now() + 1000);
    expect(fs.readdirSync(cacheDir)).toEqual([]);
    expect((await store.read(found!))?.bytes.equals(bytes)).toBe(true);
    expect(fs.readdirSync(cacheDir)).toEqual([sha256(bytes)]);
  });

  it('stores a file under its own name only: the staging name its parts were written under is never committed', async () => {
    await store.put('terrain', 'N03E000.hgt', patterned(10, 1), 'application/octet-stream');
    await store.put('terrain', 'N03E000.hgt', patterned(20, 2), 'application/octet-stream');
    expect(await db.kysely.selectFrom('stored_files').select(['name', 'byte_size']).execute()).toEqual([{ name: 'N03E000.hgt', byte_size: 20 }]);
    expect(await partSizes('N03E000.hgt')).toEqual([[0, 20]]);
    expect(await db.kysely.selectFrom('stored_file_parts').select('file_id').execute()).toHaveLength(1);
  });

  it('checks a cached copy again once its mtime changed: a damaged one is read again from the database', async () => {
    const bytes = patterned(3000, 7);
    await store.put('logo', 'b.png', bytes, 'image/png');
    await store.get('logo', 'b.png');
    const copy = path.join(cacheDir, sha256(bytes));
    const damaged = Buffer.from(bytes);
    damaged[10] = damaged[10]! ^ 0xff;
    fs.writeFileSync(copy, damaged);
    // Set apart from the copy's first mtime: file times may not move between two writes in one clock tick.
    fs.utimesSync(copy, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    expect((await store.get('logo', 'b.png'))?.bytes.equals(bytes)).toBe(true);
    expect(fs.readFileSync(copy).equals(bytes)).toBe(true);
  });

  it('reads a copy of another size again from the database, without its mtime changing', async () => {
    const bytes = patterned(3000, 8);
    await store.put('logo', 'd.png', bytes, 'image/png');
    await store.get('logo', 'd.png');
    const copy = path.join(cacheDir, sha256(bytes));
    const { atime, mtime } = fs.statSync(copy);
    fs.truncateSync(copy, 1000);
    fs.utimesSync(copy, atime, mtime);
    expect((await store.get('logo', 'd.png'))?.bytes.equals(bytes)).toBe(true);
    expect(fs.statSync(copy).size).toBe(3000);
  });

  it('lists by kind and deletes: a deleted file is gone, its parts too', async () => {
    await store.put('logo', 'c.png', patterned(10), 'image/png');
    await store.put('terrain', 'N02E000.hgt', patterned(20), 'application/octet-stream');
    expect((await store.list('logo')).map((file) => file.name)).toEqual(['c.png']);
    expect(await store.delete('logo', 'c.png')).toBe(true);
    expect(await store.delete('logo', 'c.png')).toBe(false);
    expect(await store.get('logo', 'c.png')).toBeNull();
    expect(await partSizes('c.png')).toEqual([]);
    expect((await store.list('terrain')).map((file) => file.name)).toEqual(['N02E000.hgt']);
  });
});

describe('inParts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('joins the small chunks of a part with one copy per part, keeping the exact part boundaries', async () => {
    const bytes = patterned(2 * FILE_PART_BYTES + 5, 9);
    const concat = vi.spyOn(Buffer, 'concat');
    const parts: Uint8Array[] = [];
    for await (const part of inParts(chunksOf(bytes, 1000))) parts.push(part);
    // 2,098 chunks of 1,000 bytes: one join for each whole part (the last part is a single chunk's tail).
    expect(concat).toHaveBeenCalledTimes(2);
    expect(parts.map((part) => part.byteLength)).toEqual([FILE_PART_BYTES, FILE_PART_BYTES, 5]);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
  });

  it('passes a part that is one chunk through without copying it', async () => {
    const bytes = patterned(FILE_PART_BYTES, 10);
    const concat = vi.spyOn(Buffer, 'concat');
    const parts: Uint8Array[] = [];
    for await (const part of inParts([bytes])) parts.push(part);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.buffer).toBe(bytes.buffer);
    expect(concat).not.toHaveBeenCalled();
  });
});

describe('FileCache', () => {
  let dir: string;
  const WHOLE_MS = new Date('2026-11-01T00:00:00.000Z');

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-cache-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Changes a copy's bytes keeping its size, inode and (whole-millisecond) mtime: a change only the hash would show. */
  function damageKeepingStat(file: string): void {
    const bytes = fs.readFileSync(file);
    bytes[0] = bytes[0]! ^ 0xff;
    fs.writeFileSync(file, bytes);
    fs.utimesSync(file, WHOLE_MS, WHOLE_MS);
  }

  /** A copy written, then read once with its mtime set, so the cache has checked its hash at that mtime. */
  async function checkedCopy(cache: FileCache, bytes: Buffer): Promise<string> {
    await cache.write(sha256(bytes), bytes);
    fs.utimesSync(path.join(dir, sha256(bytes)), WHOLE_MS, WHOLE_MS);
    expect((await cache.read(sha256(bytes), bytes.byteLength))?.equals(bytes)).toBe(true);
    return path.join(dir, sha256(bytes));
  }

  it('hashes a copy once: later reads check its size, mtime and inode, not its bytes', async () => {
    const cache = new FileCache(dir);
    const bytes = patterned(4000, 11);
    const copy = await checkedCopy(cache, bytes);
    damageKeepingStat(copy);
    // The hash is not computed again: the change is not seen (a change that moves the mtime is, above).
    expect((await cache.read(sha256(bytes), bytes.byteLength))?.equals(bytes)).toBe(false);
    // Another process (a cache that has not checked it) hashes it and throws it away.
    expect(await new FileCache(dir).read(sha256(bytes), bytes.byteLength)).toBeNull();
    expect(fs.existsSync(copy)).toBe(false);
  });

  it('remembers at most its bound of checked copies, forgetting the least recently read', async () => {
    const cache = new FileCache(dir, 1);
    const first = patterned(4000, 12);
    const copy = await checkedCopy(cache, first);
    await checkedCopy(cache, patterned(4000, 13));
    damageKeepingStat(copy);
    // Forgotten, so hashed again: the damage shows.
    expect(await cache.read(sha256(first), first.byteLength)).toBeNull();
  });

  it('prunes a copy of content no longer stored only when it was written before the list of stored contents was read', async () => {
    const cache = new FileCache(dir);
    const before = patterned(100, 14);
    const since = patterned(100, 15);
    await cache.write(sha256(before), before);
    const listedAtMs = Date.now() + 1;
    const later = new Date(listedAtMs + 1000);
    await cache.write(sha256(since), since);
    fs.utimesSync(path.join(dir, sha256(since)), later, later);
    // `since` may be a file stored after the list was read: it waits for the next prune.
    expect(await cache.prune(new Set(), listedAtMs)).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([sha256(since)]);
    expect(await cache.prune(new Set(), later.getTime() + 1)).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("prunes only temporary files older than an hour: a younger one may be another process's write under way", async () => {
    const cache = new FileCache(dir);
    const stale = await cache.temporaryFile();
    const fresh = await cache.temporaryFile();
    fs.writeFileSync(stale, 'left by a stopped process');
    fs.writeFileSync(fresh, 'being written');
    const overAnHourAgo = new Date(Date.now() - STALE_TEMPORARY_MS - 60_000);
    fs.utimesSync(stale, overAnHourAgo, overAnHourAgo);
    expect(await cache.prune(new Set(), Date.now())).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});
