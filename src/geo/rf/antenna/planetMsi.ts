/**
 * Planet / MSI antenna files (`.msi`, `.pln`, `.txt`), the format vendors publish sector patterns in.
 * As the format is described by Radio Mobile's documentation (radiomobile.pe1mew.nl, "Definitions >
 * MSI") and read by CRC Canada's crc-covlib (helper/antennas.py, LoadMsiPlanetFile):
 *
 * - keyword lines `NAME`, `MAKE`, `FREQUENCY`, `GAIN`, `TILT`, `COMMENT`, … (any case; vendors add
 *   their own, which are skipped); a first line without a keyword is the name;
 * - `GAIN <value> [dBi|dBd]`: the peak gain, **dBd when no unit is written** (dBi = dBd + 2.15);
 * - `HORIZONTAL <n>` then n lines `angle attenuation`: angle 0..359 degrees clockwise from the
 *   boresight, attenuation dB below the peak, written positive (a negative figure is read as its
 *   size: some tools write the loss as a relative gain);
 * - `VERTICAL <n>` then n lines the same way: angle 0 the horizon ahead, 90 straight down, 180 the
 *   horizon behind, 270 straight up (the order the product keeps, antennaPattern.ts).
 * The tables already hold the antenna's electrical tilt; a `TILT` line only names it and is not applied again.
 * Angles other than whole degrees are resampled, linear in field.
 */
import { DIPOLE_GAIN_DBI, GAIN_RANGE_DBI, attenuationDbToField } from './antennaPattern.js';
import { PatternFileError } from './patternFileError.js';
import { sampleCircle } from './patternTable.js';
import { isNumber, numberOn, patternLines, type TextLine, words } from './patternText.js';

/** Most entries a table may declare: a tenth of a degree each. */
const MAX_TABLE_ENTRIES = 3600;

export interface PlanetMsiFile {
  /** The NAME line (or an untagged first line); null when the file names nothing. */
  name: string | null;
  /** Peak gain from the GAIN line, dBi; null when the file has none. */
  gainDbi: number | null;
  horizontalDb: number[];
  verticalDb: number[];
}

/** Whether a text looks like a Planet/MSI file: it has a `HORIZONTAL <n>` or `VERTICAL <n>` line. */
export function looksLikePlanetMsi(text: string): boolean {
  return /^[ \t]*(HORIZONTAL|VERTICAL)[ \t]+\d+[ \t]*$/im.test(text);
}

/** Reads a Planet/MSI file. Throws PatternFileError naming the line. */
export function readPlanetMsi(text: string): PlanetMsiFile {
  const lines = patternLines(text);
  let name: string | null = null;
  let gainDbi: number | null = null;
  const tables: Partial<Record<'HORIZONTAL' | 'VERTICAL', number[]>> = {};
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const [keyword = '', ...rest] = words(line.text);
    const key = keyword.toUpperCase();
    i += 1;
    if (key === 'HORIZONTAL' || key === 'VERTICAL') {
      if (tables[key]) throw new PatternFileError(line.number, `a second ${key} table`);
      const { table, next } = readTable(lines, i - 1, key);
      tables[key] = table;
      i = next;
    } else if (key === 'GAIN') {
      gainDbi = readGain(line, rest);
    } else if (key === 'NAME') {
      name = rest.join(' ') || null;
    } else if (line === lines[0] && !KNOWN_KEYWORDS.has(key)) {
      // An untagged first line is the antenna's name, as some vendors write it.
      name = line.text;
    } else if (isNumber(keyword)) {
      throw new PatternFileError(
        line.number,
        `expected a keyword (NAME, GAIN, HORIZONTAL 360, VERTICAL 360, …), found the values "${line.text.slice(0, 30)}" outside a table (more entries than its count?)`,
      );
    }
  }
  if (!tables.HORIZONTAL) throw new PatternFileError(null, 'no HORIZONTAL table (Planet/MSI files hold "HORIZONTAL 360" and "VERTICAL 360" tables)');
  if (!tables.VERTICAL) throw new PatternFileError(null, 'no VERTICAL table (Planet/MSI files hold "HORIZONTAL 360" and "VERTICAL 360" tables)');
  return { name, gainDbi, horizontalDb: tables.HORIZONTAL, verticalDb: tables.VERTICAL };
}

const KNOWN_KEYWORDS = new Set(['NAME', 'MAKE', 'FREQUENCY', 'H_WIDTH', 'V_WIDTH', 'FRONT_TO_BACK', 'GAIN', 'TILT', 'POLARIZATION', 'COMMENT']);

function readGain(line: TextLine, rest: string[]): number {
  const joined = rest.join(' ');
  const match = /^([+-]?(?:\d+\.?\d*|\.\d+))\s*(dBi|dBd)?$/i.exec(joined);
  if (!match)
    throw new PatternFileError(line.number, `expected the gain as a number with dBi or dBd (dBd when no unit is written), found "${joined.slice(0, 30)}"`);
  const value = Number(match[1]);
  const dbi = match[2]?.toLowerCase() === 'dbi' ? value : value + DIPOLE_GAIN_DBI;
  if (dbi < GAIN_RANGE_DBI[0] || dbi > GAIN_RANGE_DBI[1]) {
    throw new PatternFileError(line.number, `gain ${dbi.toFixed(2)} dBi is outside ${GAIN_RANGE_DBI[0]} to ${GAIN_RANGE_DBI[1]} dBi`);
  }
  return dbi;
}

/** The table whose header is lines[at]: its n entries resampled to 360 whole degrees, and the index after it. */
function readTable(lines: TextLine[], at: number, key: 'HORIZONTAL' | 'VERTICAL'): { table: number[]; next: number } {
  const header = lines[at]!;
  const count = numberOn(header, words(header.text)[1], `the number of ${key.toLowerCase()} entries`);
  if (!Number.isInteger(count) || count < 1 || count > MAX_TABLE_ENTRIES) {
    throw new PatternFileError(header.number, `${key} ${count}: expected a whole number of entries from 1 to ${MAX_TABLE_ENTRIES} (usually 360)`);
  }
  const what = key.toLowerCase();
  const entries = [];
  for (let k = 0; k < count; k++) {
    const line = lines[at + 1 + k];
    const parts = line ? words(line.text) : [];
    if (!line || parts.length !== 2 || !/^[+-]?[\d.]/.test(parts[0]!)) {
      const where = line ?? lines.at(-1)!;
      throw new PatternFileError(
        where.number,
        `expected ${count} ${what} values, found ${k}${line ? ` before "${line.text.slice(0, 30)}"` : ' before the end of the file'}`,
      );
    }
    const angleDeg = numberOn(line, parts[0], `the ${what} angle in degrees`);
    const attenuationDb = Math.abs(numberOn(line, parts[1], 'the attenuation in dB below the peak'));
    if (angleDeg < 0 || angleDeg > 360) throw new PatternFileError(line.number, `${what} angle ${angleDeg} is outside 0 to 360 degrees`);
    entries.push({ angleDeg, field: attenuationDbToField(attenuationDb) });
  }
  return { table: sampleCircle(entries), next: at + 1 + count };
}
