import Papa from 'papaparse';
import {
  MEASUREMENT_CSV_COLUMNS,
  MEASUREMENT_IMPORT_MAX_ROWS,
  measurementImportRow,
  type MeasurementImportError,
  type MeasurementSource,
} from '../../common/api/measurements.js';
import { ValidationError } from '../errors.js';

/** The columns a CSV header row must hold (their cells may be empty where the row schema allows). */
export const REQUIRED_CSV_COLUMNS = MEASUREMENT_CSV_COLUMNS.slice(0, 6);

export const EMPTY_IMPORT_MESSAGE = 'The file holds no measurements: give a header row and at least one row';
export const TOO_MANY_ROWS_MESSAGE = `An import may hold at most ${MEASUREMENT_IMPORT_MAX_ROWS.toLocaleString('en-US')} measurements`;

/** Rows the CSV parser reads between turns of the event loop (about 15 ms of parsing). */
const PARSE_SLICE_ROWS = 2000;

/** One row to check: its line (CSV: the file's line, header = 1; JSON: the item's index + 1) and its fields as given (null: a JSON item that is not an object). */
export interface RawMeasurementRow {
  line: number;
  fields: Record<string, unknown> | null;
}

/** What an import's rows are checked against: the towers, their sectors and the CPE profiles as they stand. */
export interface ImportDirectory {
  towers: readonly { id: number; code: string | null }[];
  sectors: readonly { id: number; tower_id: number; name: string }[];
  profiles: readonly { name: string; height_m: number; is_default: boolean }[];
}

/** A checked row, ready to store. */
export interface ResolvedMeasurement {
  tower_id: number;
  sector_id: number | null;
  latitude: number;
  longitude: number;
  height_m: number;
  rssi_dbm: number | null;
  measured_at: string;
  /** The profile's name as the settings spell it; null: the default profile. */
  cpe_profile: string | null;
  source: MeasurementSource;
  note: string | null;
}

export interface CheckedRows {
  good: ResolvedMeasurement[];
  /** Every error, in line order (the caller keeps the first MEASUREMENT_IMPORT_MAX_ERRORS). */
  errors: MeasurementImportError[];
}

/**
 * The rows of a CSV text with their file lines. The header names the columns (any order, case and
 * spaces around ignored; other columns, such as an export's id and predictions, are left out); a
 * header without one of REQUIRED_CSV_COLUMNS, or a file with no data row, is refused as a whole.
 * Quoted cells may span lines: a row's line is the one it starts on. Blank lines are skipped.
 * The parser pauses every PARSE_SLICE_ROWS rows for a turn of the event loop, so 100,000 rows
 * never hold the thread for long.
 */
export async function csvRows(text: string): Promise<RawMeasurementRow[]> {
  // A byte-order mark (the export writes one for spreadsheets) is not part of the first column's name.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let header: string[] | null = null;
  const rows: RawMeasurementRow[] = [];
  let tooMany = false;
  // Lines are counted from the parser's cursor: newlines before a row's first character, plus one.
  let counted = 0;
  let newlines = 0;
  let rowStart = 0;
  let parsedBefore = 0;
  const newlinesUpTo = (offset: number) => {
    for (let i = counted; i < offset; i++) if (body.charCodeAt(i) === 10) newlines++;
    counted = Math.max(counted, offset);
    return newlines;
  };
  await new Promise<void>((resolve) => {
    let sinceTurn = 0;
    Papa.parse<string[]>(body, {
      header: false,
      skipEmptyLines: false,
      complete: () => resolve(),
      step: (result, parser) => {
        const line = newlinesUpTo(rowStart) + 1;
        rowStart = parsedBefore + result.meta.cursor;
        const cells = result.data;
        if (cells.length === 1 && cells[0]!.trim() === '') return;
        if (header === null) {
          header = cells.map((name) => name.trim().toLowerCase());
          return;
        }
        if (rows.length === MEASUREMENT_IMPORT_MAX_ROWS) {
          tooMany = true;
          parser.abort();
          return;
        }
        const fields: Record<string, unknown> = {};
        header.forEach((name, index) => {
          if (name !== '' && index < cells.length) fields[name] = cells[index];
        });
        rows.push({ line, fields });
        if (++sinceTurn === PARSE_SLICE_ROWS) {
          sinceTurn = 0;
          // After a pause the parser goes on with the rest of the text: its cursor counts from there.
          parsedBefore = rowStart;
          parser.pause();
          setImmediate(() => parser.resume());
        }
      },
    });
  });
  if (header === null) throw new ValidationError(EMPTY_IMPORT_MESSAGE);
  const named = new Set<string>(header);
  const missing = REQUIRED_CSV_COLUMNS.filter((column) => !named.has(column));
  if (missing.length > 0) {
    throw new ValidationError(
      `The header row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (columns: ${MEASUREMENT_CSV_COLUMNS.join(',')})`,
    );
  }
  if (tooMany) throw new ValidationError(TOO_MANY_ROWS_MESSAGE);
  if (rows.length === 0) throw new ValidationError(EMPTY_IMPORT_MESSAGE);
  return rows;
}

