import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { fibreKml, GREEN, ORANGE } from './support/kml.js';
import { type LocalSmtp, type ReceivedMail, startLocalSmtp } from './support/localSmtp.js';
import { multipartBody } from './support/multipart.js';
import { ADMIN, databaseKinds, type DatabaseKind } from './support/testApp.js';

const root = path.resolve(import.meta.dirname, '..');
const PUBLIC_URL = 'https://map.example';
const SECRET = 'a-shared-secret-of-at-least-32-characters';
/** Inside the fibre KML's green square (in progress until its mapping says live). */
const IN_GREEN = { lat: -33.92, lng: 18.7 };
const ENTRIES = 30;

const mappings = (green: 'in_progress' | 'live') =>
  JSON.stringify([
    { color: ORANGE.hex, status: 'live', description: '' },
    { color: GREEN.hex, status: green, description: '' },
  ]);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The API of a server over HTTP, signed in. */
function httpClient(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    json: (method: string, url: string, body?: object) =>
      fetch(`${base}${url}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
        redirect: 'manual',
      }),
    form: (url: string, form: { payload: Buffer; headers: Record<string, string> }) =>
      fetch(`${base}${url}`, { method: 'POST', headers: { ...headers, ...form.headers }, body: new Uint8Array(form.payload) }),
    /** A waitlist link's button: its POST (a GET only shows the page). */
    press: (url: string) => fetch(`${base}${url}`, { method: 'POST' }),
  };
}

async function signInOver(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

function confirmLinkIn(mail: ReceivedMail): string {
  return /https:\/\/map\.example(\/api\/waitlist\/confirm\?token=[A-Za-z0-9_%-]+)/.exec(mail.parsed.text ?? '')![1]!;
}

const liveMails = (smtp: LocalSmtp) => smtp.received.filter((mail) => mail.parsed.subject?.startsWith('Now available'));

/** Message-IDs received more than once (a mail sent again), checking each is an outbox row's. */
function repeatedMessageIds(mails: readonly ReceivedMail[]): string[] {
  const seen = new Set<string>();
  return mails
    .map((mail) => mail.parsed.messageId ?? '')
    .filter((id) => {
      expect(id).toMatch(/^<outbox-\d+\.[0-9a-f]{16}@map\.example>$/);
      return seen.has(id) ? true : (seen.add(id), false);
    });
}

/** Recipients named more than once. */
function duplicates(mails: readonly ReceivedMail[]): string[] {
  const seen = new Set<string>();
  return mails.flatMap((mail) => mail.to).filter((to) => (seen.has(to) ? true : (seen.add(to), false)));
}

describe.each(databaseKinds())('waitlist e-mails survive kill -9 (%s)', (kind: DatabaseKind) => {
  const schema = `wlcrash_${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-crash-'));
  let child: ChildProcess | null = null;
  let smtp: LocalSmtp;

  afterEach(async () => {
    child?.kill('SIGKILL');
    await smtp?.close();
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The server from the sources in a process of its own; resolves once it answers. */
  async function startServer(port: number): Promise<string> {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
    for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'TERRAIN_DIR', 'TERRAIN_TILES_URL', 'REDIS_URL']) delete env[name];
    Object.assign(env, {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      APP_SECRET: SECRET,
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      OUTBOX_POLL_MS: '50',
      TRUST_PROXY: '1',
      ...(kind === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    });
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: 'ignore' });
    const base = `http://127.0.0.1:${port}`;
    await vi.waitFor(
      async () => {
        const response = await fetch(`${base}/api/health`);
        expect(response.status).toBe(200);
      },
      { timeout: 60_000, interval: 100 },
    );
    return base;
  }

  it('after a restart every due "now available" e-mail arrives, each entry once', { timeout: 180_000 }, async () => {
    smtp = await startLocalSmtp();
    const port = await freePort();
    let base = await startServer(port);
    let api = httpClient(base, await signInOver(base));

    const provider = await api.form('/api/providers', multipartBody({ active: 'true', name: 'FibreCo', signup_url: 'https://fibre.example/join' }));
    const providerId = ((await provider.json()) as { data: { id: number } }).data.id;
    const layerForm = multipartBody(
      { name: 'Fibre', provider_id: String(providerId), services: 'Fiber', color_mappings: mappings('in_progress') },
      { field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) },
    );
    const layerId = ((await (await api.form('/api/coverage_layers', layerForm)).json()) as { data: { id: number } }).data.id;

    // Confirmation e-mails of every entry (the rate limit allows 10 an hour per address: each from its own).
    for (let i = 0; i < ENTRIES; i += 1) {
      const response = await fetch(`${base}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i + 1}` },
        body: JSON.stringify({ ...IN_GREEN, address: `${i} Dorp St`, email: `person${i}@example.com`, consent: true }),
      });
      expect(response.status, await response.text()).toBe(200);
    }
    await vi.waitFor(() => expect(smtp.received).toHaveLength(ENTRIES), { timeout: 20_000 });
    const links = smtp.received.map(confirmLinkIn);

    // Half confirmed first; then the layer goes live while the other half confirm; then kill -9.
    for (const link of links.slice(0, ENTRIES / 2)) expect((await api.press(link)).status).toBe(200);
    const writes = [
      api.json('PUT', `/api/coverage_layers/${layerId}`, { color_mappings: mappings('live') }),
      ...links.slice(ENTRIES / 2).map((link) => api.press(link)),
    ];
    const answers = await Promise.allSettled(writes);
    child!.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = null;
    const layerPut = answers[0]!;
    expect(layerPut.status === 'fulfilled' && layerPut.value.status).toBe(200);

    base = await startServer(port);
    api = httpClient(base, await signInOver(base));
    // Every confirmed entry (an answered confirmation is one) gets its mail once.
    const acknowledged = answers.slice(1).filter((answer) => answer.status === 'fulfilled' && answer.value.status === 200).length + ENTRIES / 2;
    const entries = (await (await api.json('GET', '/api/waitlist?status=confirmed&page_size=200')).json()) as { data: { total: number } };
    expect(entries.data.total).toBeGreaterThanOrEqual(acknowledged);
    await vi.waitFor(() => expect(liveMails(smtp)).toHaveLength(entries.data.total), { timeout: 30_000 });
    const outbox = (await (await api.json('GET', '/api/waitlist/summary')).json()) as { data: { notified: number }[] };
    expect(outbox.data[0]!.notified).toBe(entries.data.total);
    expect(duplicates(liveMails(smtp))).toEqual([]);
    expect(repeatedMessageIds(smtp.received)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL', () => {
  const schema = `wltwo_${randomBytes(4).toString('hex')}`;
  const apps: App[] = [];
  let smtp: LocalSmtp;
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.server.close()));
    await smtp?.close();
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('never send the same e-mail twice', { timeout: 120_000 }, async () => {
    smtp = await startLocalSmtp();
    const config = loadConfig({
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-two-')),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      APP_SECRET: SECRET,
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      OUTBOX_POLL_MS: '50',
      LOG_LEVEL: 'silent',
    });
    apps.push(await buildApp(config), await buildApp(config));
    const [a, b] = apps as [App, App];
    const login = await a.server.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const provider = multipartBody({ active: 'true', name: 'FibreCo' });
    const providerId = (
      await a.server.inject({ method: 'POST', url: '/api/providers', payload: provider.payload, headers: { ...headers, ...provider.headers } })
    ).json().data.id;
    const layerForm = multipartBody(
      { name: 'Fibre', provider_id: String(providerId), services: 'Fiber', color_mappings: mappings('in_progress') },
      { field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) },
    );
    const layerId = (
      await a.server.inject({ method: 'POST', url: '/api/coverage_layers', payload: layerForm.payload, headers: { ...headers, ...layerForm.headers } })
    ).json().data.id;

    // Sign-ups on both servers; each confirmation mail once.
    for (let i = 0; i < ENTRIES; i += 1) {
      const server = i % 2 === 0 ? a : b;
      const payload = { ...IN_GREEN, address: `${i} Dorp St`, email: `person${i}@example.com`, consent: true };
      expect((await server.server.inject({ method: 'POST', url: '/api/waitlist', payload, remoteAddress: `10.0.0.${i + 1}` })).statusCode).toBe(200);
    }
    await vi.waitFor(() => expect(smtp.received).toHaveLength(ENTRIES), { timeout: 20_000 });
    await Promise.all(smtp.received.map((mail, i) => (i % 2 === 0 ? b : a).server.inject({ method: 'POST', url: confirmLinkIn(mail) })));

    // The layer goes live: both servers rebuild and match; each entry is told once.
    await a.server.inject({ method: 'PUT', url: `/api/coverage_layers/${layerId}`, payload: { color_mappings: mappings('live') }, headers });
    await Promise.all([a.coverage.refresh(), b.coverage.refresh()]);
    await Promise.all([a.waitlistMatcher.idle(), b.waitlistMatcher.idle()]);
    // Both matchers again, as a later revision would run them.
    a.waitlistMatcher.request();
    b.waitlistMatcher.request();
    await Promise.all([a.waitlistMatcher.idle(), b.waitlistMatcher.idle()]);
    await vi.waitFor(
      async () => {
        const pending = await a.db.kysely.selectFrom('mail_outbox').select('id').where('status', '!=', 'sent').execute();
        expect(pending).toEqual([]);
      },
      { timeout: 30_000 },
    );
    expect(liveMails(smtp)).toHaveLength(ENTRIES);
    expect(smtp.received).toHaveLength(2 * ENTRIES);
    expect(duplicates(smtp.received.filter((mail) => mail.parsed.subject?.startsWith('Please confirm')))).toEqual([]);
    expect(duplicates(liveMails(smtp))).toEqual([]);
    expect(repeatedMessageIds(smtp.received)).toEqual([]);
  });
});
