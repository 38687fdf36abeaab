import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvPhone, csvStream } from './csv.js';

describe('csvCell', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvCell('+27 82 555 0101')).toBe("'+27 82 555 0101");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('quotes commas, quotes and line breaks, and leaves plain text and numbers alone', () => {
    expect(csvCell('12 Kloof St, Gardens')).toBe('"12 Kloof St, Gardens"');
    expect(csvCell('say "hi"\nplease')).toBe('"say ""hi""\nplease"');
    expect(csvCell('Thandi')).toBe('Thandi');
    expect(csvCell(-33.92)).toBe('-33.92');
    expect(csvCell(null)).toBe('');
  });
});

describe('csvPhone', () => {
  it('writes an international number with 00 for its +: no apostrophe, nothing a spreadsheet runs, still text', () => {
    expect(csvCell(csvPhone('+27 82 555 0101'))).toBe('00 27 82 555 0101');
    expect(csvCell(csvPhone('+27825550101'))).toBe('00 27825550101');
    expect(csvCell(csvPhone('+ 27 82 555 0101'))).toBe('00 27 82 555 0101');
  });

  it('leaves other phone numbers as typed, and neutralises the rest as any text', () => {
    expect(csvCell(csvPhone('082 555 0101'))).toBe('082 555 0101');
    expect(csvCell(csvPhone('(021) 555-0100'))).toBe('(021) 555-0100');
    expect(csvCell(csvPhone('-1+1'))).toBe("'-1+1");
    expect(csvCell(csvPhone('+1+cmd|calc'))).toBe("'+1+cmd|calc");
    expect(csvCell(csvPhone('=1+1'))).toBe("'=1+1");
    expect(csvCell(csvPhone(null))).toBe('');
  });
});

describe('csvStream', () => {
  it('writes a UTF-8 marked header and each batch as CRLF lines', async () => {
    async function* batches() {
      yield [{ a: 'x', b: 1 }];
      yield [{ a: '=y', b: -2 }];
    }
    let text = '';
    for await (const chunk of csvStream(['a', 'b'], batches(), (item) => [item.a, item.b])) text += chunk;
    expect(text).toBe(`\uFEFFa,b\r\nx,1\r\n'=y,-2\r\n`);
    expect(csvLine(['é'])).toBe('é\r\n');
  });
});
