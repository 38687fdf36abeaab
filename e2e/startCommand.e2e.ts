import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const ENTRY = path.resolve('dist/server/server/main.js');

/** Runs the built server as `npm start` does, and collects what it prints. */
function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let printed = '';
  const child = spawn(process.execPath, [ENTRY], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  return { child, output: () => printed };
}

describe('the built server started from the command line', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coverage-start-'));
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the first admin with a printed password, listens, serves the app, and signs in', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ADMIN_PASSWORD: '', ADMIN_USERNAME: '' });
    child = server.child;
    const baseUrl = await vi.waitFor(
      () => {
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1];
        if (!listening) throw new Error('the server has not said where it listens');
        return listening;
      },
      { timeout: 30_000, interval: 100 },
    );
    const password = /password: (\S+)/.exec(server.output())?.[1];
    expect(password).toBeTruthy();

    const health = await fetch(`${baseUrl}/api/health`);
    expect(await health.json()).toEqual({ success: true, data: { status: 'ok', database: 'ok', dialect: 'sqlite' } });
    const page = await fetch(`${baseUrl}/admin/settings`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    expect(server.output()).not.toContain((await login.json()).data.token);
  });

  it('refuses to start on a bad variable, naming it', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    child = server.child;
    const code = await new Promise<number | null>((resolve) => server.child.on('exit', resolve));
    expect(code).toBe(1);
    expect(server.output()).toContain('Invalid configuration: PORT: must be a number');
  });
});
