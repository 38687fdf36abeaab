import { describe, expect, it } from 'vitest';
import { ITM_DEFAULTS, ItmError, ItmWarning, type ItmPointToPointInput, validateInputs, warningNames } from './parameters.js';
import { itmPointToPoint } from './pointToPoint.js';

const PATH: ItmPointToPointInput = { profileM: new Array<number>(101).fill(100), spacingM: 100, txHeightM: 30, rxHeightM: 10, frequencyMHz: 900 };

describe('ITM inputs', () => {
  it('fills in the usual defaults: average ground, 301 N-units, continental temperate, vertical, 50/50/50, broadcast', () => {
    const validated = validateInputs(PATH);
    expect(validated.ok).toBe(true);
    if (!validated.ok) return;
    expect(validated.parameters).toMatchObject({
      relativePermittivity: 15,
      conductivitySPerM: 0.005,
      surfaceRefractivityN: 301,
      climate: 5,
      polarization: 'vertical',
      timeFraction: 0.5,
      locationFraction: 0.5,
      situationFraction: 0.5,
      variabilityMode: 3,
    });
    expect(validated.warnings).toBe(0);
    expect(itmPointToPoint({ ...PATH, ...ITM_DEFAULTS })).toEqual(itmPointToPoint(PATH));
    expect(itmPointToPoint({ ...PATH, polarization: undefined, climate: undefined })).toEqual(itmPointToPoint(PATH));
  });

  it.each<[string, number, Partial<ItmPointToPointInput>]>([
    ['transmitter below 0.5 m', ItmError.txTerminalHeight, { txHeightM: 0.4 }],
    ['receiver above 3000 m', ItmError.rxTerminalHeight, { rxHeightM: 3001 }],
    ['radio climate 8', ItmError.invalidRadioClimate, { climate: 8 as never }],
    ['refractivity 249 N-units', ItmError.refractivity, { surfaceRefractivityN: 249 }],
    ['frequency 19 MHz', ItmError.frequency, { frequencyMHz: 19 }],
    ['frequency 20,001 MHz', ItmError.frequency, { frequencyMHz: 20_001 }],
    ['circular polarisation', ItmError.polarization, { polarization: 'circular' as never }],
    ['permittivity below 1', ItmError.epsilon, { relativePermittivity: 0.5 }],
    ['conductivity 0', ItmError.sigma, { conductivitySPerM: 0 }],
    ['variability mode 4', ItmError.mdvar, { variabilityMode: 4 as never }],
    ['situations 100 %', ItmError.invalidSituation, { situationFraction: 1 }],
    ['time 0 %', ItmError.invalidTime, { timeFraction: 0 }],
    ['locations 120 %', ItmError.invalidLocation, { locationFraction: 1.2 }],
    ['a profile of two points', ItmError.pathDistance, { profileM: [100, 100] }],
    ['a spacing of 0 m', ItmError.pathDistance, { spacingM: 0 }],
    [
      'a lossless ground (the impedance is as imaginary as real)',
      ItmError.groundImpedance,
      { relativePermittivity: 1, conductivitySPerM: 1e-9, polarization: 'horizontal' },
    ],
    ['N_s below 150 on a 5 km high path', ItmError.surfaceRefractivitySmall, { profileM: new Array<number>(101).fill(5000), surfaceRefractivityN: 250 }],
  ])('%s: error %i', (_, code, change) => {
    const result = itmPointToPoint({ ...PATH, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errorCode).toBe(code);
  });

  it.each<[string, Partial<ItmPointToPointInput>, keyof typeof ItmWarning]>([
    ['transmitter at 0.8 m', { txHeightM: 0.8 }, 'txTerminalHeight'],
    ['receiver at 1,200 m', { rxHeightM: 1200 }, 'rxTerminalHeight'],
    ['30 MHz', { frequencyMHz: 30 }, 'frequency'],
    ['a 900 m path', { spacingM: 9 }, 'pathDistanceTooSmall2'],
    ['N_s below 250 on a 2 km high path', { profileM: new Array<number>(101).fill(2000), surfaceRefractivityN: 280 }, 'surfaceRefractivity'],
    ['time 0.05 %', { timeFraction: 0.0005 }, 'extremeVariabilities'],
  ])('%s: warning %s, and a loss all the same', (_, change, flag) => {
    const result = itmPointToPoint({ ...PATH, ...change });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warningNames).toContain(flag);
    expect(result.warnings & ItmWarning[flag]).not.toBe(0);
    expect(Number.isFinite(result.lossDb)).toBe(true);
  });

  it('names the flags set in a warning word', () => {
    expect(warningNames(0)).toEqual([]);
    expect(warningNames(0x0004 | 0x2000)).toEqual(['frequency', 'extremeVariabilities']);
  });
});
