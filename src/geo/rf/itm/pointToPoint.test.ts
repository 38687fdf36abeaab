import { describe, expect, it } from 'vitest';
import { validateInputs } from './parameters.js';
import { freeSpaceLossDb, itmLossDb, itmPathInputs, itmPointToPoint, meanPathElevationM } from './pointToPoint.js';
import { NTIA_DRIVER_EXAMPLE_PFL, NTIA_P2P_EXAMPLES } from './testing/ntiaExamples.js';

describe('itmPointToPoint', () => {
  it.each(NTIA_P2P_EXAMPLES.map((example) => [`${example.frequencyMHz} MHz, ${((example.pfl[0]! * example.pfl[1]!) / 1000).toFixed(1)} km`, example] as const))(
    "NTIA's published example (p2p.csv), %s: the published loss to its 0.01 dB",
    (_, e) => {
      const result = itmPointToPoint({
        profileM: e.pfl.slice(2),
        spacingM: e.pfl[1]!,
        txHeightM: e.txHeightM,
        rxHeightM: e.rxHeightM,
        frequencyMHz: e.frequencyMHz,
        polarization: e.pol === 1 ? 'vertical' : 'horizontal',
        relativePermittivity: e.epsilon,
        conductivitySPerM: e.sigma,
        surfaceRefractivityN: e.n0,
        climate: e.climate,
        timeFraction: e.timePercent / 100,
        locationFraction: e.locationPercent / 100,
        situationFraction: e.situationPercent / 100,
        variabilityMode: e.mdvar,
      });
      expect(result.ok).toBe(true);
      if (result.ok) expect(Math.abs(result.lossDb - e.lossDb)).toBeLessThanOrEqual(0.005 + 1e-9);
    },
  );

  it("NTIA's command-line example (i_p2ptls.txt, pfl.txt): the published loss and intermediate values of o_p2ptls.txt", () => {
    const p = NTIA_DRIVER_EXAMPLE_PFL;
    const result = itmPointToPoint({ profileM: p.slice(2), spacingM: p[1]!, txHeightM: 15, rxHeightM: 3, frequencyMHz: 3500, variabilityMode: 1 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.lossDb).toBeCloseTo(114.5, 1);
    expect(result.freeSpaceLossDb).toBeCloseTo(114.5, 1);
    expect(result.warnings).toBe(0);
    expect(result.mode).toBe('line_of_sight');
    const d = result.details;
    expect(d.region).toBe('line_of_sight');
    expect(d.pathM / 1000).toBeCloseTo(3.635, 3);
    expect(d.referenceAttenuationDb).toBeCloseTo(0, 1);
    expect(d.surfaceRefractivityN).toBeCloseTo(251.5, 1);
    expect(d.terrainIrregularityM).toBeCloseTo(3.2, 1);
    expect(d.effectiveHeightsM[0]).toBeCloseTo(15, 1);
    expect(d.effectiveHeightsM[1]).toBeCloseTo(3, 1);
    expect(Math.round(d.horizonDistancesM[0])).toBe(14868);
    expect(Math.round(d.horizonDistancesM[1])).toBe(6494);
    expect(d.horizonAnglesRad[0] * 1000).toBeCloseTo(-1.949, 3);
    expect(d.horizonAnglesRad[1] * 1000).toBeCloseTo(-0.856, 3);
  });

  it('free-space reference: 32.45 + 20·log10(f MHz) + 20·log10(d km) over the profile length', () => {
    expect(freeSpaceLossDb(10_000, 1000)).toBeCloseTo(112.45, 10);
    const result = itmPointToPoint({ profileM: new Array<number>(11).fill(0), spacingM: 1000, txHeightM: 30, rxHeightM: 30, frequencyMHz: 1000 });
    expect(result.ok && result.freeSpaceLossDb).toBeCloseTo(112.45, 10);
  });

  it('reads the N_s height from the profile without its first and last tenth', () => {
    // 11 points: the tenth is 1 point each end, so points 1..9.
    expect(meanPathElevationM([1000, 10, 10, 10, 10, 10, 10, 10, 10, 10, 1000])).toBe(10);
  });

  describe('modes on simple profiles (100 m plain, 10 km, 900 MHz)', () => {
    const plain = () => new Array<number>(101).fill(100);
    const run = (profileM: number[], txHeightM = 30, rxHeightM = 10) => {
      const result = itmPointToPoint({ profileM, spacingM: 100, txHeightM, rxHeightM, frequencyMHz: 900 });
      if (!result.ok) throw new Error(`ITM error ${result.errorCode}`);
      return result;
    };

    it('line of sight over the plain: a few dB around free space', () => {
      const result = run(plain());
      expect(result.mode).toBe('line_of_sight');
      expect(result.details.region).toBe('line_of_sight');
      expect(Math.abs(result.lossDb - result.freeSpaceLossDb)).toBeLessThan(6);
    });

    it('a ridge half way: single-horizon diffraction mode, more loss than the plain, rising with its height', () => {
      const ridge = (topM: number) => plain().map((h, i) => (i === 50 ? topM : h));
      const low = run(ridge(180));
      const high = run(ridge(250));
      expect(low.mode).toBe('single_horizon_diffraction');
      // The path is shorter than the smooth-earth horizons (d_Ls = 36 km): the loss comes from the
      // line-of-sight curve, which ITM fits to the diffraction line of this very path.
      expect(low.details.region).toBe('line_of_sight');
      expect(low.details.horizonDistancesM).toEqual([5000, 5000]);
      expect(low.lossDb).toBeGreaterThan(run(plain()).lossDb + 10);
      expect(high.lossDb).toBeGreaterThan(low.lossDb);
    });

    it('two ridges: double-horizon diffraction', () => {
      const result = run(plain().map((h, i) => (i === 30 || i === 70 ? 200 : h)));
      expect(result.mode).toBe('double_horizon_diffraction');
      expect(result.details.horizonDistancesM).toEqual([3000, 3000]);
    });
  });

  it("itmLossDb gives itmPointToPoint's loss for another profile with the same inputs, and null where it refuses", () => {
    const base = { spacingM: 90, txHeightM: 30, rxHeightM: 6, frequencyMHz: 5800 };
    const validated = validateInputs({ ...base, profileM: [0, 0, 0] });
    if (!validated.ok) throw new Error('inputs refused');
    const inputs = itmPathInputs(validated.parameters);
    for (const points of [3, 20, 111]) {
      const profileM = Array.from({ length: points }, (_, i) => 300 + 120 * Math.sin(i / 7) + 40 * Math.cos(i / 3));
      const full = itmPointToPoint({ ...base, profileM });
      expect(full.ok).toBe(true);
      if (full.ok) expect(itmLossDb(inputs, profileM, 90)).toBe(full.lossDb);
    }
    expect(itmLossDb(inputs, [0, 0], 90)).toBeNull();
  });
});
