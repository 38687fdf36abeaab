/**
 * SPLAT! (Debian's `splat`, see notes/splat.md) as an external reference for line of sight: finding
 * it, turning .hgt tiles into its .sdf pages, writing sites, running a path and reading its report.
 * Latitudes and longitudes here are ours (degrees, north and east positive); SPLAT! files want
 * longitudes in degrees west, which this module converts.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One SPLAT! call may take this long; ITWOM sometimes spins for minutes (notes/splat.md). */
export const SPLAT_TIMEOUT_MS = 20_000;

function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, program), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Whether `splat` and `srtm2sdf` are installed. Without them the cross-check is skipped with a
 * notice, except under CI, where their absence is a failure (the run would pass having compared nothing).
 */
export function splatAvailable(): boolean {
  const missing = ['splat', 'srtm2sdf'].filter((program) => !onPath(program));
  if (missing.length === 0) return true;
  if (process.env.CI) throw new Error(`CI is set but these programs are missing: ${missing.join(', ')} (apt-get install splat)`);
  console.warn(`NOTICE: SPLAT! cross-check skipped: missing ${missing.join(', ')} (apt-get install splat)`);
  return false;
}

/**
 * Converts `dir/<hgtName>` (a 3-arc-second tile) into SPLAT!'s .sdf page in `dir`, without looking for
 * USGS data to fill voids. Returns the page's file name, e.g. "-26:-25:331:332.sdf" for S26E028.hgt.
 */
export async function convertHgt(dir: string, hgtName: string, south: number, west: number): Promise<string> {
  await run('srtm2sdf', ['-d', '/dev/null', hgtName], { cwd: dir, timeout: SPLAT_TIMEOUT_MS });
  // Page names: south:north:west-most:east-most, longitudes in degrees west from 0 to 360.
  const westOf = (lng: number) => ((-lng % 360) + 360) % 360;
  const page = `${south}:${south + 1}:${westOf(west + 1)}:${westOf(west)}.sdf`;
  if (!fs.existsSync(path.join(dir, page))) throw new Error(`srtm2sdf did not write ${page} in ${dir}`);
  return page;
}

export interface SplatSite {
  /** Also the file's base name; letters and digits only. */
  name: string;
  lat: number;
  lng: number;
  /** Antenna above ground, metres. */
  antennaM: number;
}

function writeQth(dir: string, site: SplatSite): string {
  const file = path.join(dir, `${site.name}.qth`);
  fs.writeFileSync(file, `${site.name}\n${site.lat.toFixed(10)}\n${(-site.lng).toFixed(10)}\n${site.antennaM}m\n`);
  return file;
}

/**
 * The Longley-Rice parameters of a SPLAT! .lrp file (notes/splat.md): ground, N-units, the frequency,
 * radio climate (5 continental temperate), polarisation (0 horizontal, 1 vertical), and the fractions
 * SPLAT! passes to ITM as confidence (situations) and reliability (time).
 */
export interface SplatLrp {
  relativePermittivity: number;
  conductivitySPerM: number;
  surfaceRefractivityN: number;
  climate: number;
  polarization: 0 | 1;
  situationFraction: number;
  timeFraction: number;
}

/** What the line-of-sight cross-check has always written: average ground, 301 N-units, continental temperate, vertical, 50 % of situations, 90 % of time. */
export const DEFAULT_SPLAT_LRP: SplatLrp = {
  relativePermittivity: 15,
  conductivitySPerM: 0.005,
  surfaceRefractivityN: 301,
  climate: 5,
  polarization: 1,
  situationFraction: 0.5,
  timeFraction: 0.9,
};

/** Writes the .lrp file beside the transmitter's .qth (same base name), without an ERP so that SPLAT! reports path loss. */
function writeLrp(dir: string, site: SplatSite, frequencyMHz: number, lrp: SplatLrp): void {
  const lines = [
    lrp.relativePermittivity.toFixed(3),
    lrp.conductivitySPerM.toFixed(6),
    lrp.surfaceRefractivityN.toFixed(3),
    frequencyMHz.toFixed(1),
    String(lrp.climate),
    String(lrp.polarization),
    lrp.situationFraction.toFixed(4),
    lrp.timeFraction.toFixed(4),
  ];
  fs.writeFileSync(path.join(dir, `${site.name}.lrp`), `${lines.join('\n')}\n`);
}

