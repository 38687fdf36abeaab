import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MIN_CALIBRATION_MEASUREMENTS, type MeasurementReport } from '../../common/api/measurements.js';
import { RADIO_SETTINGS_LIMITS, type RadioSettings } from '../../common/api/radioSettings.js';
import { CalibrationLookup } from '../../geo/rf/calibration/calibrationLookup.js';
import type { CalibrationModel, CorrectionPoint, FitOptions, FitSample } from '../../geo/rf/calibration/calibrationModel.js';
import type { Clock } from '../clock.js';
import type { CoverageChanges } from '../coverage-revision/coverageChanges.js';
import type { JobLockRepository } from '../system/jobLockRepository.js';
import type { SectorRepository } from '../towers/sectorRepository.js';
import type { TowerRepository } from '../towers/towerRepository.js';
import type { CalibrationFitRepository } from './calibrationFitRepository.js';
import type { CalibrationFitResult } from './calibrationFitting.js';
import { buildMeasurementReport, type FailedInstallSample, type MeasurementReportInput, type ReportSample } from './calibrationReport.js';
import type { CalibrationSnapshot, SigmaSource } from './calibrationSnapshot.js';
import type { MeasurementPredictionRepository, PredictedMeasurement } from './measurementPredictionRepository.js';
import type { MeasurementPredictor } from './measurementPredictor.js';

/** k of the fit's k-fold cross-validation. */
export const CALIBRATION_FOLDS = 10;
/** One process fits at a time across servers (a job lock); a crashed holder frees it after this, ms. */
const LOCK = 'calibration_fit';
const LOCK_TTL_MS = 10 * 60_000;

export interface CalibrationServiceDeps {
  predictions: Pick<MeasurementPredictionRepository, 'predicted' | 'total' | 'changeMarker'>;
  fits: Pick<CalibrationFitRepository, 'find' | 'measurementsHash' | 'save' | 'delete'>;
  predictor: Pick<MeasurementPredictor, 'pending'>;
  /** The radio settings of the coverage revision answered from (RadioSettingsService.current). */
  settings: { current(): Promise<RadioSettings> };
  coverage: Pick<CoverageChanges, 'commit'>;
  /** The coverage revision this process's index answers from (CoverageEngine.revision); null before its first build. */
  builtRevision: () => number | null;
  locks: Pick<JobLockRepository, 'tryAcquire' | 'release'>;
  /** The fit, off the request thread (calibrationFitting.ts fitInWorker). */
  fit: (samples: readonly FitSample[], options: FitOptions) => Promise<CalibrationFitResult>;
  towers: Pick<TowerRepository, 'list'>;
  sectors: Pick<SectorRepository, 'listAll'>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The measurements as the fit and the report take them. */
interface Samples {
  rows: PredictedMeasurement[];
  report: ReportSample[];
  failedInstalls: FailedInstallSample[];
}

/**
 * The calibration of the predictions to the measurements (issue 21 §3): `current()` is what every
 * wireless answer reads of it, once per coverage revision; `refit()` fits again, in a worker, when
 * the predictions are complete and what the fit is made from moved (the measurements, their
 * predictions, the range), stores the model and its report, and commits through CoverageChanges so
 * that every process (and the footprints) take the new model with the next revision.
 */
export class CalibrationService {
  private cached: { revision: number; snapshot: CalibrationSnapshot } | undefined;
  private reading: { revision: number | null; snapshot: Promise<CalibrationSnapshot> } | undefined;
  /** The snapshot last read, answered when the database cannot be read. */
  private lastRead: CalibrationSnapshot | undefined;
  private refitting: Promise<void> | null = null;
  private refitWanted = false;
  private stopped = false;
  /**
   * What the fit's inputs were made of when this process last found the stored fit current (or
   * stored it): a pass that moved nothing (every rebuild ends one) then costs one small read,
   * not a read and hash of every measurement.
   */
  private settledMarker: string | undefined;

  constructor(private readonly deps: CalibrationServiceDeps) {}

  /**
   * The calibration at the coverage revision answered from: read once per revision (a fit commits
   * a revision, so what is read after the index reached it is at least as new). σ: the calibrated
   * model's cross-validated RMSE when calibration is on and fitted; else the uncalibrated RMSE on
   * the fit's samples (a fit exists only with MIN_CALIBRATION_MEASUREMENTS or more); else the
   * setting's spread. Never under the setting's least spread (1 dB): a σ of 0 would promise certainty.
   */
  async current(): Promise<CalibrationSnapshot> {
    const revision = this.deps.builtRevision();
    if (revision !== null && this.cached?.revision === revision) return this.cached.snapshot;
    if (this.reading?.revision === revision) return this.reading.snapshot;
    const done = () => {
      if (this.reading === reading) this.reading = undefined;
    };
    const reading = {
      revision,
      snapshot: this.read().then(
        (snapshot) => {
          done();
          if (revision !== null) this.cached = { revision, snapshot };
          this.lastRead = snapshot;
          return snapshot;
        },
        (error: unknown) => {
          done();
          if (!this.lastRead) throw error;
          this.deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'calibration unreadable; using the last one read');
          return this.lastRead;
        },
      ),
    };
    this.reading = reading;
    return reading.snapshot;
  }

