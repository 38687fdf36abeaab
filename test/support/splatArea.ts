/**
 * SPLAT!'s area map (`-L … -ano FILE`, notes/splat.md) as a reference for footprints: the pattern
 * files of a mounted sector, the run, and the points it writes. Longitudes here are ours (east
 * positive); SPLAT!'s files hold degrees west 0–360, which this module converts.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { attenuationDbToField, type AntennaPattern } from '../../src/geo/rf/antenna/antennaPattern.js';
import type { AntennaMount } from '../../src/geo/rf/antenna/antennaPatternDb.js';
import { DEFAULT_SPLAT_LRP, type SplatLrp, type SplatSite } from './splat.js';

const run = promisify(execFile);

/**
 * SPLAT!'s `.az` and `.el` files of a pattern mounted at `mount`: the rotation line is the mount's
 * azimuth and the tilt line its down-tilt toward that azimuth (SPLAT! projects it on the bearing as
 * antennaPatternDb does), the tables the pattern's fields at every degree, the vertical from 10°
 * above the horizon to 90° below.
 */
export function splatSectorFiles(pattern: AntennaPattern, mount: AntennaMount): { az: string; el: string } {
  const field = (db: number) => attenuationDbToField(db).toFixed(6);
  const az = [`${mount.azimuthDeg}`, ...pattern.horizontalDb.map((db, deg) => `${deg} ${field(db)}`), `360 ${field(pattern.horizontalDb[0]!)}`];
  const el = [`${mount.downtiltDeg} ${mount.azimuthDeg}`];
  for (let below = -10; below <= 90; below++) el.push(`${below} ${field(pattern.verticalDb[(below + 360) % 360]!)}`);
  return { az: `${az.join('\n')}\n`, el: `${el.join('\n')}\n` };
}

/** One point of an area map. */
export interface SplatAreaPoint {
  lat: number;
  lng: number;
  /** Degrees clockwise from true north, seen from the transmitter. */
  bearingDeg: number;
  /** Elevation angle of the path (to the first obstruction on an obstructed one), degrees, negative below the horizon. */
  elevationDeg: number;
  /** ITM's path loss, dB, without the antenna pattern. */
  lossDb: number;
  /** SPLAT! marks the path obstructed. */
  obstructed: boolean;
}

/** Reads the points of an `-ano` file (header lines, which start with two numbers and a `;`, are skipped). */
export function parseSplatAno(text: string): SplatAreaPoint[] {
  const points: SplatAreaPoint[] = [];
  for (const line of text.split('\n')) {
    if (line.includes(';') || line.trim() === '') continue;
    const [lat, west, bearing, elevation, loss] = line.split(',').map((part) => Number.parseFloat(part));
    if ([lat, west, bearing, elevation, loss].some((value) => value === undefined || Number.isNaN(value))) throw new Error(`unreadable .ano line: ${line}`);
    const east = -west! % 360;
    points.push({
      lat: lat!,
      lng: east <= -180 ? east + 360 : east,
      bearingDeg: bearing!,
      elevationDeg: elevation!,
      lossDb: loss!,
      obstructed: line.includes('*'),
    });
  }
  return points;
}

export interface SplatAreaRun {
  /** Wall-clock time of the SPLAT! process, ms. */
  ms: number;
  points: SplatAreaPoint[];
}

/**
 * Runs `splat -t TX.qth -L <rx m> -R <km> -metric -m 1.333 -olditm -d DIR -ano TX.ano -N` (`splat-hd`
 * when `hd`) in `dir`, with the transmitter's `.lrp` (no ERP: path loss) and, when given, its pattern
 * files, and reads the map's points.
 */
export async function runSplatArea(
  dir: string,
  tx: SplatSite,
  options: { frequencyMHz: number; receiverM: number; radiusKm: number; hd?: boolean; lrp?: SplatLrp; pattern?: { az: string; el: string } },
): Promise<SplatAreaRun> {
  const lrp = options.lrp ?? DEFAULT_SPLAT_LRP;
  fs.writeFileSync(path.join(dir, `${tx.name}.qth`), `${tx.name}\n${tx.lat.toFixed(10)}\n${(-tx.lng).toFixed(10)}\n${tx.antennaM}m\n`);
  const lrpLines = [
    lrp.relativePermittivity,
    lrp.conductivitySPerM,
    lrp.surfaceRefractivityN,
    options.frequencyMHz,
    lrp.climate,
    lrp.polarization,
    lrp.situationFraction,
    lrp.timeFraction,
  ];
  fs.writeFileSync(path.join(dir, `${tx.name}.lrp`), `${lrpLines.join('\n')}\n`);
  for (const ext of ['az', 'el'] as const) {
    const file = path.join(dir, `${tx.name}.${ext}`);
    if (options.pattern) fs.writeFileSync(file, options.pattern[ext]);
    else fs.rmSync(file, { force: true });
  }
  const ano = path.join(dir, `${tx.name}.ano`);
  const args = [
    '-t',
    `${tx.name}.qth`,
    '-L',
    String(options.receiverM),
    '-R',
    String(options.radiusKm),
    '-metric',
    '-m',
    '1.333',
    '-olditm',
    '-d',
    dir,
    '-ano',
    ano,
    '-N',
  ];
  const started = performance.now();
  await run(options.hd ? 'splat-hd' : 'splat', args, { cwd: dir, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - started;
  return { ms, points: parseSplatAno(fs.readFileSync(ano, 'latin1')) };
}
