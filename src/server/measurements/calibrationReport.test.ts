import { describe, expect, it } from 'vitest';
import { measurementReport } from '../../common/api/measurements.js';
import type { CalibrationModel } from '../../geo/rf/calibration/calibrationModel.js';
import { buildMeasurementReport, type MeasurementReportInput, type ReportSample } from './calibrationReport.js';

/** A sample 0.01° apart from the next, least usable −75 dBm. */
function sample(
  id: number,
  fields: Pick<ReportSample, 'towerId' | 'sectorId' | 'receiverClass' | 'distanceM' | 'predictedDbm' | 'measuredDbm' | 'source' | 'lineOfSight'>,
): ReportSample {
  return { id, lat: -33.9, lng: 18.4 + 0.01 * id, leastUsableDbm: -75, ...fields };
}

// Residuals −2, +4, −6, +2 dB.
const SAMPLES: ReportSample[] = [
  sample(1, { towerId: 1, sectorId: 10, receiverClass: 'open', distanceM: 500, predictedDbm: -60, measuredDbm: -62, source: 'install', lineOfSight: true }),
  sample(2, { towerId: 1, sectorId: 10, receiverClass: 'trees', distanceM: 2000, predictedDbm: -70, measuredDbm: -66, source: 'survey', lineOfSight: true }),
  sample(3, { towerId: 1, sectorId: 11, receiverClass: 'trees', distanceM: 2500, predictedDbm: -74, measuredDbm: -80, source: 'install', lineOfSight: true }),
  sample(4, {
    towerId: 2,
    sectorId: null,
    receiverClass: 'urban',
    distanceM: 12_000,
    predictedDbm: -72,
    measuredDbm: -70,
    source: 'install',
    lineOfSight: false,
  }),
];

const MODEL: CalibrationModel = {
  version: 1,
  globalOffsetDb: -1,
  sectorOffsets: [{ towerId: 1, sectorId: 10, offsetDb: 0, count: 2 }],
  classOffsetsDb: { open: 0, trees: 0, suburban: 0, urban: 0, water: 0 },
  rangeM: 1000,
  spatial: [],
  sigmaDb: 2.18,
  uncalibratedRmseDb: 3.87,
  count: 4,
};

function input(fitted: boolean): MeasurementReportInput {
  return {
    counts: { total: 9, pending: 2, outOfRange: 1, failedInstalls: 2 },
    samples: SAMPLES,
    failedInstalls: [{ towerId: 1, sectorId: 11, receiverClass: 'trees', lat: -33.95, lng: 18.45, predictedDbm: -73, lineOfSight: true, leastUsableDbm: -75 }],
    // Cross-validated residuals −1, +1, −4, +1 dB.
    fit: fitted ? { model: MODEL, crossValidatedDbm: new Float64Array([-61, -67, -76, -71]), fittedAt: '2026-11-26T22:00:00.000Z', fitMs: 840 } : null,
    folds: 5,
    towerNames: new Map([
      [1, 'Alpha'],
      [2, 'Bravo'],
    ]),
    sectorNames: new Map([
      [10, 'North'],
      [11, 'South'],
    ]),
    sigma: fitted ? { sigmaDb: 2.18, source: 'calibrated' } : { sigmaDb: 10, source: 'setting' },
  };
}

describe('buildMeasurementReport', () => {
  it('gives the uncalibrated figures, per group, and the serviceable installs without a fit', () => {
    const report = measurementReport.parse(buildMeasurementReport(input(false)));
    expect(report).toMatchObject({ total: 9, count: 4, pending: 2, out_of_range: 1, failed_installs: 2, calibrated: null, model: null });
    // Mean −0.5; RMSE √15; spread √(15 − 0.25).
    expect(report.uncalibrated).toEqual({ count: 4, mean_error_db: -0.5, std_db: 3.84, rmse_db: 3.87 });
    expect(report.by_sector.map((group) => [group.key, group.label, group.uncalibrated.mean_error_db])).toEqual([
      ['1:10', 'Alpha — North', 1],
      ['1:11', 'Alpha — South', -6],
      ['2:omni', 'Bravo — omni', 2],
    ]);
    expect(report.by_distance_band.map((group) => [group.label, group.count])).toEqual([
      ['0–1 km', 1],
      ['1–3 km', 2],
      ['10+ km', 1],
    ]);
    expect(report.by_clutter_class.map((group) => [group.key, group.label, group.uncalibrated.rmse_db, group.calibrated])).toEqual([
      ['open', 'Open ground', 2, null],
      ['trees', 'Trees', 5.1, null],
      ['urban', 'Urban', 2, null],
    ]);
    // Called serviceable: install 1 (worked), install 3 (−80 dBm measured: did not) and the failed
    // install; install 4 had no line of sight.
    expect(report.serviceable).toEqual({ uncalibrated: { predicted_serviceable: 3, successful: 1, success_pct: 33.3 }, calibrated: null });
    expect(report.scatter).toEqual(SAMPLES.map((s) => ({ predicted_dbm: s.predictedDbm, measured_dbm: s.measuredDbm, calibrated_dbm: null })));
    expect(report).toMatchObject({ sigma_db: 10, sigma_source: 'setting', fitted_at: null, fit_ms: null, validation: { method: 'k_fold', folds: 5 } });
  });

  it('gives the calibrated figures from the cross-validated predictions', () => {
    const report = measurementReport.parse(buildMeasurementReport(input(true)));
    // Mean −0.75; RMSE √4.75; spread √(4.75 − 0.5625).
    expect(report.calibrated).toEqual({ count: 4, mean_error_db: -0.75, std_db: 2.05, rmse_db: 2.18 });
    expect(report.by_sector[1]!.calibrated).toEqual({ count: 1, mean_error_db: -4, std_db: 0, rmse_db: 4 });
    // Install 3 is now predicted below −75 (not called); the failed install at −73 − 1 = −74 still is.
    expect(report.serviceable.calibrated).toEqual({ predicted_serviceable: 2, successful: 1, success_pct: 50 });
    expect(report.scatter.map((point) => point.calibrated_dbm)).toEqual([-61, -67, -76, -71]);
    expect(report.model).toEqual({
      global_offset_db: -1,
      sector_offsets: [{ tower_id: 1, sector_id: 10, label: 'Alpha — North', offset_db: 0, count: 2 }],
      clutter_offsets_db: { open: 0, trees: 0, suburban: 0, urban: 0, water: 0 },
      spatial_range_m: 1000,
      sigma_db: 2.18,
    });
    expect(report).toMatchObject({ sigma_db: 2.18, sigma_source: 'calibrated', fitted_at: '2026-11-26T22:00:00.000Z', fit_ms: 840 });
  });

  it('refuses predictions that are not one per sample', () => {
    const fitted = input(true);
    expect(() => buildMeasurementReport({ ...fitted, samples: SAMPLES.slice(1) })).toThrow('The fit holds 4 cross-validated predictions for 3 samples');
  });

  it('draws an even sample of at most 2,000 points', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ ...SAMPLES[0]!, id: i + 1, predictedDbm: -60 - i / 100 }));
    const report = buildMeasurementReport({ ...input(false), samples: many });
    expect(report.scatter).toHaveLength(2000);
    expect(report.scatter[0]!.predicted_dbm).toBe(-60);
    // Every 2.5th sample: the last drawn is sample 4997.
    expect(report.scatter[1999]!.predicted_dbm).toBe(-109.97);
  });
});
