import { describe, expect, it } from 'vitest';
import { BUILTIN_LOSS_DB, BUILTIN_PATTERNS, modelDirectivityDbi } from './builtinPatterns.js';
import { horizontalBeam, verticalBeam } from './halfPowerBeam.js';

describe('built-in patterns', () => {
  it.each(BUILTIN_PATTERNS.map((b) => [b.id, b] as const))('%s has the half-power beamwidths of its model, centred on the boresight', (_id, builtin) => {
    const horizontal = horizontalBeam(builtin.pattern);
    const vertical = verticalBeam(builtin.pattern);
    expect(horizontal.widthDeg).toBeCloseTo(builtin.model.horizontalBeamwidthDeg, 0);
    expect(Math.abs(horizontal.widthDeg - builtin.model.horizontalBeamwidthDeg)).toBeLessThan(0.2);
    expect(Math.abs(vertical.widthDeg - builtin.model.verticalBeamwidthDeg)).toBeLessThan(0.2);
    expect(horizontal.centreDeg).toBeCloseTo(0, 9);
    expect(vertical.centreDeg).toBeCloseTo(0, 9);
    expect(builtin.pattern.horizontalDb[180]).toBe(builtin.model.frontToBackDb);
    expect(builtin.pattern.verticalDb[90]).toBe(Math.min(builtin.model.sideLobeDb, builtin.model.frontToBackDb));
  });

  it.each(BUILTIN_PATTERNS.map((b) => [b.id, b] as const))('%s has the gain of its model: directivity less the losses, to 0.1 dB', (_id, builtin) => {
    expect(Math.abs(builtin.pattern.gainDbi - (modelDirectivityDbi(builtin.model, 0.5) - BUILTIN_LOSS_DB))).toBeLessThanOrEqual(0.1);
  });

  it('an isotropic model has a directivity of 0 dBi (the integration is right)', () => {
    const flat = { horizontalBeamwidthDeg: 1e9, verticalBeamwidthDeg: 1e9, frontToBackDb: 0, sideLobeDb: 0 };
    expect(modelDirectivityDbi(flat, 1)).toBeCloseTo(0, 3);
  });
});
