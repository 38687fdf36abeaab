import { describe, expect, it } from 'vitest';
import { destinationPoint, distanceM } from '../../sphere.js';
import { seededRandom } from '../../testing/shapes.js';
import { CalibrationLookup, SPATIAL_PSEUDO_WEIGHT, TowerCorrection, towerCalibrationOf, type CalibrationTerms } from './calibrationLookup.js';
import type { ReceiverClass } from './calibrationModel.js';

const SITE = { lat: -33.9, lng: 18.4 };
const CLASSES: Record<ReceiverClass, number> = { open: 0.5, trees: -3, suburban: -1, urban: -6, water: 1 };

/** Tower 7 with sectors 70 and 71 and one residual of +9 dB 2 km north of it; tower 8 with an omni offset. */
function terms(rangeM = 1000): CalibrationTerms {
  const spot = destinationPoint(SITE, 0, 2000);
  return {
    globalOffsetDb: -2,
    sectorOffsets: [
      { towerId: 7, sectorId: 70, offsetDb: 1.5, count: 30 },
      { towerId: 7, sectorId: 71, offsetDb: -4, count: 12 },
      { towerId: 8, sectorId: null, offsetDb: 2.25, count: 40 },
    ],
    classOffsetsDb: CLASSES,
    rangeM,
    spatial: [{ towerId: 7, lats: [spot.lat], lngs: [spot.lng], residualsDb: [9] }],
  };
}

describe('TowerCorrection', () => {
  const north = (metres: number) => destinationPoint(destinationPoint(SITE, 0, 2000), 0, metres);

  it('adds the global, sector and class offsets', () => {
    const tower = new TowerCorrection(towerCalibrationOf(terms(), 7));
    const far = destinationPoint(SITE, 180, 3000);
    expect(tower.at(70, 'trees', far.lat, far.lng)).toBeCloseTo(-2 + 1.5 - 3, 10);
    expect(tower.at(71, 'open', far.lat, far.lng)).toBeCloseTo(-2 - 4 + 0.5, 10);
    // A sector without measurements has no offset of its own.
    expect(tower.at(72, 'urban', far.lat, far.lng)).toBeCloseTo(-2 - 6, 10);
    expect(tower.offsetDb(70, 'trees')).toBeCloseTo(-2 + 1.5 - 3, 10);
    expect(tower.spatialDb(far.lat, far.lng)).toBe(0);
    const omni = new TowerCorrection(towerCalibrationOf(terms(), 8));
    expect(omni.at(null, 'water', far.lat, far.lng)).toBeCloseTo(-2 + 2.25 + 1, 10);
  });

  it('weighs a residual by (1 − d²/R²)², shrunk, and falls to exactly 0 at the range', () => {
    const tower = new TowerCorrection(towerCalibrationOf(terms(1000), 7));
    const offsets = -2 + 1.5 + 0.5;
    const spatialAt = (metres: number) => {
      const spot = north(metres);
      return tower.at(70, 'open', spot.lat, spot.lng) - offsets;
    };
    expect(spatialAt(0)).toBeCloseTo(9 / (1 + SPATIAL_PSEUDO_WEIGHT), 6);
    // 500 m: weight (1 − 0.25)² = 0.5625.
    expect(spatialAt(500)).toBeCloseTo((0.5625 * 9) / (0.5625 + SPATIAL_PSEUDO_WEIGHT), 3);
    expect(spatialAt(990)).toBeGreaterThan(0);
    expect(spatialAt(990)).toBeLessThan(0.01);
    expect(spatialAt(1010)).toBe(0);
    expect(spatialAt(5000)).toBe(0);
    // East and west the same: the plane keeps distances true away from the meridian too.
    const east = destinationPoint(north(0), 90, 500);
    expect(tower.at(70, 'open', east.lat, east.lng) - offsets).toBeCloseTo(spatialAt(500), 2);
  });
});

describe('TowerCorrection over many residuals', () => {
  it('sums exactly the residuals within range, as a sum over all of them on the sphere does', () => {
    const random = seededRandom(4);
    const spots = Array.from({ length: 600 }, () => destinationPoint(SITE, 360 * random(), 3000 * Math.sqrt(random())));
    const residualsDb = spots.map(() => 20 * random() - 10);
    const rangeM = 700;
    const tower = new TowerCorrection({
      towerId: 7,
      globalOffsetDb: 0,
      sectorOffsetsDb: {},
      classOffsetsDb: { open: 0, trees: 0, suburban: 0, urban: 0, water: 0 },
      rangeM,
      spatial: { towerId: 7, lats: spots.map((spot) => spot.lat), lngs: spots.map((spot) => spot.lng), residualsDb },
    });
    for (let q = 0; q < 300; q++) {
      const query = destinationPoint(SITE, 360 * random(), 4000 * Math.sqrt(random()));
      let sumWeights = 0;
      let sumWeighted = 0;
      spots.forEach((spot, i) => {
        const d = distanceM(query, spot);
        if (d < rangeM) {
          const weight = (1 - (d * d) / (rangeM * rangeM)) ** 2;
          sumWeights += weight;
          sumWeighted += weight * residualsDb[i]!;
        }
      });
      expect(tower.at(null, 'open', query.lat, query.lng)).toBeCloseTo(sumWeighted / (sumWeights + SPATIAL_PSEUDO_WEIGHT), 2);
    }
  });
});

describe('CalibrationLookup', () => {
  it('answers a point the same as its tower correction, and a tower it has no measurement of with the global and class offsets', () => {
    const lookup = new CalibrationLookup(terms());
    const spot = destinationPoint(SITE, 0, 2100);
    const point = { towerId: 7, sectorId: 70, receiverClass: 'suburban' as const, ...spot };
    expect(lookup.correctionDb(point)).toBe(new TowerCorrection(lookup.tower(7)).at(70, 'suburban', spot.lat, spot.lng));
    expect(lookup.correctionDb({ ...point, towerId: 99, sectorId: 990 })).toBeCloseTo(-2 - 1, 10);
    expect(lookup.tower(99)).toEqual({ towerId: 99, globalOffsetDb: -2, sectorOffsetsDb: {}, classOffsetsDb: CLASSES, rangeM: 1000, spatial: null });
  });

  it('keys a tower by its own terms: another tower’s change leaves its hash', () => {
    const before = new CalibrationLookup(terms());
    const changed = terms();
    changed.sectorOffsets[2] = { towerId: 8, sectorId: null, offsetDb: 5, count: 41 };
    const after = new CalibrationLookup(changed);
    expect(after.towerHash(7)).toBe(before.towerHash(7));
    expect(after.towerHash(8)).not.toBe(before.towerHash(8));
    const wider = new CalibrationLookup(terms(2000));
    expect(wider.towerHash(7)).not.toBe(before.towerHash(7));
  });
});