export interface SplatPathOptions {
  /** Default DEFAULT_SPLAT_LRP. */
  lrp?: SplatLrp;
  /** `-olditm`: the ITS Irregular Terrain Model (Longley-Rice) instead of SPLAT!'s default ITWOM 3.0. */
  oldItm?: boolean;
  /** `-gc`: ground clutter, metres (with -metric), for the obstruction report and required heights (notes/splat.md). */
  clutterM?: number;
}

/**
 * Runs `splat -t tx -r rx -metric -m 1.333 -f <MHz> -d <dir>` (with `-olditm` and `-gc` if asked) in `dir`
 * (where the .sdf pages are) and returns its path report, or null when SPLAT! ran out of time (no
 * reference for that path).
 */
export async function runSplatPath(dir: string, tx: SplatSite, rx: SplatSite, frequencyMHz: number, options: SplatPathOptions = {}): Promise<string | null> {
  const txFile = writeQth(dir, tx);
  const rxFile = writeQth(dir, rx);
  writeLrp(dir, tx, frequencyMHz, options.lrp ?? DEFAULT_SPLAT_LRP);
  const args = ['-t', txFile, '-r', rxFile, '-metric', '-m', '1.333', '-f', String(frequencyMHz), '-d', dir, ...(options.oldItm ? ['-olditm'] : [])];
  if (options.clutterM !== undefined) args.push('-gc', String(options.clutterM));
  try {
    await run('splat', args, {
      cwd: dir,
      timeout: SPLAT_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
  } catch (error) {
    if ((error as { killed?: boolean }).killed) return null;
    throw error;
  }
  return fs.readFileSync(path.join(dir, `${tx.name}-to-${rx.name}.txt`), 'latin1');
}

/**
 * Spacing of the terrain profile SPLAT! 1.4.2 hands ITM on a path along a meridian of a 3-arc-second
 * tile, metres: its ReadPath steps total distance / (68755 × angle) miles (68755 = 1200 samples per
 * degree × 180/π, rounded), on its 3959-mile sphere, so 3959 / 68755 miles = 92.668 m.
 */
export const SPLAT_ITM_SPACING_M = (3959 * 1609.344) / 68_755;

/**
 * The terrain profile SPLAT! 1.4.2 hands ITM (`-olditm`) for a path along a meridian of a
 * 3-arc-second tile from row `txRow` to row `rxRow`, worked out from its source and checked against
 * its reports (to 0.01 dB): ReadPath takes the tile sample nearest to each step, without
 * interpolation, from the transmitter (first) to the receiver, steps of a hair under one row, so
 * every row once, and then the receiver again; PathReport's last ITM call (`elev[0] = y - 1` for
 * `y = length - 2`) leaves the last two of those out, so the profile is the rows from the
 * transmitter's up to the one before the receiver's: |rxRow - txRow| points, SPLAT_ITM_SPACING_M
 * apart. The receiver stands on that last row's ground.
 */
export function splatMeridianItmProfile(txRow: number, rxRow: number, elevationAtRow: (row: number) => number): number[] {
  const step = Math.sign(rxRow - txRow);
  return Array.from({ length: Math.abs(rxRow - txRow) }, (_, i) => elevationAtRow(txRow + i * step));
}

export interface SplatItmReport {
  /** "Longley-Rice path loss", dB (printed to 0.01 dB). */
  lossDb: number;
  /** "Mode of propagation", e.g. "Single Horizon, Diffraction Dominant". */
  mode: string;
  /** "Longley-Rice model error number": 0 is no error; any other number leaves the path without a reference. */
  errorNumber: number;
}

/** Reads the ITM figures of a SPLAT! 1.4.2 path report written with -olditm. Throws when one is missing. */
export function parseSplatItmReport(text: string): SplatItmReport {
  const match = (pattern: RegExp, what: string): string => {
    const found = pattern.exec(text);
    if (!found) throw new Error(`SPLAT! report has no ${what}:\n${text}`);
    return found[1]!;
  };
  return {
    lossDb: Number(match(/Longley-Rice path loss: ([\d.]+) dB/, 'Longley-Rice path loss')),
    mode: match(/Mode of propagation: (.+)/, 'mode of propagation').trim(),
    errorNumber: Number(match(/Longley-Rice model error number: (\d+)/, 'Longley-Rice model error number')),
  };
}

export interface SplatReport {
  /** Great-circle distance, km (printed to 0.01 km). */
  distanceKm: number;
  /** Free-space path loss, dB (printed to 0.01 dB). */
  freeSpaceLossDb: number;
  /** Obstructions SPLAT! lists, distances from the receiver, km; heights above sea level (terrain only), metres. Empty: "No obstructions". */
  obstructions: { distanceFromRxKm: number; heightM: number }[];
  /** Receiver antenna heights (AGL, metres) SPLAT! asks for: null where it says the path, the first Fresnel zone or 60 % of it is clear already. */
  requiredM: number | null;
  requiredFresnelM: number | null;
  requiredFresnel60M: number | null;
}

/** Reads a SPLAT! 1.4.2 path report written with -metric. Throws when a figure is missing. */
export function parseSplatReport(text: string): SplatReport {
  const number = (pattern: RegExp, what: string): number => {
    const match = pattern.exec(text);
    if (!match) throw new Error(`SPLAT! report has no ${what}:\n${text}`);
    return Number(match[1]);
  };
  const raised = (clause: string, clearSentence: string): number | null => {
    const match = new RegExp(`must be raised to at least ([\\d.]+) meters AGL\\s+to clear ${clause}`).exec(text);
    if (match) return Number(match[1]);
    if (text.includes(clearSentence)) return null;
    throw new Error(`SPLAT! report says neither "${clause}" nor "${clearSentence}":\n${text}`);
  };
  const obstructions = [...text.matchAll(/^\s*[\d.]+ [NS],\s*[\d.]+ [EW],\s*([\d.]+) kilometers,\s*(-?[\d.]+) meters AMSL/gm)].map((m) => ({
    distanceFromRxKm: Number(m[1]),
    heightM: Number(m[2]),
  }));
  const noObstructions = text.includes('No obstructions to LOS path');
  if (noObstructions === obstructions.length > 0) throw new Error(`SPLAT! report is unclear about obstructions:\n${text}`);
  return {
    distanceKm: number(/Distance to \S+: ([\d.]+) kilometers/, 'distance'),
    freeSpaceLossDb: number(/Free space path loss: ([\d.]+) dB/, 'free-space path loss'),
    obstructions,
    requiredM: raised('all obstructions', 'No obstructions to LOS path'),
    requiredFresnelM: raised('the first Fresnel zone', 'The first Fresnel zone is clear.'),
    requiredFresnel60M: raised('60% of the first Fresnel zone', '60% of the first Fresnel zone is clear.'),
  };
}

/**
 * Writes SPLAT!'s antenna pattern files for a site, `NAME.az` and (when given) `NAME.el`, beside its
 * .qth, where SPLAT! looks for them (notes/splat.md). Give each transmitter its own name: runs share the folder.
 */
export function writeSplatPattern(dir: string, siteName: string, files: { az: string; el?: string }): void {
  fs.writeFileSync(path.join(dir, `${siteName}.az`), files.az);
  if (files.el !== undefined) fs.writeFileSync(path.join(dir, `${siteName}.el`), files.el);
}

export interface SplatPatternToward {
  /** "Azimuth to RX", degrees clockwise from true north (printed to 0.01°). */
  azimuthDeg: number;
  /** "Elevation angle" (or "Depression angle") to RX, degrees, positive above the horizon (printed to 0.0001°). */
  elevationDeg: number;
  /** "TX antenna pattern towards RX": normalised field (printed to 0.001) and 20·log10 of it, dB (to 0.01); SPLAT! prints no line at 1.0. */
  field: number;
  db: number;
}

/** Reads, from a path report, the transmitter's antenna pattern toward the receiver and the angles SPLAT! took it at. */
export function parseSplatPatternToward(text: string, rxName: string): SplatPatternToward {
  const figure = (pattern: RegExp, what: string): string => {
    const match = pattern.exec(text);
    if (!match) throw new Error(`SPLAT! report has no ${what}:\n${text}`);
    return match[1]!;
  };
  const pattern = new RegExp(`antenna pattern towards ${rxName}: ([\\d.]+) \\((-?[\\d.]+|-inf) dB\\)`).exec(text);
  return {
    azimuthDeg: Number(figure(new RegExp(`Azimuth to ${rxName}: ([\\d.]+) degrees`), 'azimuth')),
    elevationDeg: Number(figure(new RegExp(`(?:Elevation|Depression) angle to ${rxName}: ([+-][\\d.]+) degrees`), 'elevation angle')),
    field: pattern ? Number(pattern[1]) : 1,
    db: pattern ? (pattern[2] === '-inf' ? -Infinity : Number(pattern[2])) : 0,
  };
}
