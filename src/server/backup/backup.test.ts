import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBackup } from './backup.js';
import { BackupError } from './backupError.js';
import { collectReport, sampleData, type SampleData } from './testing/sampleData.js';

async function archiveEntries(file: string): Promise<string[]> {
  const names: string[] = [];
  await tar.list({ file, onReadEntry: (entry) => names.push(entry.path) });
  return names;
}

describe('createBackup', () => {
  let data: SampleData;
  let archive: string;
  beforeEach(() => {
    data = sampleData();
    archive = path.join(data.root, 'backup.tar.gz');
  });
  afterEach(() => data.cleanUp());

  it('writes one owner-only archive with the manifest, the database (logos and tiles in it) and the app secret, without the file cache', async () => {
    const { report, lines } = collectReport();
    const manifest = await createBackup(data.config(), { archiveFile: archive, force: false, report });
    expect(await archiveEntries(archive)).toEqual(['manifest.json', 'coverage.sqlite', 'app-secret']);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(manifest).toMatchObject({ version: 2, appSecretIncluded: true });
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}logos, tiles +in the database/));
    expect(lines).toContainEqual(expect.stringContaining(`not included   ${path.join(data.dataDir, 'file-cache')}`));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}app secret +included/));
    // Nothing temporary is left beside the archive.
    expect(fs.readdirSync(data.root).sort()).toEqual(['backup.tar.gz', 'data']);
  });

  it('leaves the app secret out when APP_SECRET comes from the environment, and says so', async () => {
    const { report, lines } = collectReport();
    await createBackup(data.config({ APP_SECRET: 'b'.repeat(40) }), { archiveFile: archive, force: false, report });
    expect(await archiveEntries(archive)).not.toContain('app-secret');
    expect(lines).toContainEqual(expect.stringContaining('not included: APP_SECRET is set in the environment'));
  });

  it('refuses to overwrite an existing file without --force, and replaces it with --force', async () => {
    fs.writeFileSync(archive, 'an older backup');
    const attempt = createBackup(data.config(), { archiveFile: archive, force: false, report: () => {} });
    await expect(attempt).rejects.toThrow(new BackupError(`${archive} already exists: choose another name, or pass --force to overwrite it.`));
    expect(fs.readFileSync(archive, 'utf8')).toBe('an older backup');

    await createBackup(data.config(), { archiveFile: archive, force: true, report: () => {} });
    expect(await archiveEntries(archive)).toContain('coverage.sqlite');
  });

  it('refuses when DATA_DIR does not exist', async () => {
    const missing = path.join(data.root, 'nowhere');
    const attempt = createBackup(data.config({ DATA_DIR: missing }), { archiveFile: archive, force: false, report: () => {} });
    await expect(attempt).rejects.toThrow(`DATA_DIR ${missing} does not exist`);
    expect(fs.existsSync(archive)).toBe(false);
  });

  it('refuses when DATA_DIR holds no database', async () => {
    fs.rmSync(path.join(data.dataDir, 'coverage.sqlite'));
    const attempt = createBackup(data.config(), { archiveFile: archive, force: false, report: () => {} });
    await expect(attempt).rejects.toThrow(`No database at ${path.join(data.dataDir, 'coverage.sqlite')}`);
  });

  it('gives the pg_dump command and the one file to copy instead of a backup when PostgreSQL is configured', async () => {
    const config = data.config({ DATABASE_URL: 'postgres://coverage:pw@db.example/coverage', DATABASE_SCHEMA: 'isp' });
    const attempt = createBackup(config, { archiveFile: archive, force: false, report: () => {} });
    await expect(attempt).rejects.toThrow(BackupError);
    const message = await attempt.catch((error: Error) => error.message);
    expect(message).toContain('pg_dump -Fc -n isp "$DATABASE_URL" -f coverage.dump');
    expect(message).toContain(path.join(data.dataDir, 'app-secret'));
    // Logos and uploaded tiles are in the database: no folder to copy beside the dump.
    expect(message).toContain('logos and uploaded terrain tiles are in the database');
    expect(message).not.toContain(path.join(data.dataDir, 'logos'));
    expect(message).not.toContain(path.join(data.dataDir, 'terrain'));
    // The URL's password is never printed.
    expect(message).not.toContain('pw@');
    expect(fs.existsSync(archive)).toBe(false);
  });
});
