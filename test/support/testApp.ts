import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type App, type AppDependencies, buildApp } from '../../src/server/app.js';
import { type AppConfig, type DatabaseConfig, loadConfig } from '../../src/server/config.js';

export type DatabaseKind = DatabaseConfig['kind'];

export const ADMIN = { username: 'admin', password: 'Sup3r-Secret!' } as const;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export { ManualClock } from '../../src/server/testing/manualClock.js';

export interface TestApp extends App {
  dataDir: string;
  /** Stops the server and builds a new one on the same data, as a process restart would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh app on its own data: a temporary DATA_DIR (SQLite file inside), or a new PostgreSQL
 * schema that is dropped on close. Not listening; use `server.inject`.
 */
export async function createTestApp(kind: DatabaseKind, options: { env?: Record<string, string>; deps?: AppDependencies } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coverage-test-'));
  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    ...(kind === 'postgres' ? { DATABASE_URL: requiredEnv('TEST_DATABASE_URL'), DATABASE_SCHEMA: schema } : {}),
    ...options.env,
  };
  const config: AppConfig = loadConfig(env);
  const first = await buildApp(config, options.deps).catch(async (error: unknown) => {
    if (kind === 'postgres') await dropSchema(requiredEnv('TEST_DATABASE_URL'), schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const testApp: TestApp = {
    ...first,
    dataDir,
    async restart() {
      await testApp.server.close();
      const next = await buildApp(config, options.deps);
      testApp.server = next.server;
      testApp.db = next.db;
      testApp.coverage = next.coverage;
      testApp.waitlistMatcher = next.waitlistMatcher;
      testApp.measurements = next.measurements;
    },
    async close() {
      await testApp.server.close();
      if (kind === 'postgres') await dropSchema(requiredEnv('TEST_DATABASE_URL'), schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(app: App, credentials: { username: string; password: string } = ADMIN): Promise<string> {
  const response = await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().data.token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
