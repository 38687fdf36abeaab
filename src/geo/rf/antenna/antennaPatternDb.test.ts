import { describe, expect, it } from 'vitest';
import type { AntennaPattern } from './antennaPattern.js';
import { antennaPatternDb, gainTowardDbi, tiltShare, tiltTowardDeg } from './antennaPatternDb.js';
import { BUILTIN_PATTERNS } from './builtinPatterns.js';
import { readSplatAz, splatPattern } from './splatPatternFiles.js';

/** A pattern whose horizontal attenuation is |φ|/10 dB (φ off the boresight, −180..180) and vertical |d| dB (d below the horizon ahead). */
const VEE: AntennaPattern = {
  name: 'vee',
  format: 'builtin',
  gainDbi: 15,
  horizontalDb: Array.from({ length: 360 }, (_, i) => Math.min(i, 360 - i) / 10),
  verticalDb: Array.from({ length: 360 }, (_, i) => Math.min(i, 360 - i)),
  tiltDeg: 0,
  tiltAzimuthDeg: 0,
};
const level = { azimuthDeg: 0, downtiltDeg: 0 };

describe('antennaPatternDb', () => {
  it('is 0 at the peak and the negated attenuations elsewhere (dB ≤ 0), the gain the peak gain plus it', () => {
    expect(antennaPatternDb(VEE, level, 0, 0)).toBe(0);
    expect(antennaPatternDb(VEE, level, 90, 0)).toBeCloseTo(-9, 9);
    expect(antennaPatternDb(VEE, level, 0, -4)).toBeCloseTo(-4, 9);
    expect(antennaPatternDb(VEE, level, 270, 3)).toBeCloseTo(-12, 9);
    expect(gainTowardDbi(VEE, level, 90, 0)).toBeCloseTo(6, 9);
  });

  it('reads the horizontal table at bearing − azimuth, across the 0/360 wrap either way', () => {
    const north = { azimuthDeg: 350, downtiltDeg: 0 };
    expect(antennaPatternDb(VEE, north, 350, 0)).toBe(0);
    expect(antennaPatternDb(VEE, north, 5, 0)).toBeCloseTo(-1.5, 9);
    expect(antennaPatternDb(VEE, north, 335, 0)).toBeCloseTo(-1.5, 9);
    expect(antennaPatternDb(VEE, { azimuthDeg: 10, downtiltDeg: 0 }, 359.5, 0)).toBeCloseTo(-1.05, 2);
    expect(antennaPatternDb(VEE, north, 170, 0)).toBeCloseTo(-18, 9); // straight behind
  });

  it('interpolates between entries linearly in field, not in dB', () => {
    const steep = { ...VEE, horizontalDb: VEE.horizontalDb.map((_, i) => (i === 1 ? 20 : 0)) };
    // Half way between 0 dB (field 1) and 20 dB (field 0.1): field 0.55.
    expect(antennaPatternDb(steep, level, 0.5, 0)).toBeCloseTo(20 * Math.log10(0.55), 9);
  });

  it("tilts down ahead, not at all square to the boresight, and up behind (SPLAT!'s share 1 − |φ|/90)", () => {
    const tilted = { azimuthDeg: 100, downtiltDeg: 6 };
    expect(antennaPatternDb(VEE, tilted, 100, -6)).toBe(0); // 6° below the horizon ahead: on the tilted boresight
    expect(antennaPatternDb(VEE, tilted, 100, 0)).toBeCloseTo(-6, 9);
    expect(antennaPatternDb(VEE, tilted, 280, 6)).toBeCloseTo(-18, 9); // behind, 6° above: only the horizontal 18 dB
    expect(antennaPatternDb(VEE, tilted, 190, 0)).toBeCloseTo(-9, 9); // square: the horizon is on the beam
    expect(tiltTowardDeg(VEE, tilted, 145)).toBeCloseTo(3, 9); // 45° off: half the tilt, where cos 45° would give 4.24
    expect(tiltTowardDeg(VEE, tilted, 55)).toBeCloseTo(3, 9);
    expect(tiltTowardDeg(VEE, tilted, 235)).toBeCloseTo(-3, 9);
    expect(tiltShare(-90)).toBe(0);
    expect(tiltShare(540)).toBe(-1);
  });

  it("adds the file's own tilt, by bearing from its own azimuth, to the mount's", () => {
    const fileTilt = { ...VEE, tiltDeg: 4, tiltAzimuthDeg: 90 };
    const mount = { azimuthDeg: 30, downtiltDeg: 2 };
    expect(tiltTowardDeg(fileTilt, mount, 30)).toBeCloseTo(2, 9); // the file's tilt square to the boresight
    expect(tiltTowardDeg(fileTilt, mount, 120)).toBeCloseTo(4, 9); // toward the file's tilt, square to the mount's
    expect(tiltTowardDeg(fileTilt, mount, 75)).toBeCloseTo(1 + 2, 9);
  });

  it('reads the vertical cut ahead only, whatever the bearing: the horizontal cut holds the front-to-back ratio', () => {
    const backLobe = { ...VEE, verticalDb: VEE.verticalDb.map((db, i) => (i > 90 && i < 270 ? 50 : db)) };
    expect(antennaPatternDb(backLobe, level, 180, -10)).toBeCloseTo(-(18 + 10), 9);
    expect(antennaPatternDb(backLobe, level, 180, 80)).toBeCloseTo(-(18 + 80), 9);
  });

  it("gives a mount's down-tilt what the same tilt in the file, toward the boresight, gives (so SPLAT!'s .el tilt checks both)", () => {
    const inFile = { ...VEE, tiltDeg: 5, tiltAzimuthDeg: 0 };
    for (const [bearing, elevation] of [
      [200, -5],
      [245, -2.5],
      [20, 5],
      [290, 0],
      [137.3, 1.2],
    ] as const) {
      expect(antennaPatternDb(VEE, { azimuthDeg: 200, downtiltDeg: 5 }, bearing, elevation)).toBeCloseTo(
        antennaPatternDb(inFile, { azimuthDeg: 200, downtiltDeg: 0 }, bearing, elevation),
        9,
      );
    }
  });

  it('holds depressions beyond ±90° relative to the tilted boresight at ±90°', () => {
    expect(antennaPatternDb(VEE, { azimuthDeg: 0, downtiltDeg: 30 }, 180, -85)).toBeCloseTo(-(18 + 90), 9);
  });

  it("gives a file's rotation at mount 0 what the unrotated file gives mounted at that azimuth", () => {
    const lines = Array.from({ length: 360 }, (_, a) => `${a} ${(0.05 + 0.95 * Math.cos((a * Math.PI) / 360) ** 2).toFixed(4)}`);
    const rotated = splatPattern(readSplatAz(['330', ...lines].join('\n')), null, 'r', 10);
    const plain = splatPattern(readSplatAz(['0', ...lines].join('\n')), null, 'p', 10);
    for (const bearing of [0, 17.5, 150, 329, 331.25, 359.9]) {
      expect(antennaPatternDb(rotated, level, bearing, 0)).toBeCloseTo(antennaPatternDb(plain, { azimuthDeg: 330, downtiltDeg: 0 }, bearing, 0), 9);
    }
  });

  it('gives a built-in sector −3 dB at half its beamwidth off the boresight, on the tilted beam', () => {
    const sector90 = BUILTIN_PATTERNS.find((b) => b.id === 'sector_90')!.pattern;
    // 45° off a 3° down-tilt: 1.5° of it felt, so the beam is 1.5° below the horizon there.
    expect(antennaPatternDb(sector90, { azimuthDeg: 200, downtiltDeg: 3 }, 245, -1.5)).toBeCloseTo(-3, 9);
  });
});
