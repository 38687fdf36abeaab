import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closedPort } from './support/closedPort.js';
import { createTestApp, type TestApp } from './support/testApp.js';

// ISSUE 10 section 4: a Redis that cannot answer costs a request nothing, and limits still hold
// (counted in each process meanwhile); the address-search limit is configurable.

const VISITOR = { provider_id: 0, lead_type: 'contact_request', name: 'Thandi Mokoena', email: 'thandi@example.com', phone: '021 555 0100' };

interface TcpStub {
  url: string;
  /** Stops moving bytes either way (the connections stay open), as a stalled network or server would. */
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

/** A TCP stub in front of `target` (or of nothing: it accepts and never answers). */
async function tcpStub(target?: { host: string; port: number }): Promise<TcpStub> {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    if (frozen) socket.pause();
  };
  const server = net.createServer((client) => {
    track(client);
    if (!target) return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** Sends `count` leads from one address in a row: each one's status and milliseconds. */
async function leadsInARow(app: TestApp, count: number, remoteAddress = '198.51.100.7'): Promise<{ statuses: number[]; ms: number[] }> {
  const statuses: number[] = [];
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await app.server.inject({ method: 'POST', url: '/api/submit_lead', payload: VISITOR, remoteAddress });
    ms.push(performance.now() - started);
    statuses.push(response.statusCode);
  }
  return { statuses, ms };
}

function summary(ms: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: percentile(sorted, 1) };
}

const round = ({ p50, p95, max }: { p50: number; p95: number; max: number }) => `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`;
/** The latencies in order, rounded: the first lead also pays for the app's first write. */
const inOrder = (ms: number[]) => ms.map((value) => Math.round(value)).join(' ');

const expected = (allowed: number, total: number) => [...Array(allowed).fill(200), ...Array(total - allowed).fill(429)];

describe('rate limits while Redis cannot answer', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function app(env: Record<string, string>): Promise<TestApp> {
    const created = await createTestApp('sqlite', { env: { LEAD_RATE_LIMIT_PER_HOUR: '5', ...env } });
    cleanups.push(() => created.close());
    return created;
  }

  it('answers each lead at once and counts in this process when nothing listens on the Redis port', async () => {
    const server = await app({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    const { statuses, ms } = await leadsInARow(server, 20);
    console.log(`20 leads, Redis port closed: ${round(summary(ms))} [${inOrder(ms)}]`);
    expect(statuses).toEqual(expected(5, 20));
    expect(summary(ms).p95).toBeLessThan(50);
    // Another address has its own count.
    expect((await leadsInARow(server, 1, '203.0.113.9')).statuses).toEqual([200]);
  });

  it('answers each lead at once when Redis accepts connections but never answers', async () => {
    const blackHole = await tcpStub();
    cleanups.push(() => blackHole.close());
    const server = await app({ REDIS_URL: blackHole.url });
    const { statuses, ms } = await leadsInARow(server, 20);
    console.log(`20 leads, Redis never answering: ${round(summary(ms))} [${inOrder(ms)}]`);
    expect(statuses).toEqual(expected(5, 20));
    expect(summary(ms).p95).toBeLessThan(50);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits in Redis (TEST_REDIS_URL)', () => {
  const prefix = `isp-coverage-test:${process.pid}:${Date.now().toString(36)}:`;
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  async function app(env: Record<string, string>): Promise<TestApp> {
    const created = await createTestApp('sqlite', { env: { REDIS_KEY_PREFIX: prefix, GEOCODER_URL: 'none', ...env } });
    cleanups.push(() => created.close());
    return created;
  }

  let probes = 0;
  /** Waits until the app counts in Redis (its connection is up), with searches from an address of its own. */
  async function connected(app: TestApp): Promise<void> {
    const address = `192.0.2.${++probes}`;
    const redis = new Redis(redisUrl!);
    try {
      await vi.waitFor(
        async () => {
          await app.server.inject({ method: 'GET', url: '/api/search_addresses', remoteAddress: address });
          expect(await redis.keys(`${prefix}*-${address}`)).not.toEqual([]);
        },
        { timeout: 5000, interval: 20 },
      );
    } finally {
      await redis.quit();
    }
  }

  it('shares the address-search limit (SEARCH_RATE_LIMIT_PER_MINUTE) between servers, per route', async () => {
    const env = { REDIS_URL: redisUrl!, SEARCH_RATE_LIMIT_PER_MINUTE: '3' };
    const [a, b] = [await app(env), await app(env)];
    await connected(a!);
    await connected(b!);
    const search = (server: TestApp, url = '/api/search_addresses?q=x') => server.server.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });

    expect((await search(a!)).statusCode).toBe(200);
    expect((await search(b!)).statusCode).toBe(200);
    expect((await search(a!)).statusCode).toBe(200);
    const limited = await search(b!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: 'Too many requests. Please try again in 1 minute.' });
    // /api/geocode counts apart from the suggestions (404: nothing matches, but not limited).
    expect((await search(a!, '/api/geocode?address=Nowhere%20Road')).statusCode).toBe(404);
  });

  it('falls back to counting in this process when Redis stalls, without making requests wait, and shares again after', async () => {
    const { hostname, port } = new URL(redisUrl!);
    const stall = await tcpStub({ host: hostname, port: Number(port || 6379) });
    cleanups.push(() => stall.close());
    const server = await app({ REDIS_URL: stall.url, LEAD_RATE_LIMIT_PER_HOUR: '5' });
    await connected(server);

    stall.freeze();
    const { statuses, ms } = await leadsInARow(server, 20);
    console.log(`20 leads, Redis stalled: ${round(summary(ms))} [${inOrder(ms)}]`);
    // The first count waits for the command timeout; the rest do not ask Redis at all.
    expect(ms[0]).toBeLessThan(500);
    expect(summary(ms).p95).toBeLessThan(50);
    expect(statuses).toEqual(expected(5, 20));

    stall.thaw();
    // After the cool-down a probe finds Redis answering: counts are shared again.
    const redis = new Redis(redisUrl!);
    cleanups.push(async () => void (await redis.quit()));
    let n = 0;
    await vi.waitFor(
      async () => {
        const address = `203.0.113.${++n}`;
        await server.server.inject({ method: 'POST', url: '/api/submit_lead', payload: VISITOR, remoteAddress: address });
        expect(await redis.keys(`${prefix}*${address}`)).not.toEqual([]);
      },
      { timeout: 15_000, interval: 200 },
    );
  }, 30_000);
});

describe('SEARCH_RATE_LIMIT_PER_MINUTE', () => {
  let app: TestApp;
  afterEach(() => app.close());

  it('limits address suggestions and geocoding per client address, each route on its own', async () => {
    app = await createTestApp('sqlite', { env: { SEARCH_RATE_LIMIT_PER_MINUTE: '2', GEOCODER_URL: 'none' } });
    const get = (url: string, remoteAddress = '198.51.100.7') => app.server.inject({ method: 'GET', url, remoteAddress });
    expect((await get('/api/search_addresses?q=x')).statusCode).toBe(200);
    expect((await get('/api/search_addresses?q=x')).statusCode).toBe(200);
    const limited = await get('/api/search_addresses?q=x');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await get('/api/search_addresses?q=x', '203.0.113.9')).statusCode).toBe(200);

    expect((await get('/api/geocode?address=Nowhere')).statusCode).toBe(404);
    expect((await get('/api/geocode?address=Nowhere')).statusCode).toBe(404);
    expect((await get('/api/geocode?address=Nowhere')).statusCode).toBe(429);
  });

  it('limits the public wireless feasibility of a point per client address', async () => {
    app = await createTestApp('sqlite', { env: { SEARCH_RATE_LIMIT_PER_MINUTE: '2' } });
    const get = (remoteAddress = '198.51.100.7') => app.server.inject({ method: 'GET', url: '/api/wireless_feasibility?lat=-33.9&lng=18.4', remoteAddress });
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({ success: false, message: expect.stringMatching(/^Too many requests\. Please try again in /) });
    expect((await get('203.0.113.9')).statusCode).toBe(200);
  });
});
