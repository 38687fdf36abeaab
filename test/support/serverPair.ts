import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { ADMIN, signIn } from './testApp.js';

/**
 * Two servers on one PostgreSQL schema, each with a data folder of its own (issue 22 section 5:
 * what one stores the other must serve): start() builds them and signs in on the first; stop()
 * closes both, drops the schema and removes the folders.
 */
export class ServerPair {
  private readonly schema: string;
  private readonly dataDirs: string[] = [];
  private apps: App[] = [];

  constructor(
    private readonly databaseUrl: string,
    /** The schema's and the folders' prefix, to tell a leftover's test apart. */
    private readonly name: string,
  ) {
    this.schema = `${name}_${randomBytes(4).toString('hex')}`;
  }

  async start(): Promise<{ a: App; b: App; token: string }> {
    const [a, b] = [await buildApp(this.configFor()), await buildApp(this.configFor())] as const;
    this.apps = [a, b];
    return { a, b, token: await signIn(a) };
  }

  async stop(): Promise<void> {
    await Promise.all(this.apps.splice(0).map((app) => app.server.close()));
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      await client.query(`drop schema if exists "${this.schema}" cascade`);
    } finally {
      await client.end();
    }
    for (const dir of this.dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  }

  private configFor() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `coverage-${this.name}-`));
    this.dataDirs.push(dataDir);
    return loadConfig({
      DATABASE_URL: this.databaseUrl,
      DATABASE_SCHEMA: this.schema,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      APP_SECRET: 'a-shared-secret-of-at-least-32-characters',
      LOG_LEVEL: 'silent',
    });
  }
}
