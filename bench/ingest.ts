/**
 * Ingest benchmark (issue 3, Performance): reading the benchmark KML into a queryable coverage
 * index (parse + styles + index build) against `ogr2ogr -f GeoJSON out.geojson in.kml` on the same
 * file in the same run. Each runs as a child process; wall time is measured from spawn to exit,
 * peak RSS by /usr/bin/time (or, without it, by the process itself and by polling /proc).
 *
 * Our child runs TypeScript through tsx, which adds about 40 MB and 0.3 s that the compiled server
 * does not pay: the comparison is, if anything, unfair to us.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchContext } from './benchContext.js';
import type { IngestReport } from './ingestWorker.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const GNU_TIME = '/usr/bin/time';

interface Measured {
  wallSeconds: number;
  peakMb: number;
  stdout: string;
}

export async function run(context: BenchContext): Promise<void> {
  const kml = context.coverageKml;
  console.log(`\n== Ingest: ${relative(process.cwd(), kml)} (${(statSync(kml).size / 1e6).toFixed(1)} MB) ==`);

  const ours = await measure(process.execPath, ['--import', 'tsx', join(HERE, 'ingestWorker.ts'), kml]);
  const oursReport = JSON.parse(lastLine(ours.stdout)) as IngestReport;
  buildServer();
  const server = await measure(process.execPath, [join(HERE, 'ingestServerPath.mjs'), kml]);
  const serverReport = JSON.parse(lastLine(server.stdout)) as IngestReport;

  console.log('                                                   wall s   peak MB');
  printRow('ingest: parse + styles + index (packed rings)', ours, oursReport);
  printRow('server upload path (compiled, worker thread)', server, serverReport);

  if (!hasOgr2ogr()) {
    console.log('NOTICE: ogr2ogr not found (Debian package gdal-bin): comparison skipped.');
    return;
  }
  const outDir = mkdtempSync(join(tmpdir(), 'ingest-bench-'));
  try {
    const ogr = await measure('ogr2ogr', ['-f', 'GeoJSON', join(outDir, 'out.geojson'), kml]);
    printRow('ogr2ogr -f GeoJSON out.geojson in.kml', ogr);
    printVerdict('ingest', ours, ogr);
    printVerdict('server path', server, ogr);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function printRow(label: string, measured: Measured, report?: IngestReport): void {
  const phases = report
    ? `   (${report.entries} features; in process: parse ${(report.parseMs / 1000).toFixed(2)} s, index ${(report.indexMs / 1000).toFixed(2)} s)`
    : '';
  console.log(`  ${label.padEnd(50)}${measured.wallSeconds.toFixed(2).padStart(6)}  ${measured.peakMb.toFixed(1).padStart(8)}${phases}`);
}

function printVerdict(label: string, ours: Measured, ogr: Measured): void {
  const wall = ours.wallSeconds / ogr.wallSeconds;
  const peak = ours.peakMb / ogr.peakMb;
  const verdict = wall < 1 && peak < 1 ? 'PASS: below ogr2ogr in both' : 'FAIL: not below ogr2ogr in both';
  console.log(`  ${label} / ogr2ogr: wall ${wall.toFixed(2)}x, peak RSS ${peak.toFixed(2)}x  -> ${verdict}`);
}

/** The server upload path runs from the compiled server, as in production. */
function buildServer(): void {
  const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the server for the ingest benchmark failed');
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

export function hasOgr2ogr(): boolean {
  return spawnSync('ogr2ogr', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Runs a command to completion; fails when it exits with an error. */
export async function measure(command: string, args: string[]): Promise<Measured> {
  return existsSync(GNU_TIME) ? measureWithGnuTime(command, args) : measureByPolling(command, args);
}

/** GNU time reports the child's peak RSS (ru_maxrss, KiB) exactly; -o keeps it out of the child's output. */
async function measureWithGnuTime(command: string, args: string[]): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'gnu-time-'));
  const report = join(dir, 'time.txt');
  try {
    const { wallSeconds, stdout } = await runChild(GNU_TIME, ['-f', '%M', '-o', report, command, ...args]);
    const peakKib = Number(readFileSync(report, 'utf8').trim().split('\n').at(-1));
    return { wallSeconds, peakMb: peakKib / 1024, stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Without GNU time: the high-water mark VmHWM (KiB) from /proc, sampled until the child exits. */
async function measureByPolling(command: string, args: string[]): Promise<Measured> {
  let peakKib = 0;
  const { wallSeconds, stdout } = await runChild(command, args, (pid) => {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) peakKib = Math.max(peakKib, Number(match[1]));
    } catch {
      // The process has just exited: keep the last sample.
    }
  });
  const reported = stdout.includes('"maxRssMb"') ? (JSON.parse(lastLine(stdout)) as IngestReport).maxRssMb : 0;
  return { wallSeconds, peakMb: Math.max(peakKib / 1024, reported), stdout };
}

function runChild(command: string, args: string[], sample?: (pid: number) => void): Promise<{ wallSeconds: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = sample && child.pid !== undefined ? setInterval(() => sample(child.pid as number), 10) : undefined;
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code === 0) resolve({ wallSeconds, stdout });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.trim()}`));
    });
  });
}
