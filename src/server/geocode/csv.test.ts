import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('splits plain records on LF, CRLF and CR, numbering their lines', () => {
    expect(parseCsv('a,b\n1,2\r\n3,4\r5,6')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 3, fields: ['3', '4'] },
      { line: 4, fields: ['5', '6'] },
    ]);
  });

  it('reads quoted fields with commas, "" escapes and line breaks, counting the lines they span', () => {
    const records = parseCsv('label,lat\n"12 Main Rd, Hermanus",1\n"The ""Old"" Mill\r\nUnit 2",2\nlast,3\n');
    expect(records).toEqual([
      { line: 1, fields: ['label', 'lat'] },
      { line: 2, fields: ['12 Main Rd, Hermanus', '1'] },
      { line: 3, fields: ['The "Old" Mill\r\nUnit 2', '2'] },
      { line: 5, fields: ['last', '3'] },
    ]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(parseCsv(',x,\n""')).toEqual([
      { line: 1, fields: ['', 'x', ''] },
      { line: 2, fields: [''] },
    ]);
  });

  it('ignores a byte order mark and blank lines, and allows spaces around quoted fields', () => {
    expect(parseCsv('\uFEFFa,b\n\n\r\n  "x, y"  ,2\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 4, fields: ['x, y', '2'] },
    ]);
  });

  it('keeps a quote inside an unquoted field as text', () => {
    expect(parseCsv('5" pipe,1')).toEqual([{ line: 1, fields: ['5" pipe', '1'] }]);
  });

  it('reports text after a closing quote on that record and carries on with the next', () => {
    const records = parseCsv('"a"b,1\nok,2');
    expect(records[0]).toMatchObject({ line: 1, error: 'Unexpected text after a closing quote; a quote inside a quoted field is written ""' });
    expect(records[1]).toEqual({ line: 2, fields: ['ok', '2'] });
  });

  it('reports a quoted field that is never closed on the line it starts', () => {
    const records = parseCsv('ok,1\n"open,2\nmore,3');
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({ line: 2, error: 'A quoted field is not closed' });
  });

  it('gives no records for empty text', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\n\r\n')).toEqual([]);
  });
});
