/**
 * An uploaded antenna pattern, whatever its format: Planet/MSI, Radio Mobile .ant, or SPLAT!'s .az
 * and .el (together, or an .az alone). The format is told by the content, never the file's name.
 */
import { GAIN_RANGE_DBI, type AntennaPattern } from './antennaPattern.js';
import { looksLikePlanetMsi, readPlanetMsi } from './planetMsi.js';
import { PatternFileError } from './patternFileError.js';
import { patternLines, words } from './patternText.js';
import { readRadioMobileAnt } from './radioMobileAnt.js';
import { readSplatAz, readSplatEl, splatPattern, type SplatAzimuthFile, type SplatElevationFile } from './splatPatternFiles.js';

export type PatternFileKind = 'planet_msi' | 'radio_mobile_ant' | 'splat_az' | 'splat_el';

export interface PatternFileText {
  /** As uploaded; only for messages and a default name. */
  fileName?: string;
  text: string;
}

export interface PatternUploadOptions {
  /** The pattern's name; else the file's NAME line, else the file's name. */
  name?: string;
  /** Peak gain, dBi, for formats that carry none (SPLAT!, Radio Mobile); a Planet/MSI file's GAIN line wins over it. */
  gainDbi?: number | null;
}

const FORMATS_WE_READ = 'Planet/MSI (NAME, GAIN, HORIZONTAL 360, VERTICAL 360), Radio Mobile .ant (one dB value a line) or SPLAT! .az/.el';

/**
 * What a pattern file is, by its content: a `HORIZONTAL n`/`VERTICAL n` line makes it Planet/MSI;
 * otherwise its first two lines (SPLAT!'s `;` comments cut off) tell: one number then pairs is a
 * SPLAT! .az (rotation, then azimuth and field), a pair then pairs a SPLAT! .el (tilt and its azimuth,
 * then elevation and field), one number a line a Radio Mobile .ant.
 */
export function detectPatternFormat(text: string): PatternFileKind {
  if (looksLikePlanetMsi(text)) return 'planet_msi';
  const lines = patternLines(text)
    .map((line) => ({ number: line.number, count: words(line.text.split(';')[0]!).length }))
    .filter((line) => line.count > 0);
  const [first, second] = lines;
  if (first?.count === 1 && second?.count === 2) return 'splat_az';
  if (first?.count === 2 && second?.count === 2) return 'splat_el';
  if (first?.count === 1 && (second === undefined || second.count === 1)) return 'radio_mobile_ant';
  throw new PatternFileError(first?.number ?? null, `not an antenna pattern this server reads: ${FORMATS_WE_READ}`);
}

/**
 * Reads one uploaded pattern: one Planet/MSI or Radio Mobile file, or SPLAT!'s .az and .el (either
 * alone, or both in any order). Throws PatternFileError, its message naming the file (when named),
 * the line and what was wrong.
 */
export function readAntennaPattern(files: readonly PatternFileText[], options: PatternUploadOptions = {}): AntennaPattern {
  if (files.length === 0) throw new PatternFileError(null, 'no pattern file');
  if (files.length > 2) throw new PatternFileError(null, `${files.length} files: upload one pattern file, or SPLAT!'s .az and .el together`);
  const read = files.map((file) => inFile(file, () => ({ file, kind: detectPatternFormat(file.text) })));
  const defaultName = options.name?.trim() || null;
  const firstFileName = files[0]!.fileName?.replace(/\.[^.]*$/, '') || 'Antenna pattern';

  if (read.length === 1 && read[0]!.kind === 'planet_msi') {
    const msi = inFile(files[0]!, () => readPlanetMsi(files[0]!.text));
    const gainDbi = msi.gainDbi ?? givenGain(options, 'This Planet/MSI file has no GAIN line');
    return {
      name: defaultName ?? msi.name ?? firstFileName,
      format: 'planet_msi',
      gainDbi,
      horizontalDb: msi.horizontalDb,
      verticalDb: msi.verticalDb,
      tiltDeg: 0,
      tiltAzimuthDeg: 0,
    };
  }
  if (read.length === 1 && read[0]!.kind === 'radio_mobile_ant') {
    const gainDbi = givenGain(options, 'Radio Mobile .ant files carry no gain');
    return inFile(files[0]!, () => readRadioMobileAnt(files[0]!.text, defaultName ?? firstFileName, gainDbi));
  }
  const az = read.filter((r) => r.kind === 'splat_az');
  const el = read.filter((r) => r.kind === 'splat_el');
  if (az.length + el.length !== read.length || az.length > 1 || el.length > 1) {
    throw new PatternFileError(
      null,
      `upload one pattern file, or SPLAT!'s .az and .el together (these files are ${read.map((r) => kindLabel(r.kind)).join(' and ')})`,
    );
  }
  const gainDbi = givenGain(options, 'SPLAT! pattern files carry no gain');
  const azFile: SplatAzimuthFile | null = az[0] ? inFile(az[0].file, () => readSplatAz(az[0]!.file.text)) : null;
  const elFile: SplatElevationFile | null = el[0] ? inFile(el[0].file, () => readSplatEl(el[0]!.file.text)) : null;
  return splatPattern(azFile, elFile, defaultName ?? firstFileName, gainDbi);
}

function givenGain(options: PatternUploadOptions, why: string): number {
  const gain = options.gainDbi;
  if (gain === undefined || gain === null) throw new PatternFileError(null, `${why}: give gain_dbi, the antenna's peak gain in dBi`);
  if (!Number.isFinite(gain) || gain < GAIN_RANGE_DBI[0] || gain > GAIN_RANGE_DBI[1]) {
    throw new PatternFileError(null, `gain_dbi ${gain} is outside ${GAIN_RANGE_DBI[0]} to ${GAIN_RANGE_DBI[1]} dBi`);
  }
  return gain;
}

function kindLabel(kind: PatternFileKind): string {
  return { planet_msi: 'Planet/MSI', radio_mobile_ant: 'Radio Mobile .ant', splat_az: 'SPLAT! .az', splat_el: 'SPLAT! .el' }[kind];
}

/** Runs a step on one file, naming the file in any PatternFileError it throws. */
function inFile<T>(file: PatternFileText, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof PatternFileError && file.fileName) throw error.inFile(file.fileName);
    throw error;
  }
}
