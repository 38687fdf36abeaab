import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './testApp.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A server process running src/server/main.ts through tsx, as a deployment's process would. */
export interface SourceServer {
  base: string;
  pid: number;
  /** Bearer header of the signed-in admin. */
  auth: { authorization: string };
  /** SIGKILL: no clean stop, no last writes. */
  kill(): Promise<void>;
  /** SIGTERM: the clean stop. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function exited(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = once(child, 'exit');
  child.kill(signal);
  await done;
}

/**
 * Starts the server from source on `env` (DATA_DIR, DATABASE_URL … as the caller sets them) on a
 * free port, waits until /api/health answers, and signs the admin in.
 */
export async function startSourceServer(env: Record<string, string>): Promise<SourceServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let waited = 0; ; waited += 100) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
      const healthy = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      if (waited > 60_000) throw new Error('the server did not start within a minute');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    return {
      base,
      pid: child.pid as number,
      auth: { authorization: `Bearer ${token}` },
      kill: () => exited(child, 'SIGKILL'),
      stop: () => exited(child, 'SIGTERM'),
    };
  } catch (error) {
    await exited(child, 'SIGKILL');
    throw error;
  }
}
