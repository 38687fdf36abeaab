import { describe, expect, it } from 'vitest';
import { PatternFileError } from './patternFileError.js';
import { MAX_PATTERN_LINES, MAX_PATTERN_TEXT_CHARS } from './patternText.js';
import { detectPatternFormat, readAntennaPattern } from './readAntennaPattern.js';

const table = () => Array.from({ length: 360 }, (_, deg) => `${deg} 0`);
const MSI = ['NAME Vendor sector', 'GAIN 16 dBi', 'HORIZONTAL 360', ...table(), 'VERTICAL 360', ...table()].join('\n');
const ANT = Array.from({ length: 360 }, () => '0').join('\n');
const AZ = '30\n0 1\n90 0.5\n180 0.1\n270 0.5\n';
const EL = '4 30\n-10 0.3\n0 1\n90 0.1\n';

describe('detectPatternFormat', () => {
  it.each([
    ['planet_msi', MSI],
    ['planet_msi', MSI.replace('NAME Vendor sector\n', '')],
    ['radio_mobile_ant', ANT],
    ['splat_az', AZ],
    ['splat_el', EL],
    ['splat_az', `; made by hand\n${AZ}`],
  ])('tells %s by its content', (kind, text) => {
    expect(detectPatternFormat(text)).toBe(kind);
  });

  it('refuses text of no pattern format, naming the first line', () => {
    expect(() => detectPatternFormat('\n<html><body>not found</body></html>')).toThrow(/^Line 2: not an antenna pattern this server reads: Planet\/MSI/);
  });
});

describe('readAntennaPattern', () => {
  it('reads a Planet/MSI file whatever its name, with its own name and gain', () => {
    const pattern = readAntennaPattern([{ fileName: 'sector.el', text: MSI }]);
    expect(pattern).toMatchObject({ name: 'Vendor sector', format: 'planet_msi', gainDbi: 16 });
  });

  it("names the pattern by the name given, else the file's NAME line, else the file's name", () => {
    expect(readAntennaPattern([{ fileName: 'a.msi', text: MSI }], { name: ' North 1 ' }).name).toBe('North 1');
    expect(readAntennaPattern([{ fileName: 'rm-sector.ant', text: ANT }], { gainDbi: 14 }).name).toBe('rm-sector');
  });

  it('reads SPLAT! .az and .el in either order, the gain given beside them', () => {
    const both = readAntennaPattern(
      [
        { fileName: 'x.el', text: EL },
        { fileName: 'x.az', text: AZ },
      ],
      { name: 'SPLAT sector', gainDbi: 18 },
    );
    expect(both).toMatchObject({ name: 'SPLAT sector', format: 'splat', gainDbi: 18, tiltDeg: 4, tiltAzimuthDeg: 30 });
    expect(both.horizontalDb[30]).toBe(0);
    expect(readAntennaPattern([{ text: AZ }], { gainDbi: 18 }).verticalDb.every((db) => db === 0)).toBe(true);
  });

  it.each([
    ['a Radio Mobile file', [{ fileName: 'a.ant', text: ANT }], /^Radio Mobile .ant files carry no gain: give gain_dbi/],
    ['SPLAT! files', [{ fileName: 'a.az', text: AZ }], /^SPLAT! pattern files carry no gain: give gain_dbi/],
    ['a Planet/MSI file without GAIN', [{ text: MSI.replace('GAIN 16 dBi\n', '') }], /^This Planet\/MSI file has no GAIN line: give gain_dbi/],
  ])('asks for gain_dbi for %s', (_what, files, message) => {
    expect(() => readAntennaPattern(files)).toThrow(message);
    expect(readAntennaPattern(files, { gainDbi: 12.5 }).gainDbi).toBe(12.5);
  });

  it('refuses an impossible gain_dbi', () => {
    expect(() => readAntennaPattern([{ text: AZ }], { gainDbi: 99 })).toThrow(/^gain_dbi 99 is outside -20 to 60 dBi$/);
  });

  it('names the file and the line of a fault', () => {
    const upload = [
      { fileName: 'sector.az', text: AZ },
      { fileName: 'sector.el', text: EL.replace('0 1\n', '0 1.5\n') },
    ];
    expect(() => readAntennaPattern(upload, { gainDbi: 10 })).toThrow(/^sector\.el: Line 3: field 1\.5 is outside 0 to 1/);
    const error = (() => {
      try {
        readAntennaPattern(upload, { gainDbi: 10 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(PatternFileError);
    expect(error).toMatchObject({ line: 3, fileName: 'sector.el' });
  });

  it.each([
    ['two Planet files', [{ text: MSI }, { text: MSI }], /these files are Planet\/MSI and Planet\/MSI/],
    ['two .az files', [{ text: AZ }, { text: AZ }], /these files are SPLAT! .az and SPLAT! .az/],
    ['three files', [{ text: AZ }, { text: EL }, { text: AZ }], /^3 files: upload one pattern file, or SPLAT!'s .az and .el together$/],
    ['no file', [], /^no pattern file$/],
  ])('refuses %s', (_what, files, message) => {
    expect(() => readAntennaPattern(files, { gainDbi: 10 })).toThrow(message);
  });

  it(`reads a file of exactly ${MAX_PATTERN_TEXT_CHARS} characters and refuses one more`, () => {
    const padded = `${AZ}; ${'x'.repeat(MAX_PATTERN_TEXT_CHARS - AZ.length - 2)}`;
    expect(padded).toHaveLength(MAX_PATTERN_TEXT_CHARS);
    expect(readAntennaPattern([{ text: padded }], { gainDbi: 10 }).format).toBe('splat');
    expect(() => readAntennaPattern([{ text: `${padded}x` }], { gainDbi: 10 })).toThrow(/^the file is larger than 1,000,000 characters/);
  });

  it(`reads a file of exactly ${MAX_PATTERN_LINES} lines and refuses one more`, () => {
    const entries = Array.from({ length: MAX_PATTERN_LINES - 1 }, (_, i) => `${(-10 + i * 0.005).toFixed(3)} 1`);
    const el = ['0 0', ...entries].join('\n');
    expect(readAntennaPattern([{ text: `${el}\n` }], { gainDbi: 10 }).verticalDb[0]).toBe(0);
    expect(() => readAntennaPattern([{ text: `${el}\n89.999 1\n` }], { gainDbi: 10 })).toThrow(/^the file has more than 20,000 lines/);
  });
});
