import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/server/app.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

/** The sources of a response's CSP frame-ancestors directive. */
function frameAncestors(headers: Record<string, unknown>): string {
  return /frame-ancestors ([^;]*)/.exec(String(headers['content-security-policy']))?.[1] ?? '(none)';
}

describe.each(databaseKinds())('embed settings on %s', (kind) => {
  let webRoot: string;
  let app: TestApp;
  let clock: ManualClock;
  let token: string;

  beforeAll(() => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>app shell</title>');
  });
  afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));
  beforeEach(async () => {
    clock = new ManualClock();
    app = await createTestApp(kind, { deps: { clock, webRoot } });
    token = await signIn(app);
  });
  afterEach(() => app.close());

  const page = (url: string, on: App = app) => on.server.inject({ method: 'GET', url });
  const save = (allowed_domains: string[], headers = bearer(token)) =>
    app.server.inject({ method: 'PUT', url: '/api/settings/embed', payload: { allowed_domains }, headers });

  it('lets any site frame /embed and /widget by default, and no site frame the admin pages', async () => {
    expect((await app.server.inject({ method: 'GET', url: '/api/settings/embed', headers: bearer(token) })).json()).toEqual({
      success: true,
      data: { allowed_domains: [] },
    });
    for (const url of ['/embed?zoom=12&theme=dark', '/widget']) {
      const response = await page(url);
      expect(frameAncestors(response.headers), url).toBe('*');
      expect(response.headers['x-frame-options'], url).toBeUndefined();
    }
    expect(frameAncestors((await page('/admin/settings')).headers)).toBe("'none'");
  });

  it('limits framing of /embed and /widget to this site and the saved domains, never the admin pages', async () => {
    const saved = await save(['isp.example.com', 'https://Partner.example.org:8443', '*.example.net', 'ISP.example.com']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      message: 'Embed settings saved',
      data: { allowed_domains: ['isp.example.com', 'https://partner.example.org:8443', '*.example.net'] },
    });

    const expected = "'self' http://isp.example.com https://isp.example.com https://partner.example.org:8443 http://*.example.net https://*.example.net";
    for (const url of ['/embed?search=false', '/widget']) {
      const response = await page(url);
      expect(frameAncestors(response.headers), url).toBe(expected);
      expect(response.headers['x-frame-options'], url).toBeUndefined();
    }
    for (const url of ['/admin/settings', '/admin/login', '/map', '/api/health']) {
      const response = await page(url);
      expect(frameAncestors(response.headers), url).toBe("'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }

    expect((await save([])).json().data).toEqual({ allowed_domains: [] });
    expect(frameAncestors((await page('/embed')).headers)).toBe('*');
  });

  it('keeps the setting across a restart', async () => {
    await save(['isp.example.com']);
    await app.restart();
    expect(frameAncestors((await page('/embed')).headers)).toBe("'self' http://isp.example.com https://isp.example.com");
  });

  it('reaches another server on the same database within 10 seconds', async () => {
    const otherClock = new ManualClock();
    const other = await buildApp(app.config, { clock: otherClock, webRoot });
    try {
      expect(frameAncestors((await page('/embed', other)).headers)).toBe('*');
      await save(['isp.example.com']);
      otherClock.advance(9_000);
      expect(frameAncestors((await page('/embed', other)).headers)).toBe('*');
      otherClock.advance(1_000);
      expect(frameAncestors((await page('/embed', other)).headers)).toBe("'self' http://isp.example.com https://isp.example.com");
    } finally {
      await other.server.close();
    }
  });

  it('refuses what is not a domain, with the contract message', async () => {
    for (const bad of ['not a domain', 'https://isp.example.com/path', "isp.example.com; script-src 'unsafe-inline'", 'ftp://isp.example.com']) {
      const response = await save([bad]);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json(), bad).toMatchObject({ success: false, message: 'Each domain must look like example.com, *.example.com or https://example.com' });
    }
    const tooMany = await save(Array.from({ length: 51 }, (_, i) => `site${i}.example.com`));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('At most 50 domains');
    expect(frameAncestors((await page('/embed')).headers)).toBe('*');
  });

  it('requires an admin token to read or change the setting', async () => {
    expect((await app.server.inject({ method: 'GET', url: '/api/settings/embed' })).statusCode).toBe(401);
    expect((await save(['isp.example.com'], {})).statusCode).toBe(401);
    expect(frameAncestors((await page('/embed')).headers)).toBe('*');
  });
});
