import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, databaseKinds, signIn, type TestApp } from './support/testApp.js';

describe.each(databaseKinds())('server basics on %s', (kind) => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('reports health with the database in use', async () => {
    app = await createTestApp(kind);
    const response = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok', database: 'ok', dialect: kind } });
  });

  it('still answers health when the database is gone, and says so', async () => {
    app = await createTestApp(kind);
    await app.db.close();
    const started = performance.now();
    const response = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'degraded', database: 'unreachable', dialect: kind } });
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    app = await createTestApp(kind);
    const response = await app.server.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Not found: GET /api/nope' });
  });

  it('refuses a JSON body over 1 MiB with 413', async () => {
    app = await createTestApp(kind);
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'Request body is too large' });
  });

  it('answers malformed JSON with 400', async () => {
    app = await createTestApp(kind);
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('serves the OpenAPI document listing the auth routes', async () => {
    app = await createTestApp(kind);
    const response = await app.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/verify', '/api/auth/change-password', '/api/health']),
    );
    const ui = await app.server.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('sends security headers and forbids framing', async () => {
    app = await createTestApp(kind);
    const response = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain('https://a.basemaps.cartocdn.com');
  });

  it('gives the browser its basemap settings', async () => {
    app = await createTestApp(kind, { env: { BASEMAP_TILES_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' } });
    const response = await app.server.inject({ method: 'GET', url: '/api/config' });
    expect(response.json().data.basemap.tiles).toEqual(['https://tiles.example.org/{z}/{x}/{y}.png']);
  });

  it('serves the web app for client-side routes and its assets, never for /api', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>app shell</title>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-1234.js.gz'), gzipSync('console.log(1)'));
    app = await createTestApp(kind, { deps: { webRoot } });

    const deep = await app.server.inject({ method: 'GET', url: '/admin/settings' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('app shell');
    expect(deep.headers['cache-control']).toBe('no-cache');

    const asset = await app.server.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('console.log(1)');
    const compressed = await app.server.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString()).toBe('console.log(1)');

    expect((await app.server.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404);
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends the public map and /embed as the build rendered them ahead of time, and index.html for the other pages', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>app shell</title>');
    fs.writeFileSync(path.join(webRoot, 'map.html'), '<!doctype html><h1>the map, rendered</h1>');
    fs.writeFileSync(path.join(webRoot, 'embed.html'), '<!doctype html><h1>the embed, rendered</h1>');
    const served = await createTestApp(kind, { deps: { webRoot } });
    app = served;
    const bodyOf = async (url: string) => (await served.server.inject({ method: 'GET', url })).body;

    for (const url of ['/', '/map', '/map/', '/?utm_source=x']) expect(await bodyOf(url)).toContain('the map, rendered');
    for (const url of ['/embed', '/embed/', '/embed?theme=dark']) expect(await bodyOf(url)).toContain('the embed, rendered');
    for (const url of ['/admin', '/widget', '/admin/login', '/mapping']) expect(await bodyOf(url)).toContain('app shell');
    const embed = await served.server.inject({ method: 'GET', url: '/embed/' });
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['cache-control']).toBe('no-cache');
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('lets only /embed and /widget be framed', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>app shell</title>');
    app = await createTestApp(kind, { deps: { webRoot } });
    const deep = await app.server.inject({ method: 'GET', url: '/admin/settings' });

    for (const framed of ['/embed?zoom=12', '/widget']) {
      const page = await app.server.inject({ method: 'GET', url: framed });
      expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(page.headers['x-frame-options']).toBeUndefined();
    }
    expect(deep.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(deep.headers['x-frame-options']).toBe('DENY');
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('keeps the first admin and its changed password across a restart, ignoring ADMIN_PASSWORD then', async () => {
    app = await createTestApp(kind);
    const token = await signIn(app);
    await app.server.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: ADMIN.password, newPassword: 'Chang3d-Passw0rd' },
    });
    await app.restart();
    expect(await app.db.kysely.selectFrom('admin_users').select('username').execute()).toEqual([{ username: 'admin' }]);
    expect(await signIn(app, { username: 'admin', password: 'Chang3d-Passw0rd' })).toBeTruthy();
    // The session made before the restart still verifies: sessions live in the database.
    expect((await app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('first start without ADMIN_PASSWORD', () => {
  it('creates admin with a random password announced once, which then signs in', async () => {
    const announced: { username: string; password: string }[] = [];
    const app = await createTestApp('sqlite', {
      env: { ADMIN_PASSWORD: '' },
      deps: { announceGeneratedPassword: (username, password) => announced.push({ username, password }) },
    });
    try {
      expect(announced).toHaveLength(1);
      expect(announced[0]!.username).toBe('admin');
      expect(announced[0]!.password.length).toBeGreaterThanOrEqual(20);
      expect(await signIn(app, announced[0]!)).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});
