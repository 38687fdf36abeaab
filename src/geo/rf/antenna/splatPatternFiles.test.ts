import { describe, expect, it } from 'vitest';
import { fieldAt } from './patternTable.js';
import { readSplatAz, readSplatEl, splatPattern } from './splatPatternFiles.js';

describe('SPLAT! .az and .el files', () => {
  it('interpolates linearly in field, as SPLAT! does (notes/splat.md: 240° → 0.1, 270° → 0.2 give 0.160 at 258°)', () => {
    const az = readSplatAz('0 ; rotation\n0 1.0\n240 0.1\n270 0.2\n360 1.0\n');
    const pattern = splatPattern(az, null, 'notes', 10);
    expect(fieldAt(pattern.horizontalDb, 258)).toBeCloseTo(0.16, 9);
    expect(fieldAt(pattern.horizontalDb, 257.81)).toBeCloseTo(0.1 + (0.1 * 17.81) / 30, 9);
    expect(pattern.verticalDb.every((db) => db === 0)).toBe(true);
  });

  it('folds the .az rotation into the horizontal table: entry a of the file points a + rotation', () => {
    const lines = Array.from({ length: 360 }, (_, a) => `${a} ${(1 - a / 400).toFixed(4)}`);
    const pattern = splatPattern(readSplatAz(['90', ...lines].join('\n')), null, 'rotated', 10);
    expect(fieldAt(pattern.horizontalDb, 90)).toBeCloseTo(1, 9);
    expect(fieldAt(pattern.horizontalDb, 100)).toBeCloseTo(1 - 10 / 400, 9);
    expect(fieldAt(pattern.horizontalDb, 45)).toBeCloseTo(1 - 315 / 400, 9);
  });

  it('interpolates across 0/360 when the file gives neither', () => {
    const pattern = splatPattern(readSplatAz('0\n10 1.0\n350 0.5\n'), null, 'wrap', 10);
    expect(fieldAt(pattern.horizontalDb, 0)).toBeCloseTo(0.75, 9);
  });

  it('reads the .el tilt line and the cut by depression (−10..90), held beyond its ends and mirrored behind', () => {
    const el = readSplatEl('5.5 120\n-10 0.2\n0 1\n10 0.3\n');
    expect(el).toMatchObject({ tiltDeg: 5.5, tiltAzimuthDeg: 120 });
    const pattern = splatPattern(null, el, 'el only', 10);
    expect(pattern).toMatchObject({ tiltDeg: 5.5, tiltAzimuthDeg: 120 });
    expect(fieldAt(pattern.verticalDb, 0)).toBeCloseTo(1, 9);
    expect(fieldAt(pattern.verticalDb, 5)).toBeCloseTo(0.65, 9);
    expect(fieldAt(pattern.verticalDb, 355)).toBeCloseTo(0.6, 9); // 5° above the horizon
    expect(fieldAt(pattern.verticalDb, 60)).toBeCloseTo(0.3, 9); // beyond the last entry
    expect(fieldAt(pattern.verticalDb, 300)).toBeCloseTo(0.2, 9); // 60° up, beyond the first
    expect(pattern.verticalDb[175]).toBe(pattern.verticalDb[5]);
    expect(pattern.horizontalDb.every((db) => db === 0)).toBe(true);
  });

  it('takes a lone 0 as an .el tilt line (no tilt, no azimuth needed)', () => {
    expect(readSplatEl('0\n0 1\n')).toMatchObject({ tiltDeg: 0, tiltAzimuthDeg: 0 });
  });

  it.each([
    ['.az', '0 0\n0 1\n', /^Line 1: expected the pattern's rotation \(one number, degrees clockwise from true north\), found 2 words$/],
    ['.az', 'north\n0 1\n', /^Line 1: expected the pattern's rotation in degrees, found "north"$/],
    ['.az', '0\n0 1\n10 1.2\n', /^Line 3: field 1.2 is outside 0 to 1/],
    ['.az', '0\n0 1\n10 -0.1\n', /^Line 3: field -0.1 is outside 0 to 1/],
    ['.az', '0\n0 1\n\n370 1\n', /^Line 4: azimuth 370 is outside 0 to 360 degrees$/],
    ['.az', '0\n0 1\n10 1 2\n', /^Line 3: expected two numbers, azimuth and field, found 3 words$/],
    ['.az', '0\n0 1\n10 x\n', /^Line 3: expected the normalised field \(0 to 1\), found "x"$/],
    ['.az', '0 ; rotation only\n', /^expected lines of "azimuth field" after the first line, found none$/],
    ['.az', '; nothing\n', /^the file holds only comments$/],
    ['.el', '5\n0 1\n', /^Line 1: expected the mechanical tilt and the azimuth it points toward \(two numbers\), found 1 word$/],
    ['.el', '5 0\n-20 1\n', /^Line 2: elevation -20 is outside -10 to 90 degrees$/],
    ['.el', '95 0\n0 1\n', /^Line 1: mechanical tilt 95 is outside -90 to 90 degrees$/],
  ])('refuses a bad %s file, naming the line: %s', (kind, text, message) => {
    expect(() => (kind === '.az' ? readSplatAz(text) : readSplatEl(text))).toThrow(message);
  });
});
