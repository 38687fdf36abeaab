import { isPhone } from '../../common/api/fields.js';

/** A CSV cell's value: text is quoted as needed and made spreadsheet-safe; numbers are written as they are. */
export type CsvValue = string | number | boolean | null;

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. Text that a spreadsheet would take for a formula (it starts with = + - @, a tab or a
 * carriage return) gets a leading apostrophe, so it shows as typed and never runs; text with a
 * comma, quote or line break is quoted. Numbers stay numbers (a negative latitude is not text).
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A phone number as the leads CSV writes it. "+27 82 555 0101" starts with "+", which a spreadsheet
 * takes for a formula, and the apostrophe csvCell puts before such text shows in the cell. A phone
 * holds only digits, spaces, brackets, "+" and "-" (the phone rule), so its leading "+" is written
 * as "00 ", the international call prefix it stands for in most of the world (South Africa
 * included; North America dials 011): "00 27 82 555 0101" starts with a digit, so nothing runs,
 * and the space keeps it text, its zeros kept. Anything else goes through csvCell unchanged, so a
 * value that is not a phone, or one starting with "-", is still neutralised with the apostrophe.
 */
export function csvPhone(phone: string | null): CsvValue {
  if (phone === null || !isPhone(phone)) return phone;
  return phone.startsWith('+') ? `00 ${phone.slice(1).trimStart()}` : phone;
}

/** One line, CRLF-terminated as RFC 4180 has it. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** CSV text from batches of rows read one after another (never the whole export in memory), with a header line. */
export async function* csvStream<T>(header: readonly string[], batches: AsyncIterable<T[]>, row: (item: T) => CsvValue[]): AsyncGenerator<string> {
  // A byte-order mark tells spreadsheet programs the file is UTF-8 (names with accents survive).
  yield `\uFEFF${csvLine(header)}`;
  for await (const batch of batches) yield batch.map((item) => csvLine(row(item))).join('');
}
