import { parseDecimal } from '../../common/api/fields.js';
import { addressLabel } from '../../common/api/geocode.js';
import { ValidationError } from '../errors.js';
import { parseCsv } from './csv.js';
import { normalizeForSearch } from './searchText.js';

/** Rows with errors beyond this are counted but not listed, so a wrong file gives a short answer. */
export const MAX_LISTED_ERRORS = 100;
export const MISSING_HEADER_MESSAGE = 'The CSV needs a header row: label,lat,lng';

export interface CsvAddress {
  label: string;
  /** Degrees, -90..90. */
  lat: number;
  /** Degrees, -180..180. */
  lng: number;
}

export interface AddressCsvResult {
  addresses: CsvAddress[];
  errorCount: number;
  /** The first MAX_LISTED_ERRORS; line 1 is the header. */
  errors: { line: number; message: string }[];
}

function coordinate(text: string | undefined, name: 'Latitude' | 'Longitude', limit: number): number | string {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return `${name} is required`;
  const value = parseDecimal(trimmed);
  if (Number.isNaN(value)) return `${name} must be a number`;
  if (value < -limit || value > limit) return `${name} must be between -${limit} and ${limit}`;
  return value;
}

/** The address a row holds, or why it holds none. */
function readRow(fields: string[], width: number, columns: { label: number; lat: number; lng: number }): string | CsvAddress {
  if (fields.length !== width) {
    return `Expected ${width} fields, found ${fields.length}; put a label that contains commas in double quotes`;
  }
  // The shared text rule: required, at most 300 characters, no NUL.
  const parsed = addressLabel.safeParse(fields[columns.label] ?? '');
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Label is not valid';
  const label = parsed.data;
  if (normalizeForSearch(label) === '') return 'Label must contain letters or digits';
  const lat = coordinate(fields[columns.lat], 'Latitude', 90);
  if (typeof lat === 'string') return lat;
  const lng = coordinate(fields[columns.lng], 'Longitude', 180);
  if (typeof lng === 'string') return lng;
  return { label, lat, lng };
}

/**
 * Addresses from CSV text with a header row naming label, lat and lng (any order, any case, other
 * columns ignored). Each bad row is reported by its line and skipped; rows of only empty fields are
 * skipped silently. A missing header throws a ValidationError.
 */
export function readAddressCsv(text: string): AddressCsvResult {
  const [header, ...rows] = parseCsv(text);
  const names = header && !header.error ? header.fields.map((f) => f.trim().toLowerCase()) : [];
  const columns = { label: names.indexOf('label'), lat: names.indexOf('lat'), lng: names.indexOf('lng') };
  if (columns.label < 0 || columns.lat < 0 || columns.lng < 0) throw new ValidationError(MISSING_HEADER_MESSAGE);

  const result: AddressCsvResult = { addresses: [], errorCount: 0, errors: [] };
  for (const row of rows) {
    if (!row.error && row.fields.every((f) => f.trim() === '')) continue;
    const outcome = row.error ?? readRow(row.fields, names.length, columns);
    if (typeof outcome !== 'string') {
      result.addresses.push(outcome);
      continue;
    }
    result.errorCount++;
    if (result.errors.length < MAX_LISTED_ERRORS) result.errors.push({ line: row.line, message: outcome });
  }
  return result;
}
