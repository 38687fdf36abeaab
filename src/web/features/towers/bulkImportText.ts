import Papa from 'papaparse';
import { countText } from '../../../common/countText.js';

/** The text of the Bulk Import dialog must be JSON, and a list. */
export const INVALID_JSON = 'Invalid JSON format';
export const NOT_AN_ARRAY = 'Data must be an array of tower objects';

/**
 * The columns a sector row adds: `sector_of` names the tower (its code, else its name) and makes
 * the row a sector, whose `name`, `frequency_ghz`, `power_dbm` and `active` are the sector's own.
 * A CSV without them is a list of towers, as before.
 */
export const SECTOR_CSV_COLUMNS = ['sector_of', 'azimuth_deg', 'downtilt_deg', 'antenna_pattern_id', 'height_m'] as const;

/** The CSV header row of a tower inventory, in this order (optional columns may be left out), then the sector columns. */
export const TOWER_CSV_COLUMNS = [
  'name',
  'latitude',
  'longitude',
  'height_meters',
  'antenna_height_meters',
  'frequency_ghz',
  'power_dbm',
  'coverage_radius_km',
  'code',
  'description',
  'active',
  'installed_date',
  // The owning provider's id; empty or left out: the map operator's tower.
  'provider_id',
  ...SECTOR_CSV_COLUMNS,
] as const;

/** What each tower should include. */
export const REQUIRED_TOWER_FIELDS = ['name', 'latitude', 'longitude', 'height_meters'] as const;

/**
 * The examples the dialog shows: the same two towers as a JSON list (what POST
 * /api/towers/bulk-import takes under `towers`) and as a CSV file (read here into that list).
 * Optional fields left out, or left empty in the CSV, take their defaults.
 */
export const TOWER_JSON_EXAMPLE = `[
  {"name": "Signal Hill", "code": "SH-1", "latitude": -33.918, "longitude": 18.403, "height_meters": 18},
  {"name": "Blaauwberg", "code": "BB-2", "latitude": -33.804, "longitude": 18.465, "height_meters": 24, "coverage_radius_km": 12, "active": false}
]`;
export const TOWER_CSV_EXAMPLE = `name,latitude,longitude,height_meters,coverage_radius_km,code,active
Signal Hill,-33.918,18.403,18,,SH-1,
Blaauwberg,-33.804,18.465,24,12,BB-2,false`;

/** The same tower with two sectors, as a CSV: the tower row, then a row per sector naming it in `sector_of`. */
export const SECTOR_CSV_EXAMPLE = `name,latitude,longitude,height_meters,code,sector_of,azimuth_deg,downtilt_deg,antenna_pattern_id
Signal Hill,-33.918,18.403,18,SH-1,,,,
North,,,,,SH-1,0,2,2
South,,,,,SH-1,180,2,2`;

export type ImportRows = { rows: unknown[] } | { error: string };

/**
 * What a list of import rows holds: towers, and sectors (the rows naming their tower in
 * `sector_of`, and the sectors nested in a tower row's `sectors` list).
 */
export function countImportRows(rows: readonly unknown[]): { towers: number; sectors: number } {
  let towers = 0;
  let sectors = 0;
  for (const row of rows) {
    const record = row !== null && typeof row === 'object' ? (row as Record<string, unknown>) : {};
    const sectorOf = record[SECTOR_CSV_COLUMNS[0]];
    if (sectorOf !== undefined && sectorOf !== null && String(sectorOf).trim() !== '') {
      sectors += 1;
      continue;
    }
    towers += 1;
    if (Array.isArray(record.sectors)) sectors += record.sectors.length;
  }
  return { towers, sectors };
}

/** "2 towers ready to import", or "1 tower and 3 sectors ready to import". */
export function readyToImportText(rows: readonly unknown[]): string {
  const { towers, sectors } = countImportRows(rows);
  return `${countText(towers, 'tower')}${sectors > 0 ? ` and ${countText(sectors, 'sector')}` : ''} ready to import`;
}

/** The rows in the dialog's JSON text, or the message saying why there are none ("Invalid JSON format", "Data must be an array of tower objects"). */
export function parseImportJson(text: string): ImportRows {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: INVALID_JSON };
  }
  return Array.isArray(value) ? { rows: value } : { error: NOT_AN_ARRAY };
}

export interface CsvRows {
  /** One object per data line, keyed by the known columns, values as the file has them (text). */
  rows: Array<Record<string, string>>;
  /** Problems worth telling the admin: missing columns, columns ignored, lines that do not fit the header. */
  warnings: string[];
}

/** How many line problems a CSV reports before summing up the rest. */
const MAX_LINE_WARNINGS = 5;

/**
 * A tower CSV (header row: name,latitude,longitude,height_meters,…) as rows for the bulk import.
 * Values stay text: the server reads numbers, booleans and dates from text, as it does from JSON.
 * Blank lines are skipped; header names are trimmed and compared without case; unknown columns are
 * dropped. Returns an error instead when a required column is missing.
 */
export function parseTowerCsv(text: string): CsvRows | { error: string } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const header = parsed.meta.fields ?? [];
  const missing = REQUIRED_TOWER_FIELDS.filter((field) => !header.includes(field));
  if (missing.length > 0) {
    return { error: `The CSV header row must include ${REQUIRED_TOWER_FIELDS.join(', ')} (missing: ${missing.join(', ')})` };
  }
  const known = new Set<string>(TOWER_CSV_COLUMNS);
  const warnings: string[] = [];
  const ignored = header.filter((field) => field !== '' && !known.has(field));
  if (ignored.length > 0) warnings.push(`Columns ignored: ${ignored.join(', ')}`);

  const lineProblems = parsed.errors.filter((error) => error.type !== 'Delimiter');
  for (const error of lineProblems.slice(0, MAX_LINE_WARNINGS)) {
    // Papa counts data rows from 0; the file's line is that plus the header line, from 1.
    warnings.push(error.row === undefined ? error.message : `Line ${error.row + 2}: ${error.message}`);
  }
  if (lineProblems.length > MAX_LINE_WARNINGS)
    warnings.push(`…and ${countText(lineProblems.length - MAX_LINE_WARNINGS, 'more line problem', 'more line problems')}`);

  const rows = parsed.data.map((line) => {
    const row: Record<string, string> = {};
    for (const column of TOWER_CSV_COLUMNS) {
      const value = line[column];
      if (typeof value === 'string') row[column] = value.trim();
    }
    return row;
  });
  return { rows, warnings };
}

/** Rows as the dialog's JSON text: a list with one tower per line, readable and editable. */
export function rowsToJsonText(rows: readonly unknown[]): string {
  if (rows.length === 0) return '[]';
  return `[\n${rows.map((row) => `  ${JSON.stringify(row)}`).join(',\n')}\n]`;
}
