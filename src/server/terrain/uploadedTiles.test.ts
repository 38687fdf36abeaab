import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../files/fileStore.js';
import { type TileFiles, UploadedTiles } from './uploadedTiles.js';
import { TileMemory } from './tileMemory.js';

/** Bytes of a 3-arc-second tile (1201² samples of 2 bytes). */
const THREE_ARC_SECOND_BYTES = 1201 * 1201 * 2;
const stored = (name: string, sha256: string): StoredFile => ({
  kind: 'terrain',
  name,
  sha256,
  byteSize: THREE_ARC_SECOND_BYTES,
  contentType: 'application/octet-stream',
  createdAt: '2026-11-22T08:00:00.000Z',
});

/** The stored tiles' list, counting its reads; nothing else may be called. */
function listedFiles(files: StoredFile[]): TileFiles & { reads: number } {
  const fake = {
    reads: 0,
    list: async () => {
      fake.reads += 1;
      return files;
    },
    get: () => Promise.reject(new Error('get was not expected')),
    put: () => Promise.reject(new Error('put was not expected')),
    delete: () => Promise.reject(new Error('delete was not expected')),
  };
  return fake;
}

describe('UploadedTiles', () => {
  it('reads the stored list once per coverage revision, and again when the revision moves', async () => {
    const files = listedFiles([stored('S34E018.hgt', 'a'.repeat(64))]);
    let revision: number | null = 7;
    const tiles = new UploadedTiles(files, new TileMemory(16 * 1024 * 1024), () => revision);
    expect(await tiles.find(-33.5, 18.2)).toEqual({ name: 'S34E018', south: -34, west: 18, arc_seconds: 3, bytes: THREE_ARC_SECOND_BYTES });
    expect(await tiles.find(-33.1, 18.9)).toMatchObject({ name: 'S34E018' });
    expect(await tiles.find(10, 10)).toBeUndefined();
    expect(files.reads).toBe(1);
    revision = 8;
    await tiles.find(-33.5, 18.2);
    expect(files.reads).toBe(2);
    // Before the first build there is no revision to tie a list to: each lookup reads it.
    revision = null;
    await tiles.find(-33.5, 18.2);
    await tiles.find(-33.5, 18.2);
    expect(files.reads).toBe(4);
  });

  it('answers the stored SHA-256 as the content hash and leaves out stored names that are not tiles', async () => {
    const files = listedFiles([
      stored('S34E018.hgt', 'b'.repeat(64)),
      stored('notes.hgt', 'c'.repeat(64)),
      { ...stored('N01E001.hgt', 'd'.repeat(64)), byteSize: 10 },
    ]);
    const tiles = new UploadedTiles(files, new TileMemory(16 * 1024 * 1024), () => 1);
    const listed = await tiles.list();
    expect(listed.map((tile) => tile.name)).toEqual(['S34E018']);
    expect(await tiles.contentHash(listed[0]!)).toBe('b'.repeat(64));
  });
});
