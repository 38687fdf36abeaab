import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hgtBytes } from '../../geo/elevation/testing/hgtBytes.js';
import { HgtDirectory } from './hgtDirectory.js';
import { TileMemory } from './tileMemory.js';

describe('HgtDirectory content hashes', () => {
  let dir: string;
  let directory: HgtDirectory;
  const file = () => path.join(dir, 'S34E018.hgt');
  const hashOfListed = async () => directory.contentHash((await directory.list())[0]!);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hgt-directory-'));
    directory = new HgtDirectory(dir, new TileMemory(64 * 1024 * 1024));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sees a tile copied over by hand with the same size and modification time (cp -p), and its new heights', async () => {
    // Whole seconds, so that setting the same time again gives the same stamp to the nanosecond.
    const mtime = 1_700_000_000;
    fs.writeFileSync(
      file(),
      hgtBytes(1201, () => 100),
    );
    fs.utimesSync(file(), mtime, mtime);
    const flat = await hashOfListed();
    const [tile] = await directory.list();
    expect((await directory.load(tile!)).elevation(-33.5, 18.5)).toBe(100);

    fs.writeFileSync(
      file(),
      hgtBytes(1201, () => 400),
    );
    fs.utimesSync(file(), mtime, mtime);
    const raised = await hashOfListed();
    expect(raised).not.toBe(flat);
    expect(raised).toMatch(/^[0-9a-f]{64}$/);
    const [again] = await directory.list();
    expect((await directory.load(again!)).elevation(-33.5, 18.5)).toBe(400);
  });
});
