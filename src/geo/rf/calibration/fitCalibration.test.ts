import { describe, expect, it } from 'vitest';
import { MEASUREMENT_MAX_STORED } from '../../../common/api/measurements.js';
import { destinationPoint } from '../../sphere.js';
import { CalibrationLookup } from './calibrationLookup.js';
import type { FitSample, ReceiverClass } from './calibrationModel.js';
import { rmseOf } from './errorFigures.js';
import { fitCalibration, foldOf, SECTOR_PSEUDO_COUNT } from './fitCalibration.js';
import { syntheticSamples } from './testing/syntheticSamples.js';

const NO_CLASS_OFFSETS: Record<ReceiverClass, number> = { open: 0, trees: 0, suburban: 0, urban: 0, water: 0 };

/** A sample of tower 1 at a spot, its residual (measured − predicted) given. */
function sampleAt(id: number, spot: { lat: number; lng: number }, residualDb: number, sectorId: number | null = null): FitSample {
  return { id, towerId: 1, sectorId, receiverClass: 'open', lat: spot.lat, lng: spot.lng, distanceM: 1000, predictedDbm: -70, measuredDbm: -70 + residualDb };
}

/** The calibrated model applied to its own samples: the in-sample RMSE the report must never show. */
function inSampleRmse(samples: readonly FitSample[], lookup: CalibrationLookup): number {
  return rmseOf(samples.map((sample) => sample.measuredDbm - (sample.predictedDbm + lookup.correctionDb(sample))));
}

