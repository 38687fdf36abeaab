import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceAll } from './replaceInPlace.js';

describe('replaceAll', () => {
  let root: string;
  const at = (name: string) => path.join(root, name);
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'replace-test-'));
    fs.writeFileSync(at('db'), 'old db');
    fs.writeFileSync(at('db-wal'), 'old wal');
    fs.mkdirSync(at('logos'));
    fs.writeFileSync(at('logos/a.png'), 'old logo');
    fs.mkdirSync(at('staged'));
    fs.writeFileSync(at('staged/db'), 'new db');
    fs.mkdirSync(at('staged/logos'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('moves every staged item in, takes the companions away, and deletes the old data', () => {
    replaceAll([
      { staged: at('staged/db'), target: at('db'), companions: [at('db-wal')] },
      { staged: at('staged/logos'), target: at('logos') },
    ]);
    expect(fs.readFileSync(at('db'), 'utf8')).toBe('new db');
    expect(fs.readdirSync(at('logos'))).toEqual([]);
    expect(fs.readdirSync(root).sort()).toEqual(['db', 'logos', 'staged']);
  });

  it('puts everything back as it was when a later item cannot be moved in', () => {
    expect(() =>
      replaceAll([
        { staged: at('staged/db'), target: at('db'), companions: [at('db-wal')] },
        { staged: at('staged/missing'), target: at('logos') },
      ]),
    ).toThrow(/ENOENT/);
    expect(fs.readFileSync(at('db'), 'utf8')).toBe('old db');
    expect(fs.readFileSync(at('db-wal'), 'utf8')).toBe('old wal');
    expect(fs.readFileSync(at('logos/a.png'), 'utf8')).toBe('old logo');
    expect(fs.readdirSync(root).sort()).toEqual(['db', 'db-wal', 'logos', 'staged']);
  });
});
