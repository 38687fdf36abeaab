export interface CsvRecord {
  /** 1-based line the record starts on (a quoted field may continue it over further lines). */
  line: number;
  fields: string[];
  /** Why the record is malformed; its fields are then incomplete. */
  error?: string;
}

/**
 * RFC 4180 CSV: comma-separated fields, records ending in CRLF, LF or CR, fields in double quotes
 * holding commas, line breaks and "" for a quote. Lenient where spreadsheets are: a UTF-8 byte
 * order mark is ignored, blank lines are skipped, and spaces around a quoted field are allowed.
 * Broken quoting is reported on its record rather than thrown, so the other rows still count.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;

  /** Steps over the line break at `pos` (CRLF counts once). */
  const skipLineBreak = () => {
    pos += text[pos] === '\r' && text[pos + 1] === '\n' ? 2 : 1;
    line++;
  };
  const atLineBreak = () => text[pos] === '\n' || text[pos] === '\r';

  while (pos < text.length) {
    if (atLineBreak()) {
      skipLineBreak();
      continue;
    }
    const record: CsvRecord = { line, fields: [] };
    let field = '';
    let state: 'unquoted' | 'quoted' | 'afterQuote' = 'unquoted';
    while (pos < text.length) {
      const c = text[pos]!;
      if (state === 'quoted') {
        if (c === '"' && text[pos + 1] === '"') {
          field += '"';
          pos += 2;
        } else if (c === '"') {
          state = 'afterQuote';
          pos++;
        } else if (atLineBreak()) {
          // The break is data: keep it as written, but count the line for later records.
          field += c === '\r' && text[pos + 1] === '\n' ? '\r\n' : c;
          skipLineBreak();
        } else {
          field += c;
          pos++;
        }
        continue;
      }
      if (c === ',') {
        record.fields.push(field);
        field = '';
        state = 'unquoted';
        pos++;
        continue;
      }
      if (atLineBreak()) break;
      if (state === 'afterQuote') {
        if (c !== ' ' && c !== '\t') {
          record.error = 'Unexpected text after a closing quote; a quote inside a quoted field is written ""';
          while (pos < text.length && !atLineBreak()) pos++;
          break;
        }
        pos++;
        continue;
      }
      if (c === '"' && field.trim() === '') {
        field = '';
        state = 'quoted';
      } else {
        field += c;
      }
      pos++;
    }
    if (state === 'quoted') record.error = 'A quoted field is not closed';
    record.fields.push(field);
    records.push(record);
    if (pos < text.length) skipLineBreak();
  }
  return records;
}