/** The items of a JSON import as rows: line = index + 1; an item that is not an object is one error. */
export function jsonRows(items: readonly unknown[]): RawMeasurementRow[] {
  if (items.length === 0) throw new ValidationError(EMPTY_IMPORT_MESSAGE);
  return items.map((item, index) => ({
    line: index + 1,
    fields: item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : null,
  }));
}

/** ISO 8601: a date, or a date-time with minutes, optional seconds and fraction, and an optional zone (none: UTC). */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const MEASURED_AT_MESSAGE = 'measured_at must be an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM:SSZ)';

/** An ISO date or date-time as the stored UTC instant (ISO text), or null when it is not one (or names no real day). */
export function measuredAtOf(value: string): string | null {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, , , zone] = match;
  const dayStart = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(dayStart.getTime()) || !dayStart.toISOString().startsWith(`${year}-${month}-${day}`)) return null;
  if (hour === undefined) return dayStart.toISOString();
  const withZone = zone === undefined ? `${value.replace(' ', 'T')}Z` : value.replace(' ', 'T');
  const instant = new Date(withZone);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** A tower's id or code as it resolves: a code first (codes are the ISP's names for its sites), then a whole number as an id. */
class TowerLookup {
  private readonly byCode = new Map<string, number>();
  private readonly ids = new Set<number>();
  private readonly sectors = new Map<string, number>();

  constructor(directory: ImportDirectory) {
    for (const tower of directory.towers) {
      this.ids.add(tower.id);
      if (tower.code !== null && tower.code.trim() !== '') this.byCode.set(tower.code.trim().toLowerCase(), tower.id);
    }
    for (const sector of directory.sectors) this.sectors.set(`${sector.tower_id}:${sector.name.trim().toLowerCase()}`, sector.id);
  }

  tower(value: number | string): number | null {
    if (typeof value === 'number') return this.ids.has(value) ? value : null;
    const key = value.trim().toLowerCase();
    const byCode = this.byCode.get(key);
    if (byCode !== undefined) return byCode;
    return /^\d+$/.test(key) && this.ids.has(Number(key)) ? Number(key) : null;
  }

  /** The sector of that name on the tower (case-insensitive). */
  sector(towerId: number, name: string): number | null {
    return this.sectors.get(`${towerId}:${name.trim().toLowerCase()}`) ?? null;
  }
}

/** Null and blank text are "left out": a CSV's empty cell and a JSON null mean the same. */
function withoutBlanks(fields: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * Checks each row against the row schema and the directory, and resolves what it names: the tower
 * (id or code), the sector (by name on that tower), the CPE profile (by name, case-insensitive),
 * the height (absent: the profile's, else the default profile's) and the time (absent: `now`).
 * A row without a signal is kept only as a failed install (source install).
 */
export function checkRows(rows: readonly RawMeasurementRow[], directory: ImportDirectory, now: string): CheckedRows {
  const lookup = new TowerLookup(directory);
  const profiles = new Map(directory.profiles.map((profile) => [profile.name.toLowerCase(), profile]));
  const defaultProfile = directory.profiles.find((profile) => profile.is_default) ?? directory.profiles[0];
  const good: ResolvedMeasurement[] = [];
  const errors: MeasurementImportError[] = [];
  for (const { line, fields } of rows) {
    if (fields === null) {
      errors.push({ line, field: 'row', message: 'Each measurement must be an object' });
      continue;
    }
    const parsed = measurementImportRow.safeParse(withoutBlanks(fields));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ line, field: String(issue.path[0] ?? 'row'), message: issue.message });
      continue;
    }
    const row = parsed.data;
    const rowErrors: MeasurementImportError[] = [];
    const fail = (field: string, message: string) => rowErrors.push({ line, field, message });

    const towerId = lookup.tower(row.tower);
    if (towerId === null) fail('tower', `No tower has the id or code "${String(row.tower)}"`);
    let sectorId: number | null = null;
    if (towerId !== null && row.sector !== undefined) {
      sectorId = lookup.sector(towerId, row.sector);
      if (sectorId === null) fail('sector', `The tower has no sector named "${row.sector}"`);
    }
    const profile = row.cpe_profile === undefined ? defaultProfile : profiles.get(row.cpe_profile.toLowerCase());
    if (row.cpe_profile !== undefined && profile === undefined) fail('cpe_profile', `No CPE profile is named "${row.cpe_profile}" in the radio settings`);
    const measuredAt = row.measured_at === undefined ? now : measuredAtOf(row.measured_at);
    if (measuredAt === null) fail('measured_at', MEASURED_AT_MESSAGE);
    const rssi = row.rssi_dbm ?? null;
    if (rssi === null && row.source !== 'install') fail('rssi_dbm', 'rssi_dbm is needed (only an install that failed for want of signal may leave it out)');

    if (rowErrors.length > 0 || towerId === null || measuredAt === null || profile === undefined) {
      errors.push(...rowErrors);
      continue;
    }
    good.push({
      tower_id: towerId,
      sector_id: sectorId,
      latitude: row.lat,
      longitude: row.lng,
      height_m: row.height_m ?? profile.height_m,
      rssi_dbm: rssi,
      measured_at: measuredAt,
      cpe_profile: row.cpe_profile === undefined ? null : profile.name,
      source: row.source,
      note: row.note ?? null,
    });
  }
  return { good, errors };
}
