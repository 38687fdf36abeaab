import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { PNG_1X1 } from './support/kml.js';
import { multipartBody } from './support/multipart.js';
import { ADMIN, bearer, createTestApp, signIn, type TestApp } from './support/testApp.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Parallel lead writers: enough that leads arrive all through the backup. */
const WRITERS = 4;

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the backup command line (src/server/backup/cli.ts) in a process of its own, as `npm run
 * backup` / `npm run restore` do but from the sources (tsx), so no build is needed.
 */
function runBackupCli(args: string[], dataDir: string): Promise<CommandResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'APP_SECRET', 'TERRAIN_DIR']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/backup/cli.ts', ...args], { cwd: root, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Acknowledged {
  name: string;
  /** performance.now() when the 2xx answer arrived. */
  at: number;
}

/** Visitors sending leads to `url` until stop(); every lead answered 2xx is recorded with the time of its answer. */
function startLeadWriters(url: string) {
  const acknowledged: Acknowledged[] = [];
  const failures: string[] = [];
  let next = 0;
  let running = true;
  const writer = async () => {
    while (running) {
      const name = `Visitor ${(next += 1)}`;
      try {
        const response = await fetch(`${url}/api/submit_lead`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ provider_id: 0, lead_type: 'contact_request', name, email: `visitor-${next}@example.com` }),
        });
        if (response.ok) acknowledged.push({ name, at: performance.now() });
        else failures.push(`${response.status} ${await response.text()}`);
      } catch (error) {
        failures.push(String(error));
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);
  return {
    acknowledged,
    failures,
    async stop() {
      running = false;
      await Promise.all(writers);
    },
  };
}

async function untilAcknowledged(acknowledged: Acknowledged[], count: number): Promise<void> {
  await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(count), { timeout: 20_000, interval: 10 });
}

describe('npm run backup and npm run restore on SQLite', () => {
  let app: TestApp;
  let scratch: string;
  let restored: App | undefined;

  beforeEach(async () => {
    app = await createTestApp('sqlite', { env: { LEAD_RATE_LIMIT_PER_HOUR: '1000000' } });
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-it-'));
  });
  afterEach(async () => {
    await restored?.server.close();
    restored = undefined;
    await app.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('backs up a server taking leads, and a server on the restored data has every lead acknowledged before the backup began', async () => {
    const token = await signIn(app);
    const { payload, headers } = multipartBody(
      { name: 'FibreCo', active: 'true' },
      { field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: PNG_1X1 },
    );
    const created = await app.server.inject({ method: 'POST', url: '/api/providers', payload, headers: { ...headers, ...bearer(token) } });
    expect(created.statusCode, created.body).toBe(200);
    const logo: string = created.json().data.logo_filename;

    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as AddressInfo;
    const writers = startLeadWriters(`http://127.0.0.1:${port}`);
    await untilAcknowledged(writers.acknowledged, 50);

    const archive = path.join(scratch, 'backup.tar.gz');
    const backupBegan = performance.now();
    const ackedBeforeBackup = writers.acknowledged.filter((lead) => lead.at < backupBegan).map((lead) => lead.name);
    const backup = await runBackupCli(['backup', archive], app.dataDir);
    const backupEnded = performance.now();
    await writers.stop();
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written: .*backup\.tar\.gz/m);
    // The logo is a row of the database now: the archive needs no logos folder.
    expect(backup.stdout).toMatch(/^ {2}logos, tiles +in the database/m);
    expect(backup.stdout).toMatch(/^ {2}app secret +included/m);
    // The server kept taking leads while the backup ran, and refused none.
    expect(writers.acknowledged.filter((lead) => lead.at > backupBegan && lead.at < backupEnded).length).toBeGreaterThan(0);
    expect(writers.failures).toEqual([]);

    const freshDataDir = path.join(scratch, 'restored-data');
    const restore = await runBackupCli(['restore', archive], freshDataDir);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('integrity check ok');

    const database = new SQLite(path.join(freshDataDir, 'coverage.sqlite'), { readonly: true });
    try {
      expect(database.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      database.close();
    }
    expect(fs.readFileSync(path.join(freshDataDir, 'app-secret'), 'utf8')).toBe(fs.readFileSync(path.join(app.dataDir, 'app-secret'), 'utf8'));

    expect(fs.readdirSync(freshDataDir).sort()).toEqual(['app-secret', 'coverage.sqlite']);
    restored = await buildApp(loadConfig({ DATA_DIR: freshDataDir, LOG_LEVEL: 'silent' }));
    const leads = await restored.db.kysely.selectFrom('leads').select('name').execute();
    const restoredNames = new Set(leads.map((lead) => lead.name));
    expect(ackedBeforeBackup.filter((name) => !restoredNames.has(name))).toEqual([]);
    const served = await restored.server.inject({ method: 'GET', url: `/api/providers/logo/${logo}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
    // The admin of the backed-up server signs in to the restored one.
    await signIn(restored, ADMIN);
  });

  it('refuses to restore into the DATA_DIR of a running server, even with --force, and changes nothing', async () => {
    const archive = path.join(scratch, 'backup.tar.gz');
    expect((await runBackupCli(['backup', archive], app.dataDir)).code).toBe(0);
    const databaseBefore = fs.statSync(path.join(app.dataDir, 'coverage.sqlite'));

    const restore = await runBackupCli(['restore', archive, '--force'], app.dataDir);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`Restore not done: ${path.join(app.dataDir, 'coverage.sqlite')} is in use by another process: stop the server first`);
    expect(fs.statSync(path.join(app.dataDir, 'coverage.sqlite')).ino).toBe(databaseBefore.ino);
    expect((await app.server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses to overwrite an existing archive and says how to', async () => {
    const archive = path.join(scratch, 'backup.tar.gz');
    fs.writeFileSync(archive, 'keep me');
    const backup = await runBackupCli(['backup', archive], app.dataDir);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toBe(`Backup not done: ${archive} already exists: choose another name, or pass --force to overwrite it.\n`);
    expect(fs.readFileSync(archive, 'utf8')).toBe('keep me');
  });
});
