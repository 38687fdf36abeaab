import { describe, expect, it } from 'vitest';
import { attenuationDbToField } from './antennaPattern.js';
import { readPlanetMsi } from './planetMsi.js';

/** A Planet file: header lines, then 360-entry tables from the functions (degrees → dB below the peak). */
function msi(header: string[], horizontal: (deg: number) => number = () => 0, vertical: (deg: number) => number = () => 0): string {
  const table = (f: (deg: number) => number) => Array.from({ length: 360 }, (_, deg) => `${deg} ${f(deg).toFixed(2)}`);
  return [...header, 'HORIZONTAL 360', ...table(horizontal), 'VERTICAL 360', ...table(vertical)].join('\r\n');
}

describe('readPlanetMsi', () => {
  it('reads NAME, a gain in dBi and both tables as given', () => {
    const file = readPlanetMsi(
      msi(
        ['NAME Sector 90', 'MAKE Acme', 'FREQUENCY 5800', 'GAIN 17.5 dBi', 'TILT ELECTRICAL 2'],
        (d) => d / 10,
        (d) => 20 - d / 20,
      ),
    );
    expect(file.name).toBe('Sector 90');
    expect(file.gainDbi).toBe(17.5);
    expect(file.horizontalDb).toHaveLength(360);
    expect(file.horizontalDb[0]).toBeCloseTo(0, 9);
    expect(file.horizontalDb[123]).toBeCloseTo(12.3, 9);
    expect(file.verticalDb[359]).toBeCloseTo(20 - 359 / 20, 9);
  });

  it('reads a gain in dBd, or with no unit, as dBd: dBi = dBd + 2.15', () => {
    expect(readPlanetMsi(msi(['NAME a', 'GAIN 14.85 dBd'])).gainDbi).toBeCloseTo(17, 9);
    expect(readPlanetMsi(msi(['NAME a', 'GAIN 14.85'])).gainDbi).toBeCloseTo(17, 9);
    expect(readPlanetMsi(msi(['NAME a', 'gain 15dbi'])).gainDbi).toBe(15);
  });

  it("takes an untagged first line as the name, skips vendors' own keywords and has no gain without a GAIN line", () => {
    const file = readPlanetMsi(msi(['5GHz 120 deg sector', 'X_VENDOR_FIELD 3', '3DB_WIDTH 120', 'POLARIZATION V']));
    expect(file.name).toBe('5GHz 120 deg sector');
    expect(file.gainDbi).toBeNull();
  });

  it('reads a negative attenuation as its size (some tools write the loss as a relative gain)', () => {
    expect(readPlanetMsi(msi(['NAME a'], (d) => -d / 100)).horizontalDb[50]).toBeCloseTo(0.5, 9);
  });

  it('reads a decimal comma', () => {
    expect(readPlanetMsi(msi(['NAME a', 'GAIN 16 dBi']).replace('\r\n14 0.00', '\r\n14 2,5')).horizontalDb[14]).toBeCloseTo(2.5, 9);
  });

  it('resamples a coarser table to whole degrees, linear in field', () => {
    const text = ['NAME coarse', 'HORIZONTAL 4', '0 0', '90 20', '180 40', '270 20', 'VERTICAL 2', '0 0', '180 10'].join('\n');
    const file = readPlanetMsi(text);
    const expected = (attenuationDbToField(0) + attenuationDbToField(20)) / 2;
    expect(file.horizontalDb[45]).toBeCloseTo(-20 * Math.log10(expected), 9);
    expect(file.horizontalDb[90]).toBeCloseTo(20, 9);
    expect(file.horizontalDb[315]).toBeCloseTo(-20 * Math.log10(expected), 9);
  });

  it.each([
    [
      'a table one entry short',
      msi(['NAME a']).replace(/\r\n359 0\.00(?=\r\nVERTICAL)/, ''),
      /^Line 362: expected 360 horizontal values, found 359 before "VERTICAL 360"$/,
    ],
    [
      'a table cut off by the end of the file',
      msi(['NAME a']).split('\r\n').slice(0, -3).join('\n'),
      /^Line 720: expected 360 vertical values, found 357 before the end of the file$/,
    ],
    [
      'a table one entry long',
      msi(['NAME a']).replace('VERTICAL 360', '360 0.00\r\nVERTICAL 360'),
      /^Line 363: expected a keyword .*found the values "360 0.00" outside a table \(more entries than its count\?\)$/,
    ],
    [
      'a word where a value belongs',
      msi(['NAME a']).replace('\r\n14 0.00', '\r\n14 zero'),
      /^Line 17: expected the attenuation in dB below the peak, found "zero"$/,
    ],
    ['an angle beyond 360', msi(['NAME a']).replace('\r\n14 0.00', '\r\n400 0.00'), /^Line 17: horizontal angle 400 is outside 0 to 360 degrees$/],
    ['no VERTICAL table', msi(['NAME a']).split('VERTICAL')[0]!, /^no VERTICAL table/],
    ['a table of no entries', 'NAME a\nHORIZONTAL 0\n', /^Line 2: HORIZONTAL 0: expected a whole number of entries from 1 to 3600/],
    ['a gain in an unknown unit', msi(['NAME a', 'GAIN 15 dB']), /^Line 2: expected the gain as a number with dBi or dBd/],
    ['an impossible gain', msi(['NAME a', 'GAIN 150 dBi']), /^Line 2: gain 150.00 dBi is outside -20 to 60 dBi$/],
    ['two horizontal tables', msi(['NAME a', 'HORIZONTAL 1', '0 0']), /^Line 4: a second HORIZONTAL table$/],
  ])('refuses %s, naming the line', (_what, text, message) => {
    expect(() => readPlanetMsi(text)).toThrow(message);
  });
});