  /** The measurements' port (MeasurementService's corrections): a point's correction, dB, or null when calibration is off or nothing is fitted. */
  async corrections(): Promise<((point: CorrectionPoint) => number) | null> {
    const { lookup } = await this.current();
    return lookup && ((point) => lookup.correctionDb(point));
  }

  /** GET /api/measurements/report: the stored fit's report with today's counts and σ; without a fit, the uncalibrated figures now. */
  async report(): Promise<MeasurementReport> {
    const [snapshot, stored, total, pending] = await Promise.all([
      this.current(),
      this.deps.fits.find(),
      this.deps.predictions.total(),
      this.deps.predictor.pending(),
    ]);
    const sigma = { sigma_db: snapshot.sigmaDb, sigma_source: snapshot.sigmaSource };
    if (stored) return { ...(JSON.parse(stored.report_json) as MeasurementReport), total, pending, ...sigma };
    const samples = await this.samples(await this.deps.settings.current());
    return { ...(await this.reportOf(samples, null, { total, pending })), ...sigma };
  }

  /**
   * Fits again when the predictions are complete and the fit's inputs moved (asked after each
   * completed prediction pass); one fit at a time here, and in one process across servers (a job
   * lock). Never throws (logged): the next completed pass asks again.
   */
  refit(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.refitWanted = true;
    this.refitting ??= (async () => {
      while (this.refitWanted && !this.stopped) {
        this.refitWanted = false;
        await this.refitOnce().catch((error: unknown) => this.deps.log.error({ err: error }, 'calibration not fitted'));
      }
    })().finally(() => {
      this.refitting = null;
    });
    return this.refitting;
  }

  /** No fit starts after this; the one in progress is awaited. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.refitting;
  }

  private async refitOnce(): Promise<void> {
    // Asked by the predictor as a pass completes; a measurement written since then waits for the next pass.
    if ((await this.deps.predictor.pending()) > 0) return;
    const settings = await this.deps.settings.current();
    const marker = JSON.stringify([
      await this.deps.predictions.changeMarker(),
      await this.namesOf(),
      settings.calibration_range_m,
      settings.cpe_profiles,
      await this.deps.fits.measurementsHash(),
    ]);
    if (marker === this.settledMarker) return;
    const inputs = async () => {
      const fresh = await this.deps.settings.current();
      const samples = await this.samples(fresh);
      const options: FitOptions = { rangeM: fresh.calibration_range_m, folds: CALIBRATION_FOLDS };
      return { samples, options, hash: measurementsHashOf(samples, await this.namesOf(), options) };
    };
    if ((await inputs()).hash === (await this.deps.fits.measurementsHash())) {
      this.settledMarker = marker;
      return;
    }
    const now = this.deps.clock.now();
    if (!(await this.deps.locks.tryAcquire(LOCK, now, LOCK_TTL_MS))) return;
    try {
      // Another process may have fitted while this one read: what it fits is read again under the lock, so an older set never replaces a newer fit.
      const { samples, options, hash } = await inputs();
      if (hash === (await this.deps.fits.measurementsHash())) return;
      if (samples.report.length < MIN_CALIBRATION_MEASUREMENTS) {
        // Too few left (deleted): the stored fit would describe measurements that are gone.
        if (await this.deps.fits.find()) await this.deps.coverage.commit((trx) => this.deps.fits.delete(trx));
        return;
      }
      const fit = await this.deps.fit(samples.report, options);
      const fittedAt = this.deps.clock.now().toISOString();
      const fitMs = Math.round(fit.fitMs);
      const counts = { total: await this.deps.predictions.total(), pending: 0 };
      const report = await this.reportOf(samples, { model: fit.model, crossValidatedDbm: fit.crossValidatedDbm, fittedAt, fitMs }, counts);
      const modelJson = JSON.stringify(fit.model);
      await this.deps.coverage.commit((trx) =>
        this.deps.fits.save(
          {
            model_json: modelJson,
            report_json: JSON.stringify(report),
            measurements_hash: hash,
            model_hash: createHash('sha256').update(modelJson).digest('hex').slice(0, 32),
            fitted_at: fittedAt,
            fit_ms: fitMs,
          },
          trx,
        ),
      );
      this.deps.log.info({ samples: samples.report.length, sigmaDb: fit.model.sigmaDb, fitMs }, 'calibration fitted');
    } finally {
      await this.deps.locks.release(LOCK);
    }
  }

  private async read(): Promise<CalibrationSnapshot> {
    const [settings, stored] = await Promise.all([this.deps.settings.current(), this.deps.fits.find()]);
    const model = stored ? (JSON.parse(stored.model_json) as CalibrationModel) : null;
    const least = RADIO_SETTINGS_LIMITS.predictionSpreadDb.min;
    const sigma = (sigmaDb: number, sigmaSource: SigmaSource) => ({ sigmaDb: Math.max(least, sigmaDb), sigmaSource });
    if (model && settings.calibration)
      return { lookup: new CalibrationLookup(model), model, modelHash: stored!.model_hash, ...sigma(model.sigmaDb, 'calibrated') };
    return {
      lookup: null,
      model,
      modelHash: stored?.model_hash ?? null,
      ...(model ? sigma(model.uncalibratedRmseDb, 'uncalibrated') : sigma(settings.prediction_spread_db, 'setting')),
    };
  }

  /** The predicted measurements: those with a signal and a prediction (the fit's), and the failed installs with a prediction. */
  private async samples(settings: RadioSettings): Promise<Samples> {
    const rows = await this.deps.predictions.predicted();
    const defaultLeast =
      settings.cpe_profiles.find((profile) => profile.is_default)?.least_usable_signal_dbm ?? settings.cpe_profiles[0]!.least_usable_signal_dbm;
    const leastUsable = new Map(settings.cpe_profiles.map((profile) => [profile.name.toLowerCase(), profile.least_usable_signal_dbm]));
    const leastOf = (row: PredictedMeasurement) => (row.cpeProfile === null ? undefined : leastUsable.get(row.cpeProfile.toLowerCase())) ?? defaultLeast;
    const report: ReportSample[] = [];
    const failedInstalls: FailedInstallSample[] = [];
    for (const row of rows) {
      if (row.predictedDbm === null || row.distanceM === null) continue;
      const point = { towerId: row.towerId, sectorId: row.sectorId, receiverClass: row.clutterClass ?? ('open' as const), lat: row.lat, lng: row.lng };
      const lineOfSight = row.lineOfSight === true;
      if (row.rssiDbm === null) {
        if (row.source === 'install') failedInstalls.push({ ...point, predictedDbm: row.predictedDbm, lineOfSight, leastUsableDbm: leastOf(row) });
        continue;
      }
      report.push({
        ...point,
        id: row.id,
        distanceM: row.distanceM,
        predictedDbm: row.predictedDbm,
        measuredDbm: row.rssiDbm,
        source: row.source,
        lineOfSight,
        leastUsableDbm: leastOf(row),
      });
    }
    return { rows, report, failedInstalls };
  }

