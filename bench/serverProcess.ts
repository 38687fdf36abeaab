/**
 * The compiled server (dist/server, as `npm start` runs it) as a process of its own, for benchmarks
 * that measure what the server does with its whole memory: RSS read from /proc while real HTTP
 * requests run. The benchmark's own process (the HTTP client, the KML it sends) is not counted.
 */
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SERVER_NODE_FLAGS, serverEnv } from '../scripts/server-options.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'bench-password-1';

/** Builds dist/server from the sources (tsc), as npm start does when the build is stale. */
export function buildServer(): void {
  const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the server for the benchmark failed');
}

/** A process's resident memory now (VmRSS), MB. */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

/** The highest RSS of a process over a stretch of time, sampled every few milliseconds. */
export class RssPeak {
  private peak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.peak = rssMb(pid);
    this.timer = setInterval(() => {
      try {
        this.peak = Math.max(this.peak, rssMb(this.pid));
      } catch {
        // The process has exited: keep the last reading.
      }
    }, 5);
  }

  stop(): number {
    clearInterval(this.timer);
    this.peak = Math.max(this.peak, rssMb(this.pid));
    return this.peak;
  }
}

export interface ServerProcess {
  base: string;
  pid: number;
  /** Bearer authorization header of the signed-in admin. */
  auth: { authorization: string };
  /** The server's JSON log lines so far (LOG_LEVEL info). */
  logs: { msg?: string; [key: string]: unknown }[];
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the compiled server on a fresh data folder, as npm start does (--expose-gc), and signs in.
 * `root` is the project whose dist/server runs (another checkout, to compare builds).
 */
export async function startServer(env: Record<string, string> = {}, root = ROOT): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-server-'));
  const port = await freePort();
  const child: ChildProcessByStdio<null, Readable, null> = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'dist/server/server/main.js')], {
    cwd: root,
    env: serverEnv({ ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const logs: ServerProcess['logs'] = [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as ServerProcess['logs'][number]);
      } catch {
        // Not a log line (the first-admin banner): ignore.
      }
    }
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 200) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    return { base, pid: child.pid as number, auth: { authorization: `Bearer ${token}` }, logs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function createProvider(server: ServerProcess, name: string): Promise<number> {
  const form = new FormData();
  form.set('name', name);
  const response = await fetch(`${server.base}/api/providers`, { method: 'POST', body: form, headers: server.auth });
  if (!response.ok) throw new Error(`creating a provider failed: ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Uploads a KML as a new layer through POST /api/coverage_layers; resolves when the server answers (parsed, stored, indexed). */
export async function uploadLayer(
  server: ServerProcess,
  providerId: number,
  name: string,
  filename: string,
  kml: Uint8Array,
): Promise<{ seconds: number; featureCount: number }> {
  const form = new FormData();
  form.set('name', name);
  form.set('provider_id', String(providerId));
  form.set('services', 'Fiber');
  form.set('kml_file', new Blob([kml as Uint8Array<ArrayBuffer>], { type: 'application/vnd.google-earth.kml+xml' }), filename);
  const started = performance.now();
  const response = await fetch(`${server.base}/api/coverage_layers`, { method: 'POST', body: form, headers: server.auth });
  const body = await response.text();
  const seconds = (performance.now() - started) / 1000;
  if (!response.ok) throw new Error(`upload of ${filename} failed: ${response.status} ${body}`);
  return { seconds, featureCount: (JSON.parse(body) as { data: { feature_count: number } }).data.feature_count };
}

/** The figures of the latest 'coverage index built' log line that indexed a layer (a later pass that only reused them says nothing of the upload). */
export function lastIndexBuild(server: ServerProcess): { ms: number; reindexed: number } | null {
  const line = server.logs.findLast((l) => l.msg === 'coverage index built' && Number(l.reindexed) > 0);
  return line ? { ms: Number(line.ms), reindexed: Number(line.reindexed) } : null;
}

export interface CheckLatencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers other than 200. */
  failed: number;
  /** Checks not answered within the client's timeout. */
  timedOut: number;
}

/**
 * Visitors checking a point one request after another, `clients` at a time, until `done()` is
 * true; each check waits at most `timeoutMs`. Latencies in milliseconds.
 */
export async function checkWhile(
  base: string,
  point: { lat: number; lng: number },
  done: () => boolean,
  clients = 2,
  timeoutMs = 5000,
): Promise<CheckLatencies> {
  const ms: number[] = [];
  let failed = 0;
  let timedOut = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!done()) {
        const started = performance.now();
        try {
          const response = await fetch(`${base}/api/check_coverage?lat=${point.lat}&lng=${point.lng}`, { signal: AbortSignal.timeout(timeoutMs) });
          await response.arrayBuffer();
          if (response.status !== 200) failed++;
          ms.push(performance.now() - started);
        } catch {
          timedOut++;
        }
      }
    }),
  );
  ms.sort((a, b) => a - b);
  const at = (fraction: number) => ms[Math.min(ms.length - 1, Math.floor(fraction * ms.length))] ?? 0;
  return { count: ms.length, p50: at(0.5), p99: at(0.99), max: at(1), failed, timedOut };
}

/**
 * Environment for startServer that preloads bench/eventLoopProbe.cjs into the server: then
 * eventLoopDelay() reads the longest stall of its event loop.
 */
export const EVENT_LOOP_PROBE_ENV = { NODE_OPTIONS: `--require ${path.join(ROOT, 'bench/eventLoopProbe.cjs')}` };

/** The server's main thread's process.memoryUsage(), MB: its V8 heap, and memory outside it that JavaScript objects hold. */
export interface MainThreadMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/**
 * How late the server's event loop ran since the previous call (or since it started): its longest
 * single stall and the 99th percentile, ms. The server must run with EVENT_LOOP_PROBE_ENV.
 */
export async function eventLoopDelay(
  server: ServerProcess,
): Promise<{ maxMs: number; p99Ms: number; memory: MainThreadMemory; workerHeapsMb: { threadId: number; heapMb: number }[] }> {
  const before = server.logs.length;
  process.kill(server.pid, 'SIGUSR2');
  for (let waited = 0; waited < 5000; waited += 10) {
    const line = server.logs.slice(before).find((l) => l.msg === 'event loop delay');
    if (line)
      return {
        maxMs: Number(line.maxMs),
        p99Ms: Number(line.p99Ms),
        memory: line.memory as MainThreadMemory,
        workerHeapsMb: line.workerHeapsMb as { threadId: number; heapMb: number }[],
      };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the server did not report its event loop delay: was it started with EVENT_LOOP_PROBE_ENV?');
}

/** Checks sent by checkEvery stop after this long even when stop() is never called, ms. */
const CHECK_EVERY_MAX_MS = 10 * 60 * 1000;

/**
 * A visitor's check sent every `intervalMs` (each without waiting for the one before) from when
 * this resolves until stop() is called; stop() resolves with their latencies once all have
 * answered (at most `timeoutMs` each). The checks go out from a worker thread, so that what this
 * thread does meanwhile (sending a large upload) does not delay them or their timing; one check
 * first, not counted, readies its HTTP client (the first fetch of a thread takes 100 ms or more).
 */
export async function checkEvery(
  base: string,
  point: { lat: number; lng: number },
  intervalMs = 100,
  timeoutMs = 5000,
): Promise<{ stop(): Promise<CheckLatencies> }> {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const ms = [];
    const sent = [];
    let failed = 0;
    let timedOut = 0;
    let stopped = false;
    parentPort.once('message', () => (stopped = true));
    (async () => {
      await fetch(workerData.url).then((response) => response.arrayBuffer());
      parentPort.postMessage('ready');
      const begun = performance.now();
      while (!stopped && performance.now() - begun < workerData.maxMs) {
        const started = performance.now();
        sent.push(
          fetch(workerData.url, { signal: AbortSignal.timeout(workerData.timeoutMs) }).then(
            async (response) => {
              await response.arrayBuffer();
              if (response.status !== 200) failed++;
              ms.push(performance.now() - started);
            },
            () => timedOut++,
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, workerData.intervalMs));
      }
      await Promise.all(sent);
      parentPort.postMessage({ ms, failed, timedOut });
    })();
    `,
    { eval: true, workerData: { url: `${base}/api/check_coverage?lat=${point.lat}&lng=${point.lng}`, intervalMs, timeoutMs, maxMs: CHECK_EVERY_MAX_MS } },
  );
  // A benchmark that failed before stop() must still be able to exit.
  worker.unref();
  // once() rejects on the worker's 'error'; the answer to stop() comes only after it is asked for.
  await once(worker, 'message');
  return {
    stop: async () => {
      worker.postMessage('stop');
      const [{ ms, failed, timedOut }] = (await once(worker, 'message')) as [{ ms: number[]; failed: number; timedOut: number }];
      await worker.terminate();
      ms.sort((a, b) => a - b);
      const at = (fraction: number) => ms[Math.min(ms.length - 1, Math.floor(fraction * ms.length))] ?? 0;
      return { count: ms.length, p50: at(0.5), p99: at(0.99), max: at(1), failed, timedOut };
    },
  };
}

/** A KML document with one placemark per packed ring ([lng, lat, …] degrees), coordinates with 6 decimals. */
export function ringsKml(rings: { name: string; ring: Float64Array }[]): Buffer {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>bench</name>'];
  for (const { name, ring } of rings) {
    const tuples = new Array<string>(ring.length / 2);
    for (let k = 0; k < tuples.length; k++) tuples[k] = `${(ring[2 * k] as number).toFixed(6)},${(ring[2 * k + 1] as number).toFixed(6)}`;
    parts.push(
      `<Placemark><name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${tuples.join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`,
    );
  }
  parts.push('</Document></kml>');
  return Buffer.from(parts.join('\n'));
}
