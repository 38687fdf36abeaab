import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeOwnerOnlyDir, makeOwnerOnlyFile } from './ownerOnlyFiles.js';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('owner-only files', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'owner-only-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('creates missing folders readable by the owner only', () => {
    const dir = path.join(root, 'data', 'logos');
    makeOwnerOnlyDir(dir);
    expect(modeOf(path.join(root, 'data'))).toBe(0o700);
    expect(modeOf(dir)).toBe(0o700);
  });

  it('creates a new file as 0600 and narrows an existing one and its companions', () => {
    const fresh = path.join(root, 'fresh.db');
    makeOwnerOnlyFile(fresh);
    expect(modeOf(fresh)).toBe(0o600);

    const old = path.join(root, 'old.db');
    fs.writeFileSync(old, 'x', { mode: 0o644 });
    fs.writeFileSync(`${old}-wal`, 'w', { mode: 0o644 });
    makeOwnerOnlyFile(old, [`${old}-wal`, `${old}-shm`]);
    expect(modeOf(old)).toBe(0o600);
    expect(modeOf(`${old}-wal`)).toBe(0o600);
    expect(fs.readFileSync(old, 'utf8')).toBe('x');
  });
});
