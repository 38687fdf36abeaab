import { describe, expect, it } from 'vitest';
import { fitCalibration } from '../../geo/rf/calibration/fitCalibration.js';
import { syntheticSamples } from '../../geo/rf/calibration/testing/syntheticSamples.js';
import { fitInWorker, packSamples, unpackSamples } from './calibrationFitting.js';

const samples = syntheticSamples({
  seed: 5,
  towers: 3,
  samplesPerTower: 100,
  sectorsPerTower: 2,
  radiusM: 4000,
  globalOffsetDb: -3,
  sectorOffsetDb: (_tower, sector) => (sector === 0 ? 2 : -2),
  classOffsetsDb: { open: 0, trees: -4, suburban: -1, urban: -6, water: 1 },
  noiseDb: 5,
});

describe('packSamples', () => {
  it('round-trips samples through typed columns, omni sectors and open ground included', () => {
    const mixed = [...samples.slice(0, 10), { ...samples[10]!, sectorId: null, receiverClass: 'open' as const }];
    expect(unpackSamples(packSamples(mixed))).toEqual(mixed);
  });
});

describe('fitInWorker', () => {
  it('answers the same fit as in-process, with its time', async () => {
    const options = { rangeM: 800, folds: 5 };
    const result = await fitInWorker(samples, options);
    const expected = fitCalibration(samples, options);
    expect(result.model).toEqual(expected.model);
    expect(Array.from(result.crossValidatedDbm)).toEqual(Array.from(expected.crossValidatedDbm));
    expect(result.fitMs).toBeGreaterThan(0);
  });

  it('fails with the fit’s own message', async () => {
    await expect(fitInWorker(samples.slice(0, 5), { rangeM: 800, folds: 5 })).rejects.toThrow(
      'A calibration needs at least 20 measurements with a signal and a prediction; there are 5',
    );
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const fitting = fitInWorker(samples, { rangeM: 800, folds: 5 }, controller.signal);
    controller.abort(new Error('Shutting down'));
    await expect(fitting).rejects.toThrow('Shutting down');
  });
});
