import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBackup } from './backup.js';
import { BackupError } from './backupError.js';
import { restoreBackup } from './restore.js';
import { collectReport, readNotes, sampleData, type SampleData, writeNotes } from './testing/sampleData.js';

describe('restoreBackup', () => {
  let data: SampleData;
  let archive: string;
  /** An empty DATA_DIR that the backup is restored into. */
  let target: string;
  const quiet = { force: false, report: () => {} };

  beforeEach(async () => {
    data = sampleData(['kept']);
    archive = path.join(data.root, 'backup.tar.gz');
    target = path.join(data.root, 'restored');
    await createBackup(data.config(), { ...quiet, archiveFile: archive });
  });
  afterEach(() => data.cleanUp());

  const targetConfig = (env: Record<string, string> = {}) => data.config({ DATA_DIR: target, ...env });

  it('restores the database and app secret into an empty DATA_DIR, owner-only', async () => {
    const { report, lines } = collectReport();
    await restoreBackup(targetConfig(), { force: false, report, archiveFile: archive });
    expect(readNotes(path.join(target, 'coverage.sqlite'))).toEqual(['kept']);
    expect(fs.readFileSync(path.join(target, 'app-secret'), 'utf8')).toBe('a'.repeat(43));
    for (const file of ['coverage.sqlite', 'app-secret']) expect(fs.statSync(path.join(target, file)).mode & 0o777).toBe(0o600);
    expect(lines).toContainEqual(expect.stringContaining('integrity check ok'));
    // Only the restored data is left: no temporary folder, no set-aside copies.
    expect(fs.readdirSync(target).sort()).toEqual(['app-secret', 'coverage.sqlite']);
  });

  it("restores a version 1 archive's logos and terrain tiles into the folders the server moves into the database at start", async () => {
    const staging = path.join(data.root, 'version-1');
    fs.mkdirSync(path.join(staging, 'logos'), { recursive: true });
    fs.mkdirSync(path.join(staging, 'terrain'));
    await tar.extract({ file: archive, cwd: staging });
    const manifest = JSON.parse(fs.readFileSync(path.join(staging, 'manifest.json'), 'utf8'));
    fs.writeFileSync(path.join(staging, 'logos', 'logo.png'), 'logo bytes');
    fs.writeFileSync(path.join(staging, 'terrain', 'S34E018.hgt'), Buffer.alloc(4096, 7));
    const version1 = { ...manifest, version: 1, logos: { files: 1, bytes: 10 }, terrain: { files: 1, bytes: 4096 } };
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(version1));
    const old = path.join(data.root, 'version-1.tar.gz');
    await tar.create({ file: old, gzip: true, cwd: staging }, ['manifest.json', 'coverage.sqlite', 'logos', 'terrain', 'app-secret']);

    const { report, lines } = collectReport();
    await restoreBackup(targetConfig(), { force: false, report, archiveFile: old });
    expect(readNotes(path.join(target, 'coverage.sqlite'))).toEqual(['kept']);
    expect(fs.readFileSync(path.join(target, 'logos', 'logo.png'), 'utf8')).toBe('logo bytes');
    expect(fs.statSync(path.join(target, 'terrain', 'S34E018.hgt')).size).toBe(4096);
    expect(lines).toContainEqual(expect.stringMatching(/logos +1 file .*: moved into the database when the server starts/));
  });

  it('refuses while a server has the database open', async () => {
    const server = new SQLite(path.join(data.dataDir, 'coverage.sqlite'));
    server.pragma('journal_mode = WAL');
    try {
      const attempt = restoreBackup(data.config(), { ...quiet, force: true, archiveFile: archive });
      await expect(attempt).rejects.toThrow(`${path.join(data.dataDir, 'coverage.sqlite')} is in use by another process: stop the server first`);
    } finally {
      server.close();
    }
  });

  it('refuses to replace existing data without --force, naming what is there, and replaces it with --force', async () => {
    writeNotes(path.join(data.dataDir, 'coverage.sqlite'), ['written after the backup']);
    const attempt = restoreBackup(data.config(), { ...quiet, archiveFile: archive });
    await expect(attempt).rejects.toThrow(
      `Not restoring over existing data: database ${path.join(data.dataDir, 'coverage.sqlite')}, app secret ${path.join(data.dataDir, 'app-secret')}`,
    );
    expect(readNotes(path.join(data.dataDir, 'coverage.sqlite'))).toEqual(['kept', 'written after the backup']);

    await restoreBackup(data.config(), { ...quiet, force: true, archiveFile: archive });
    expect(readNotes(path.join(data.dataDir, 'coverage.sqlite'))).toEqual(['kept']);
    // The file cache holds copies by content: left as it is (the server prunes what no stored file has).
    expect(fs.readdirSync(data.dataDir).sort()).toEqual(['app-secret', 'coverage.sqlite', 'file-cache']);
  });

  it('leaves the old data as it was when the archive is cut short', async () => {
    const cut = path.join(data.root, 'cut.tar.gz');
    fs.writeFileSync(cut, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size / 2)));
    writeNotes(path.join(data.dataDir, 'coverage.sqlite'), ['newer']);
    await expect(restoreBackup(data.config(), { ...quiet, force: true, archiveFile: cut })).rejects.toThrow(`${cut} is damaged, cut short or not a gzip'd tar`);
    expect(readNotes(path.join(data.dataDir, 'coverage.sqlite'))).toEqual(['kept', 'newer']);
    expect(fs.readdirSync(data.dataDir).filter((name) => name.includes('restore'))).toEqual([]);
  });

  it('refuses an archive whose database fails the integrity check, changing nothing', async () => {
    const staging = path.join(data.root, 'forged');
    fs.mkdirSync(staging);
    await tar.extract({ file: archive, cwd: staging });
    fs.writeFileSync(path.join(staging, 'coverage.sqlite'), Buffer.alloc(8192, 1));
    const forged = path.join(data.root, 'forged.tar.gz');
    await tar.create({ file: forged, gzip: true, cwd: staging }, fs.readdirSync(staging));

    const attempt = restoreBackup(targetConfig(), { ...quiet, archiveFile: forged });
    await expect(attempt).rejects.toThrow("The backup's database fails PRAGMA integrity_check, so nothing was changed");
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it('refuses an archive that was not written by npm run backup', async () => {
    const other = path.join(data.root, 'other.tar.gz');
    await tar.create({ file: other, gzip: true, cwd: data.dataDir }, ['file-cache']);
    await expect(restoreBackup(targetConfig(), { ...quiet, archiveFile: other })).rejects.toThrow('The archive has no manifest.json');
  });

  it('gives the pg_restore command instead of restoring when PostgreSQL is configured', async () => {
    const attempt = restoreBackup(targetConfig({ DATABASE_URL: 'postgres://coverage:pw@db.example/coverage' }), { ...quiet, archiveFile: archive });
    await expect(attempt).rejects.toThrow(BackupError);
    await expect(attempt).rejects.toThrow('pg_restore --clean --if-exists -d "$DATABASE_URL" coverage.dump');
    expect(fs.existsSync(target)).toBe(false);
  });
});
