import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Db, openDatabase } from './database.js';
import { WAL_CHECKPOINT_FROM_BYTES } from './walCheckpoints.js';

const log = { warn: () => undefined };
const MB = 1024 * 1024;

describe('SQLite write-ahead log checkpoints', () => {
  let dir: string;
  let db: Db | null = null;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'wal-'));
  });
  afterEach(async () => {
    await db?.close();
    db = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves copying a large commit into the database file to another thread, which does it soon after', async () => {
    const file = path.join(dir, 'coverage.sqlite');
    db = await openDatabase({ kind: 'sqlite', file }, log);
    await sql`create table blobs (id integer primary key, bytes blob)`.execute(db.kysely);
    const before = statSync(file).size;
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 8; i++) await sql`insert into blobs (bytes) values (${Buffer.alloc(MB, i)})`.execute(trx);
    });
    // The commit wrote the pages to the log only: copying them into the database (about 150 ms for
    // 16 MB on the request thread) is not part of it.
    expect(statSync(file).size - before).toBeLessThan(MB);
    await vi.waitFor(() => expect(statSync(file).size - before).toBeGreaterThan(8 * MB), { timeout: 10_000, interval: 50 });
    const { rows } = await sql<{ n: number }>`select count(*) as n from blobs`.execute(db.kysely);
    expect(rows[0]?.n).toBe(8);
    // Once all of it is copied, the log starts over at the next write, and its file is cut back.
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(8 * MB);
    const kysely = db.kysely;
    await vi.waitFor(
      async () => {
        await sql`insert into blobs (bytes) values (${Buffer.alloc(16)})`.execute(kysely);
        expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(WAL_CHECKPOINT_FROM_BYTES);
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});
