import { describe, expect, it } from 'vitest';
import { readRadioMobileAnt } from './radioMobileAnt.js';

/** A .ant text of the values, one a line. */
const ant = (values: number[]) => values.map((v) => v.toFixed(2)).join('\n');
const horizontal = Array.from({ length: 360 }, (_, deg) => -deg / 100);

describe('readRadioMobileAnt', () => {
  it('reads 360 values as the horizontal cut (dB relative to the peak → attenuation) with a flat vertical cut', () => {
    const pattern = readRadioMobileAnt(ant(horizontal), 'v1', 16);
    expect(pattern).toMatchObject({ name: 'v1', format: 'radio_mobile_ant', gainDbi: 16, tiltDeg: 0 });
    expect(pattern.horizontalDb[0]).toBe(0);
    expect(pattern.horizontalDb[250]).toBeCloseTo(2.5, 9);
    expect(pattern.verticalDb.every((db) => db === 0)).toBe(true);
  });

  it('reads 720 values: the vertical circle from straight up (line 361), the horizon ahead at line 451, straight down at 541, the horizon behind at 631', () => {
    const vertical = Array.from({ length: 360 }, () => -30);
    vertical[0] = -1; // line 361: +90°, straight up
    vertical[90] = 0; // line 451: the horizon ahead
    vertical[92] = -0.5; // line 453: 2° below it
    vertical[180] = -12; // line 541: straight down
    vertical[270] = -25; // line 631: the horizon behind
    vertical[1] = -2; // line 362: +89°, a degree ahead of straight up
    vertical[359] = -3; // line 720: +91°, a degree behind straight up
    const pattern = readRadioMobileAnt(ant([...horizontal, ...vertical]), 'v3', 16);
    expect(pattern.verticalDb[0]).toBe(0);
    expect(pattern.verticalDb[2]).toBe(0.5);
    expect(pattern.verticalDb[90]).toBe(12);
    expect(pattern.verticalDb[180]).toBe(25);
    expect(pattern.verticalDb[270]).toBe(1);
    expect(pattern.verticalDb[271]).toBe(2);
    expect(pattern.verticalDb[269]).toBe(3);
    expect(pattern.verticalDb[300]).toBe(30);
  });

  it('reads 541 values (+90° to −90°) as the cut ahead, mirrored behind', () => {
    const vertical = Array.from({ length: 181 }, (_, k) => -Math.abs(k - 92) / 4); // peak 2° below the horizon (k = 92)
    const pattern = readRadioMobileAnt(ant([...horizontal, ...vertical]), 'v2', 16);
    expect(pattern.verticalDb[2]).toBe(0);
    expect(pattern.verticalDb[0]).toBe(0.5);
    expect(pattern.verticalDb[90]).toBe(22);
    expect(pattern.verticalDb[350]).toBe(3);
    expect(pattern.verticalDb[178]).toBe(pattern.verticalDb[2]);
  });

  it('reads a decimal comma and CRLF line ends', () => {
    const text = horizontal.map((v) => v.toFixed(2).replace('.', ',')).join('\r\n');
    expect(readRadioMobileAnt(text, 'comma', 10).horizontalDb[123]).toBeCloseTo(1.23, 9);
  });

  it('holds attenuations at 100 dB (a field of 0.00001)', () => {
    expect(readRadioMobileAnt(ant(horizontal.map((v, deg) => (deg === 180 ? -150 : v))), 'deep', 10).horizontalDb[180]).toBe(100);
  });

  it.each([
    [
      '359 values',
      ant(horizontal.slice(1)),
      /^Line 359: expected 360 horizontal values, optionally followed by 180 \(or 181\) or 360 vertical ones, one a line; found 359 values$/,
    ],
    ['a word', ant(horizontal).replace('\n-0.10\n', '\nminus\n'), /^Line 11: expected a value in dB relative to the peak, found "minus"$/],
    [
      'two values on a line',
      ant(horizontal).replace('\n-0.10\n', '\n-0.10 -0.11\n'),
      /^Line 11: expected one value \(dB relative to the peak\), found 2 words$/,
    ],
    ['a gain above the peak', ant(horizontal).replace('\n-0.10\n', '\n3.50\n'), /^Line 11: 3.5 dB is above the peak/],
  ])('refuses %s, naming the line', (_what, text, message) => {
    expect(() => readRadioMobileAnt(text, 'bad', 10)).toThrow(message);
  });
});