  /** The towers' and sectors' names the report labels its groups with, as one text. */
  private async namesOf(): Promise<string> {
    const [towers, sectors] = await Promise.all([this.deps.towers.list(), this.deps.sectors.listAll()]);
    return JSON.stringify([towers.map((tower) => [tower.id, tower.name]), sectors.map((sector) => [sector.id, sector.name])]);
  }

  private async reportOf(samples: Samples, fit: MeasurementReportInput['fit'], counts: { total: number; pending: number }): Promise<MeasurementReport> {
    const [towers, sectors] = await Promise.all([this.deps.towers.list(), this.deps.sectors.listAll()]);
    const snapshot = await this.current();
    return buildMeasurementReport({
      counts: {
        ...counts,
        outOfRange: samples.rows.filter((row) => row.predictedDbm === null).length,
        failedInstalls: samples.rows.filter((row) => row.source === 'install' && row.rssiDbm === null).length,
      },
      samples: samples.report,
      failedInstalls: samples.failedInstalls,
      fit,
      folds: CALIBRATION_FOLDS,
      towerNames: new Map(towers.map((tower) => [tower.id, tower.name])),
      sectorNames: new Map(sectors.map((sector) => [sector.id, sector.name])),
      sigma: fit ? { sigmaDb: fit.model.sigmaDb, source: 'calibrated' } : { sigmaDb: snapshot.sigmaDb, source: snapshot.sigmaSource },
    });
  }
}

/**
 * What a fit and its report are made from, as a short hash: every sample's terms and what the
 * report reads of it (source, line of sight, least usable signal), the failed installs, how many are
 * out of range, the towers' and sectors' names, and the options. A fit is redone only when it moves;
 * an install recorded as failed moves it, so the serviceable figure never goes stale.
 */
export function measurementsHashOf(samples: Samples, names: string, options: FitOptions): string {
  const hash = createHash('sha256').update(JSON.stringify([options, names, samples.rows.length - samples.report.length - samples.failedInstalls.length]));
  for (const sample of samples.report) {
    hash.update(
      JSON.stringify([
        sample.id,
        sample.towerId,
        sample.sectorId,
        sample.receiverClass,
        sample.lat,
        sample.lng,
        sample.distanceM,
        sample.predictedDbm,
        sample.measuredDbm,
        sample.source,
        sample.lineOfSight,
        sample.leastUsableDbm,
      ]),
    );
  }
  for (const failed of samples.failedInstalls) {
    hash.update(
      JSON.stringify([
        failed.towerId,
        failed.sectorId,
        failed.receiverClass,
        failed.lat,
        failed.lng,
        failed.predictedDbm,
        failed.lineOfSight,
        failed.leastUsableDbm,
      ]),
    );
  }
  return hash.digest('hex').slice(0, 32);
}
