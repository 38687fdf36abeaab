/**
 * Issue 16, item 3: crafted terrain archives sent to the compiled server, each as the only work of
 * the moment, with for each: the answer and how long it took, the server's peak RSS while it was
 * processed (VmRSS sampled every 5 ms, and VmHWM, the kernel's own peak, reset before each upload
 * through /proc/PID/clear_refs), its RSS once answered, and the latency of GET /api/health asked
 * every 20 ms meanwhile. A normal 1-arc-second tile is sent last, for the cost of real work.
 *
 * BENCH_SERVER_ROOT=/other/checkout runs that checkout's dist/server (built there beforehand)
 * instead of building this one's, to compare builds.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { hgtBytes } from '../src/geo/elevation/testing/hgtBytes.js';
import { lyingGzip, lyingZip, overlappingZip } from '../src/server/terrain/testing/craftedArchives.js';
import { buildServer, rssMb, RssPeak, type ServerProcess, startServer } from './serverProcess.js';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
/** The largest tile, 1 arc-second: 3601² samples of 2 bytes. */
const ONE_ARC_SECOND_BYTES = 3601 * 3601 * 2;
const THREE_ARC_SECOND_BYTES = 1201 * 1201 * 2;
/** An upload not answered within this long is reported as such. */
const UPLOAD_TIMEOUT_MS = 180_000;
/** A health check not answered within this long counts as timed out. */
const HEALTH_TIMEOUT_MS = 5_000;

interface Archive {
  label: string;
  fileName: string;
  bytes: () => Uint8Array;
}

const tileNames = (count: number) =>
  Array.from({ length: count }, (_, i) => `N${String(i % 90).padStart(2, '0')}E${String(Math.floor(i / 90)).padStart(3, '0')}.hgt`);

const ARCHIVES: Archive[] = [
  { label: '40 entries over one 1" tile', fileName: 'N00E000.hgt.zip', bytes: () => overlappingZip(tileNames(40), ONE_ARC_SECOND_BYTES) },
  { label: '150 entries over one 1" tile', fileName: 'N00E000.hgt.zip', bytes: () => overlappingZip(tileNames(150), ONE_ARC_SECOND_BYTES) },
  { label: 'zip says 1" tile, inflates 4 GiB', fileName: 'S34E018.hgt.zip', bytes: () => lyingZip('S34E018.hgt', ONE_ARC_SECOND_BYTES, 4 * GiB) },
  {
    label: '.zip inside .zip',
    fileName: 'S34E018.hgt.zip',
    bytes: () => zipSync({ 'S34E018.hgt.zip': zipSync({ 'S34E018.hgt': hgtBytes(1201, () => 100) }) }),
  },
  { label: '.gz inside .zip', fileName: 'S34E018.hgt.zip', bytes: () => zipSync({ 'S34E018.hgt.gz': lyingGzip(ONE_ARC_SECOND_BYTES, ONE_ARC_SECOND_BYTES) }) },
  { label: '.gz of 1" tile + 2 bytes', fileName: 'S34E018.hgt.gz', bytes: () => lyingGzip(ONE_ARC_SECOND_BYTES + 2, ONE_ARC_SECOND_BYTES + 2) },
  { label: '.gz says 3" tile, inflates 4 GiB', fileName: 'S34E018.hgt.gz', bytes: () => lyingGzip(THREE_ARC_SECOND_BYTES, 4 * GiB) },
  {
    label: 'valid 1" tile (.hgt.zip)',
    fileName: 'S34E018.hgt.zip',
    bytes: () => zipSync({ 'S34E018.hgt': hgtBytes(3601, (row, col) => 100 + ((row * 7 + col * 13) % 50)) }),
  },
];

/** The kernel's peak RSS of a process (VmHWM), MB. */
function hwmMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

/** GET /api/health every 20 ms until `done()`; latencies in ms, a timeout counted as HEALTH_TIMEOUT_MS. */
async function healthWhile(base: string, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + UPLOAD_TIMEOUT_MS;
  while (!done() && performance.now() < until) {
    const started = performance.now();
    await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) }).then(
      (response) => response.arrayBuffer(),
      () => undefined,
    );
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

async function send(server: ServerProcess, archive: Archive): Promise<void> {
  const bytes = archive.bytes();
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), archive.fileName);
  writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  const before = rssMb(server.pid);
  const peak = new RssPeak(server.pid);
  let answered = false;
  const started = performance.now();
  const upload = fetch(`${server.base}/api/terrain/tiles`, { method: 'POST', body: form, headers: server.auth, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) })
    .then(async (response) => ({ status: response.status, message: ((await response.json()) as { message?: string }).message ?? '' }))
    .catch((error: unknown) => ({ status: 0, message: error instanceof Error ? error.message : String(error) }))
    .finally(() => {
      answered = true;
    });
  const [result, health] = await Promise.all([upload, healthWhile(server.base, () => answered)]);
  const seconds = (performance.now() - started) / 1000;
  const peakMb = peak.stop();
  health.sort((a, b) => a - b);
  const p50 = health[Math.floor(health.length / 2)] ?? 0;
  const max = health.at(-1) ?? 0;
  console.log(
    `${archive.label.padEnd(34)} ${`${(bytes.length / 1024).toFixed(0)} KB`.padStart(9)}  ${String(result.status).padStart(3)} in ${seconds.toFixed(2).padStart(6)} s  ` +
      `RSS ${before.toFixed(0).padStart(4)} -> peak ${peakMb.toFixed(0).padStart(4)} MB (VmHWM ${hwmMb(server.pid).toFixed(0).padStart(4)}), after ${rssMb(server.pid).toFixed(0).padStart(4)} MB  ` +
      `health ${health.length} x, p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms`,
  );
  console.log(`${''.padEnd(34)} ${result.message}`);
}

export async function run(): Promise<void> {
  const root = process.env.BENCH_SERVER_ROOT;
  console.log(`\n== Terrain uploads: crafted archives against the compiled server${root ? ` of ${root}` : ''} ==`);
  if (!root) buildServer();
  const server = await startServer({ LOG_LEVEL: 'warn' }, root);
  try {
    console.log(`server pid ${server.pid}, idle RSS ${rssMb(server.pid).toFixed(0)} MB`);
    for (const archive of ARCHIVES) await send(server, archive);
  } finally {
    await server.stop();
  }
}