describe('fitCalibration', () => {
  it('recovers known global, sector and class offsets from noisy measurements', () => {
    // Each tower's sectors and the classes are offset about 0 (so the global offset is the bias alone).
    const sectorTruth = [
      [4, -1, -3],
      [-5, 2, 3],
    ];
    const classTruth: Record<ReceiverClass, number> = { open: 3, trees: -2, suburban: 1, urban: -4, water: 2 };
    const samples = syntheticSamples({
      seed: 7,
      towers: 10,
      samplesPerTower: 1200,
      sectorsPerTower: 3,
      radiusM: 5000,
      globalOffsetDb: -4,
      sectorOffsetDb: (tower, sector) => sectorTruth[tower % 2]![sector]!,
      classOffsetsDb: classTruth,
      noiseDb: 6,
    });
    const { model } = fitCalibration(samples, { rangeM: 300, folds: 5 });

    expect(model.globalOffsetDb).toBeCloseTo(-4, 0);
    expect(Math.abs(model.globalOffsetDb + 4)).toBeLessThan(0.3);
    expect(model.sectorOffsets).toHaveLength(30);
    for (const sector of model.sectorOffsets) {
      const truth = sectorTruth[(sector.towerId - 1) % 2]![(sector.sectorId! % 100) - 1]!;
      // About 400 samples each: a standard error of 0.3 dB, and a shrinkage of 8/408 of the offset.
      expect(Math.abs(sector.offsetDb - truth)).toBeLessThan(1);
    }
    for (const [receiverClass, truth] of Object.entries(classTruth)) {
      expect(Math.abs(model.classOffsetsDb[receiverClass as ReceiverClass] - truth)).toBeLessThan(0.5);
    }
    // The offsets take everything but the noise out: σ is about the noise, well below the uncalibrated RMSE.
    expect(model.sigmaDb).toBeGreaterThan(5.5);
    expect(model.sigmaDb).toBeLessThan(6.6);
    expect(model.uncalibratedRmseDb).toBeGreaterThan(8);
    expect(model.count).toBe(12_000);
  });

  it('shrinks a sector with three measurements toward the others as a pseudo-count of 8 says', () => {
    // Three sectors of 40 spot-on measurements and one sector of three, each 10 dB stronger than
    // predicted, all far apart. With w = n/(n + k) the known answer is the mixed model's: the global
    // offset is the w-weighted mean of the sector means, each sector keeps w of its departure from it.
    const site = { lat: -33.9, lng: 18.4 };
    const samples: FitSample[] = [];
    for (const sectorId of [1, 2, 3]) {
      for (let k = 0; k < 40; k++) samples.push(sampleAt(samples.length + 1, destinationPoint(site, sectorId * 90, 2000 + 200 * k), 0, sectorId));
    }
    for (let k = 0; k < 3; k++) samples.push(sampleAt(samples.length + 1, destinationPoint(site, 0, 2000 + 200 * k), 10, 4));
    const { model } = fitCalibration(samples, { rangeM: 100, folds: 5 });

    const weightOf = (n: number) => n / (n + SECTOR_PSEUDO_COUNT);
    const expectedGlobal = (weightOf(3) * 10) / (3 * weightOf(40) + weightOf(3));
    expect(model.globalOffsetDb).toBeCloseTo(expectedGlobal, 1);
    const fewPoints = model.sectorOffsets.find((sector) => sector.sectorId === 4)!;
    expect(fewPoints.count).toBe(3);
    expect(fewPoints.offsetDb).toBeCloseTo(weightOf(3) * (10 - expectedGlobal), 1);
    // The sector's correction away from its three spots (beyond the range): about 3.4 dB of their 10.
    const lookup = new CalibrationLookup(model);
    const elsewhere = destinationPoint(site, 45, 3000);
    const correction = lookup.correctionDb({ towerId: 1, sectorId: 4, receiverClass: 'open', ...elsewhere });
    expect(correction).toBeCloseTo(expectedGlobal + weightOf(3) * (10 - expectedGlobal), 1);
    expect(correction).toBeLessThan(3.5);
    // One class only: the unpenalised global offset takes what the class would, so the class keeps 0.
    expect(model.classOffsetsDb.open).toBe(0);
  });

  it('reports the cross-validated error, never the in-sample one, for a model that memorises', () => {
    // Pure noise on a grid 50 m apart with a 30 m range: the spatial term learns each sample from
    // itself alone, and nothing of one sample tells another.
    const site = { lat: -33.9, lng: 18.4 };
    const noise = syntheticSamples({
      seed: 11,
      towers: 1,
      samplesPerTower: 2000,
      sectorsPerTower: 0,
      radiusM: 1,
      globalOffsetDb: 0,
      sectorOffsetDb: () => 0,
      classOffsetsDb: NO_CLASS_OFFSETS,
      noiseDb: 6,
    });
    const samples = noise.map((sample, i) => {
      const spot = destinationPoint(destinationPoint(site, 90, 50 * (i % 50)), 0, 50 * Math.floor(i / 50));
      return sampleAt(i + 1, spot, sample.measuredDbm - sample.predictedDbm);
    });
    const { model, crossValidatedDbm } = fitCalibration(samples, { rangeM: 30, folds: 5 });

    const crossValidatedRmse = rmseOf(samples.map((sample, i) => sample.measuredDbm - crossValidatedDbm[i]!));
    expect(model.sigmaDb).toBeCloseTo(crossValidatedRmse, 2);
    expect(model.sigmaDb).toBeGreaterThan(5.5);
    expect(model.sigmaDb).toBeLessThan(6.5);
    // In sample, each spot keeps 2/3 of its own noise's correction: an RMSE of about 4 dB.
    const inSample = inSampleRmse(samples, new CalibrationLookup(model));
    expect(inSample).toBeLessThan(model.sigmaDb * 0.75);
  });

  it('predicts each sample with a fit that never saw it', () => {
    const samples = syntheticSamples({
      seed: 3,
      towers: 2,
      samplesPerTower: 200,
      sectorsPerTower: 3,
      radiusM: 3000,
      globalOffsetDb: -2,
      sectorOffsetDb: (_tower, sector) => sector - 1,
      classOffsetsDb: NO_CLASS_OFFSETS,
      noiseDb: 5,
    });
    const before = fitCalibration(samples, { rangeM: 1000, folds: 5 });
    const changed = samples.map((sample, i) => (i === 17 ? { ...sample, measuredDbm: sample.measuredDbm + 40 } : sample));
    const after = fitCalibration(changed, { rangeM: 1000, folds: 5 });

    expect(after.model.globalOffsetDb).not.toBe(before.model.globalOffsetDb);
    expect(after.crossValidatedDbm[17]).toBe(before.crossValidatedDbm[17]);
    // Its fold's neighbours were fitted without it too; the other folds' predictions saw it.
    const fold = foldOf(samples[17]!, { rangeM: 1000, folds: 5 });
    const sameFold = samples.findIndex((sample, i) => i !== 17 && foldOf(sample, { rangeM: 1000, folds: 5 }) === fold);
    const otherFold = samples.findIndex((sample) => foldOf(sample, { rangeM: 1000, folds: 5 }) !== fold);
    expect(after.crossValidatedDbm[sameFold]).toBe(before.crossValidatedDbm[sameFold]);
    expect(after.crossValidatedDbm[otherFold]).not.toBe(before.crossValidatedDbm[otherFold]);
  });

  it('holds out a block of ground at a time, its blocks spread evenly over the folds', () => {
    const options = { rangeM: 500, folds: 5 };
    const site = { lat: -33.9, lng: 18.4 };
    // Spots 50 m apart on one road share a block, and so a fold.
    const road = Array.from({ length: 10 }, (_, i) => foldOf(destinationPoint(site, 90, 50 * i + 10), options));
    expect(new Set(road).size).toBeLessThanOrEqual(2);
    // A 100 × 100 grid of blocks (1 km a side) falls evenly into the folds.
    const counts = [0, 0, 0, 0, 0];
    for (let row = 0; row < 100; row++) {
      for (let col = 0; col < 100; col++) counts[foldOf(destinationPoint(destinationPoint(site, 0, 1000 * row + 500), 90, 1000 * col + 500), options)]! += 1;
    }
    for (const count of counts) expect(Math.abs(count - 2000)).toBeLessThan(150);
  });

  it('is not flattered by measurements that share their shadowing (a spot imported twice)', () => {
    // Pure noise, each spot measured twice with the same value: were the twins in different folds,
    // each would be predicted from the other by the spatial term and σ would fall under the noise.
    const site = { lat: -33.9, lng: 18.4 };
    const noise = syntheticSamples({
      seed: 5,
      towers: 1,
      samplesPerTower: 600,
      sectorsPerTower: 0,
      radiusM: 1,
      globalOffsetDb: 0,
      sectorOffsetDb: () => 0,
      classOffsetsDb: NO_CLASS_OFFSETS,
      noiseDb: 6,
    });
    const samples = noise.flatMap((sample, i) => {
      const spot = destinationPoint(destinationPoint(site, 90, 400 * (i % 30)), 0, 400 * Math.floor(i / 30));
      const residual = sample.measuredDbm - sample.predictedDbm;
      return [sampleAt(2 * i + 1, spot, residual), sampleAt(2 * i + 2, spot, residual)];
    });
    const { model } = fitCalibration(samples, { rangeM: 100, folds: 5 });
    expect(model.sigmaDb).toBeGreaterThan(5.4);
  });

  it('keeps one residual per sample, so the stored model at the measurements cap stays far under 50 MB', () => {
    const samples = syntheticSamples({
      seed: 3,
      towers: 4,
      samplesPerTower: 1000,
      sectorsPerTower: 3,
      radiusM: 8000,
      globalOffsetDb: -4,
      sectorOffsetDb: () => 0,
      classOffsetsDb: NO_CLASS_OFFSETS,
      noiseDb: 6,
    });
    const { model } = fitCalibration(samples, { rangeM: 1000, folds: 2 });
    expect(model.spatial.reduce((sum, tower) => sum + tower.residualsDb.length, 0)).toBe(samples.length);
    // A residual is its lat, lng (6 places) and dB (2 places): about 26 bytes of JSON, 13 MB at the cap.
    const bytesPerSample = JSON.stringify(model).length / samples.length;
    expect(bytesPerSample).toBeGreaterThan(20);
    expect(bytesPerSample * MEASUREMENT_MAX_STORED).toBeLessThan(15e6);
  });

  it('refuses fewer than 20 measurements and bad options, naming why', () => {
    const site = { lat: -33.9, lng: 18.4 };
    const samples = Array.from({ length: 20 }, (_, i) => sampleAt(i + 1, destinationPoint(site, 0, 100 * (i + 1)), 1));
    expect(() => fitCalibration(samples.slice(0, 19), { rangeM: 1000, folds: 5 })).toThrow(
      'A calibration needs at least 20 measurements with a signal and a prediction; there are 19',
    );
    expect(() => fitCalibration(samples, { rangeM: 1000, folds: 1 })).toThrow('folds must be a whole number of at least 2');
    expect(() => fitCalibration(samples, { rangeM: 0, folds: 5 })).toThrow('rangeM must be a distance above 0 metres');
    const broken = samples.map((sample, i) => (i === 4 ? { ...sample, measuredDbm: Number.NaN } : sample));
    expect(() => fitCalibration(broken, { rangeM: 1000, folds: 5 })).toThrow('Measurement 5: measuredDbm must be a finite number');
  });
});
