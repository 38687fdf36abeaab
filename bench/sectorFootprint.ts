/**
 * Issue 19 targets: one 90° sector's footprint with ITM, 10 km radius, timed against SPLAT!'s area
 * map of the same sector and radius in the same run (`splat -t TX.qth -L 6 -R 10 -metric -m 1.333
 * -olditm -ano … -N`, the same .az/.el pattern and .lrp): on 3-arc-second terrain no slower than
 * SPLAT!, and on 1-arc-second terrain (SPLAT!: splat-hd, srtm2sdf-hd) under 10 s. Ours is the compiled
 * server's: heights from the tile, then the sweep and band areas in a worker thread. Synthetic
 * hills (syntheticTerrain.ts). Needs SPLAT! (apt-get install splat).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_PATTERNS } from '../src/geo/rf/antenna/builtinPatterns.js';
import { runSplatArea, splatSectorFiles } from '../test/support/splatArea.js';
import { DEFAULT_SPLAT_LRP } from '../test/support/splat.js';
import { buildServer } from './serverProcess.js';
import { writeHillTile } from './syntheticTerrain.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const JOB = { lat: -33.5, lng: 18.5, antennaM: 30, radiusKm: 10, receiverM: 6, azimuthDeg: 60, downtiltDeg: 3 };
const RUNS = 3;

export async function run(): Promise<void> {
  buildServer();
  for (const arcSeconds of [3, 1] as const) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-sector-'));
    try {
      await compare(dir, arcSeconds);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

async function compare(dir: string, arcSeconds: 3 | 1): Promise<void> {
  const hd = arcSeconds === 1;
  console.log(
    `\n== One 90° sector's footprint with ITM, ${JOB.radiusKm} km radius, ${arcSeconds}-arc-second terrain: ours vs SPLAT! ${hd ? 'splat-hd' : 'splat'} -L -olditm ==`,
  );
  const tile = writeHillTile(dir, -34, 18, hd ? 3601 : 1201);
  execFileSync(hd ? 'srtm2sdf-hd' : 'srtm2sdf', ['-d', '/dev/null', path.basename(tile)], { cwd: dir, stdio: 'ignore' });

  const child = spawnSync(process.execPath, [path.join(HERE, 'sectorFootprintCompute.mjs'), dir, JSON.stringify(JOB), String(RUNS)], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`footprint run failed: ${child.stderr}`);
  const ours = JSON.parse(child.stdout.trim().split('\n').pop()!) as { gridMs: number; workerMs: number; cells: number; withSignal: number; source: string }[];

  const pattern = BUILTIN_PATTERNS.find((p) => p.id === 'sector_90')!.pattern;
  const splat: { ms: number; points: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await runSplatArea(
      dir,
      { name: 'sector', lat: JOB.lat, lng: JOB.lng, antennaM: JOB.antennaM },
      {
        frequencyMHz: 5800,
        receiverM: JOB.receiverM,
        radiusKm: JOB.radiusKm,
        hd,
        lrp: { ...DEFAULT_SPLAT_LRP, timeFraction: 0.5 },
        pattern: splatSectorFiles(pattern, { azimuthDeg: JOB.azimuthDeg, downtiltDeg: JOB.downtiltDeg }),
      },
    );
    splat.push({ ms: result.ms, points: result.points.length });
  }
  for (const [i, r] of ours.entries()) {
    console.log(
      `  ours run ${i + 1}: heights ${r.gridMs.toFixed(0)} ms + ITM sweep and band areas in a worker ${r.workerMs.toFixed(0)} ms = ${(r.gridMs + r.workerMs).toFixed(0)} ms; ` +
        `${r.cells.toLocaleString('en')} cells, ${r.withSignal.toLocaleString('en')} within the radius; terrain ${r.source}`,
    );
  }
  for (const [i, r] of splat.entries()) console.log(`  SPLAT! run ${i + 1}: ${r.ms.toFixed(0)} ms, ${r.points.toLocaleString('en')} points`);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const oursMs = median(ours.map((r) => r.gridMs + r.workerMs));
  const splatMs = median(splat.map((r) => r.ms));
  const ratio = oursMs / splatMs;
  const verdict = hd ? `target < 10000 ms: ${oursMs < 10_000 ? 'PASS' : 'FAIL'}` : `target ratio <= 1: ${ratio <= 1 ? 'PASS' : 'FAIL'}`;
  console.log(`  median of ${RUNS}: ours ${oursMs.toFixed(0)} ms, SPLAT! ${splatMs.toFixed(0)} ms, ours / SPLAT! = ${ratio.toFixed(2)}; ${verdict}`);
}
