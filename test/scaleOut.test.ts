import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { ADMIN, bearer, signIn } from './support/testApp.js';

const url = process.env.TEST_DATABASE_URL;

// DESIGN.md section 1: several stateless API processes on one PostgreSQL.
describe.skipIf(!url)('several servers on one PostgreSQL', () => {
  const schema = `scale_${randomBytes(4).toString('hex')}`;
  const apps: App[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.server.close()));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('start together on an empty database (one migration, one first admin) and share sessions', async () => {
    const config = loadConfig({
      DATABASE_URL: url,
      DATABASE_SCHEMA: schema,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      APP_SECRET: 'a-shared-secret-of-at-least-32-characters',
      LOG_LEVEL: 'silent',
    });
    apps.push(...(await Promise.all([buildApp(config), buildApp(config), buildApp(config)])));
    const [a, b, c] = apps as [App, App, App];

    expect(await a.db.kysely.selectFrom('admin_users').select('username').execute()).toEqual([{ username: 'admin' }]);
    const token = await signIn(a);
    expect((await b.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(200);
    await b.server.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect((await c.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(401);
  });
});
