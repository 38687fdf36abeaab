import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { CLUTTER_CLASSES, type ClutterClass } from '../../common/api/clutterAreas.js';
import {
  MEASUREMENT_IMPORT_MAX_ERRORS,
  MEASUREMENT_MAX_STORED,
  MEASUREMENT_POINTS_LIMIT,
  type leadInstallRequest,
  type Measurement,
  type MeasurementFilters,
  type MeasurementImportResult,
  type MeasurementListQuery,
  type MeasurementPage,
  type MeasurementPoint,
  type MeasurementSource,
} from '../../common/api/measurements.js';
import type { RadioSettings } from '../../common/api/radioSettings.js';
import type { LeadUpdate } from '../../common/api/reports.js';
import type { CorrectionPoint } from '../../geo/rf/calibration/calibrationModel.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { Executor, Transactions } from '../db/transactions.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { csvStream } from '../reports/csv.js';
import type { SectorRecord } from '../towers/sectorRepository.js';
import type { TowerRecord } from '../towers/towerRepository.js';
import { MEASUREMENT_EXPORT_COLUMNS, measurementCsvRow } from './measurementCsv.js';
import { checkRows, type ImportDirectory, type RawMeasurementRow, type ResolvedMeasurement } from './measurementImport.js';
import {
  MEASUREMENT_INSERT_CHUNK_ROWS,
  type MeasurementRepository,
  type MeasurementView,
  type MeasurementWhere,
  type NewMeasurementRecord,
} from './measurementRepository.js';

/** The calibration's correction (signal dB, added to the prediction) at a point; null: calibration off or nothing fitted. */
export interface MeasurementCorrections {
  current(): Promise<((point: CorrectionPoint) => number) | null>;
}

/** A lead's status and its lead.updated event, written in the install's transaction (LeadService answers it). */
export interface LeadStatusWriter {
  updateLeadIn(id: number, changes: LeadUpdate, trx: Executor): Promise<void>;
}

export interface MeasurementServiceDeps {
  repository: MeasurementRepository;
  transactions: Transactions;
  towers: { list(): Promise<TowerRecord[]> };
  sectors: { listAll(): Promise<SectorRecord[]> };
  /** The stored radio settings (their CPE profiles name and size an import's receivers). */
  radioSettings: { get(): Promise<RadioSettings> };
  corrections: MeasurementCorrections;
  leads: LeadStatusWriter;
  clock: Clock;
  log: FastifyBaseLogger;
  audit: AuditRecorder;
  /** Most measurements stored in all; default MEASUREMENT_MAX_STORED (tests set a small one). */
  maxStored?: number;
}

/** A downloadable CSV, produced as it is sent. */
export interface MeasurementCsvExport {
  fileName: string;
  body: AsyncGenerator<string>;
}

/** A lead's install as the route validated it. */
export type LeadInstallInput = z.output<typeof leadInstallRequest>;

export const NO_LEAD_SPOT_MESSAGE = 'This lead has no location to record the install at';

const counted = (count: number) => count.toLocaleString('en-US');

/** Why an import of `adding` measurements is refused with `stored` of at most `max` stored. */
export function importOverCapMessage(max: number, stored: number, adding: number): string {
  return (
    `At most ${counted(max)} measurements can be stored and ${counted(stored)} are: this import of ${counted(adding)} would pass that, so none of it was stored. ` +
    `Delete measurements you no longer need (Measurements, Delete N shown), or import fewer.`
  );
}

/** Why an install is refused with `stored` of at most `max` stored. */
export function installOverCapMessage(max: number, stored: number): string {
  return (
    `At most ${counted(max)} measurements can be stored and ${counted(stored)} are, so the install was not recorded (the lead is as it was). ` +
    `Delete measurements you no longer need (Measurements, Delete N shown), then record it again.`
  );
}

/** Rows checked between turns of the event loop: 100,000 rows never hold the thread for long. */
const CHECK_SLICE_ROWS = 1000;
/** Rows an export reads at a time. */
const EXPORT_BATCH_ROWS = 2000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const round = (value: number, places: number) => {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
};

/**
 * Measured signals (issue 21 §1): imports (CSV or JSON, every good row in one transaction), the
 * list, the residual map's points, the CSV export, deletes, and a lead's install. Every change is
 * told to the onChanged listeners after its commit (the predictor subscribes). Predictions are not
 * made here: the predicted_* columns are read as the background left them.
 */
export class MeasurementService {
  private readonly listeners: (() => void)[] = [];
  private readonly maxStored: number;

  constructor(private readonly deps: MeasurementServiceDeps) {
    this.maxStored = deps.maxStored ?? MEASUREMENT_MAX_STORED;
  }

  /** Calls `listener` after each committed import, delete or install; returns the unsubscribe. */
  onChanged(listener: () => void): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  /** Checks the rows and stores the good ones in one transaction (chunked inserts, a turn of the event loop between). */
  async importRows(rows: readonly RawMeasurementRow[]): Promise<MeasurementImportResult> {
    const directory = await this.directory();
    const now = this.deps.clock.now().toISOString();
    const good: ResolvedMeasurement[] = [];
    let errors: MeasurementImportResult['errors'] = [];
    let errorCount = 0;
    for (let start = 0; start < rows.length; start += CHECK_SLICE_ROWS) {
      const checked = checkRows(rows.slice(start, start + CHECK_SLICE_ROWS), directory, now);
      for (const row of checked.good) good.push(row);
      errorCount += checked.errors.length;
      if (errors.length < MEASUREMENT_IMPORT_MAX_ERRORS) errors = errors.concat(checked.errors.slice(0, MEASUREMENT_IMPORT_MAX_ERRORS - errors.length));
      await nextTurn();
    }
    const imported = good.length === 0 ? 0 : await this.store(good, now, errorCount);
    if (imported > 0) this.changed();
    return { imported_count: imported, error_count: errorCount, errors };
  }

  async list(query: MeasurementListQuery): Promise<MeasurementPage> {
    const where = whereOf(query);
    const [total, rows, correct] = await Promise.all([
      this.deps.repository.count(where),
      this.deps.repository.page(where, (query.page - 1) * query.page_size, query.page_size),
      this.deps.corrections.current(),
    ]);
    return { items: rows.map((row) => toMeasurement(row, correct)), total };
  }

  /** The newest MEASUREMENT_POINTS_LIMIT spots matching the filters, with their residuals. */
  async points(filters: MeasurementFilters): Promise<MeasurementPoint[]> {
    const rows = await this.deps.repository.points(whereOf(filters), MEASUREMENT_POINTS_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      lat: row.latitude,
      lng: row.longitude,
      rssi_dbm: row.rssi_dbm,
      residual_db: residualOf(row.rssi_dbm, row.predicted_dbm),
      source: row.source as MeasurementSource,
    }));
  }

  /** Every measurement matching the filters as CSV, read a batch at a time. */
  exportCsv(filters: MeasurementFilters): MeasurementCsvExport {
    const where = whereOf(filters);
    const { repository, corrections } = this.deps;
    async function* batches(): AsyncGenerator<{ measurement: Measurement; towerCode: string | null }[]> {
      const correct = await corrections.current();
      let afterId = 0;
      for (;;) {
        const rows = await repository.batchAfter(where, afterId, EXPORT_BATCH_ROWS);
        if (rows.length > 0) yield rows.map((row) => ({ measurement: toMeasurement(row, correct), towerCode: row.tower_code }));
        if (rows.length < EXPORT_BATCH_ROWS) return;
        afterId = rows[rows.length - 1]!.id;
      }
    }
    const day = this.deps.clock.now().toISOString().slice(0, 10);
    return {
      fileName: `measurements-${day}.csv`,
      body: csvStream(MEASUREMENT_EXPORT_COLUMNS, batches(), ({ measurement, towerCode }) => measurementCsvRow(measurement, towerCode)),
    };
  }

  async delete(id: number): Promise<void> {
    await this.deps.transactions.run(async (trx) => {
      const deleted = await this.deps.repository.delete(id, trx);
      if (!deleted) throw new NotFoundError('Measurement not found');
      await this.deps.audit.record(trx, { entity: 'measurement', entityId: id, action: 'delete', before: { ...deleted } });
    });
    this.changed();
  }

  /** Deletes every measurement the filters match (none given: all); how many. */
  async deleteMatching(filters: MeasurementFilters): Promise<number> {
    const deleted = await this.deps.transactions.run(async (trx) => {
      const count = await this.deps.repository.deleteWhere(whereOf(filters), trx);
      // One entry for the lot: the filters and how many went.
      if (count > 0)
        await this.deps.audit.record(trx, {
          entity: 'measurement',
          entityId: null,
          action: 'delete_matching',
          after: { filters: { ...filters }, deleted_count: count },
        });
      return count;
    });
    if (deleted > 0) this.changed();
    return deleted;
  }

  /**
   * Records a lead's install at the spot of the search it came from, as the one measurement linked
   * to the lead (a second call replaces it), and moves the lead to converted (installed) or closed
   * (failed), its lead.updated event written: all in one transaction. The measurement's id.
   */
  async installLead(leadId: number, install: LeadInstallInput): Promise<number> {
    const [directory, now] = [await this.directory(), this.deps.clock.now().toISOString()];
    if (!directory.towers.some((tower) => tower.id === install.tower_id)) throw new NotFoundError('Tower not found');
    const sector = install.sector_id === undefined ? null : directory.sectors.find((candidate) => candidate.id === install.sector_id);
    if (sector !== null && (sector === undefined || sector.tower_id !== install.tower_id)) throw new ValidationError('The sector is not on that tower');
    const profile =
      install.cpe_profile === undefined
        ? directory.profiles.find((candidate) => candidate.is_default)
        : directory.profiles.find((candidate) => candidate.name.toLowerCase() === install.cpe_profile!.toLowerCase());
    if (!profile) throw new ValidationError(`No CPE profile is named "${install.cpe_profile}" in the radio settings`);
    const failed = install.outcome === 'failed';
    const id = await this.deps.transactions.run(async (trx) => {
      const spot = await this.deps.repository.leadSpot(leadId, trx);
      if (!spot) throw new NotFoundError('Lead not found');
      if (spot.lat === null || spot.lng === null) throw new ValidationError(NO_LEAD_SPOT_MESSAGE);
      // The lead's row is updated first: a second install of the same lead waits for this one's commit.
      await this.deps.leads.updateLeadIn(leadId, { status: failed ? 'closed' : 'converted' }, trx);
      // The lead's earlier install is replaced, so it is deleted before the total is counted.
      await this.deps.repository.deleteOfLead(leadId, trx);
      const stored = await this.deps.repository.totalForAdding(trx);
      if (stored + 1 > this.maxStored) throw new ConflictError(installOverCapMessage(this.maxStored, stored));
      const measurementId = await this.deps.repository.insert(
        {
          tower_id: install.tower_id,
          sector_id: sector?.id ?? null,
          latitude: spot.lat,
          longitude: spot.lng,
          height_m: install.height_m ?? profile.height_m,
          rssi_dbm: failed ? null : (install.rssi_dbm ?? null),
          measured_at: now,
          cpe_profile: install.cpe_profile === undefined ? null : profile.name,
          source: 'install',
          note: install.note ?? null,
          lead_id: leadId,
          created_at: now,
        },
        trx,
      );
      // One entry for the install: the lead's new status and the measurement recorded with it.
      const after = {
        outcome: install.outcome,
        status: failed ? 'closed' : 'converted',
        measurement_id: measurementId,
        tower_id: install.tower_id,
        sector_id: sector?.id ?? null,
      };
      await this.deps.audit.record(trx, { entity: 'lead', entityId: leadId, action: 'install', after });
      return measurementId;
    });
    this.changed();
    return id;
  }

  private async store(good: readonly ResolvedMeasurement[], now: string, errorCount: number): Promise<number> {
    return this.deps.transactions.run(async (trx) => {
      const before = await this.deps.repository.totalForAdding(trx);
      if (before + good.length > this.maxStored) throw new ConflictError(importOverCapMessage(this.maxStored, before, good.length));
      let stored = 0;
      for (let start = 0; start < good.length; start += MEASUREMENT_INSERT_CHUNK_ROWS) {
        const chunk: NewMeasurementRecord[] = good
          .slice(start, start + MEASUREMENT_INSERT_CHUNK_ROWS)
          .map((row) => ({ ...row, lead_id: null, created_at: now }));
        stored += await this.deps.repository.insertChunk(chunk, trx);
        await nextTurn();
      }
      await this.deps.audit.record(trx, {
        entity: 'measurement',
        entityId: null,
        action: 'import',
        after: { imported_count: stored, error_count: errorCount },
      });
      return stored;
    });
  }

  private async directory(): Promise<ImportDirectory> {
    const [towers, sectors, settings] = await Promise.all([this.deps.towers.list(), this.deps.sectors.listAll(), this.deps.radioSettings.get()]);
    return { towers, sectors, profiles: settings.cpe_profiles };
  }

  private changed(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        this.deps.log.error({ err: error }, 'A measurements listener failed');
      }
    }
  }
}

/** The filters as SQL bounds; a bad date, or from after to, is refused. */
export function whereOf(filters: MeasurementFilters): MeasurementWhere {
  const dayStart = (value: string, field: string): number => {
    const time = ISO_DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
    if (Number.isNaN(time) || !new Date(time).toISOString().startsWith(value)) throw new ValidationError(`${field} must be a date (YYYY-MM-DD)`);
    return time;
  };
  const from = filters.from === undefined || filters.from === '' ? undefined : dayStart(filters.from, 'from');
  const to = filters.to === undefined || filters.to === '' ? undefined : dayStart(filters.to, 'to');
  if (from !== undefined && to !== undefined && from > to) throw new ValidationError('from must not be after to');
  return {
    towerId: filters.tower_id,
    sectorId: filters.sector_id,
    source: filters.source,
    fromIso: from === undefined ? undefined : new Date(from).toISOString(),
    // `to` is a whole day: up to the next day's start.
    beforeIso: to === undefined ? undefined : new Date(to + DAY_MS).toISOString(),
  };
}

/** measured − predicted, dB (0.01); null without both. */
function residualOf(rssi: number | null, predicted: number | null): number | null {
  return rssi === null || predicted === null ? null : round(rssi - predicted, 2);
}

function clutterClassOf(value: string | null): ClutterClass | null {
  return value !== null && (CLUTTER_CLASSES as readonly string[]).includes(value) ? (value as ClutterClass) : null;
}

export function toMeasurement(row: MeasurementView, correct: ((point: CorrectionPoint) => number) | null): Measurement {
  const clutterClass = clutterClassOf(row.clutter_class);
  const calibrated =
    correct === null || row.predicted_dbm === null
      ? null
      : round(
          row.predicted_dbm +
            correct({ towerId: row.tower_id, sectorId: row.predicted_sector_id, receiverClass: clutterClass ?? 'open', lat: row.latitude, lng: row.longitude }),
          2,
        );
  return {
    id: row.id,
    tower_id: row.tower_id,
    tower_name: row.tower_name,
    sector_id: row.sector_id,
    sector_name: row.sector_name,
    lat: row.latitude,
    lng: row.longitude,
    height_m: row.height_m,
    rssi_dbm: row.rssi_dbm,
    measured_at: row.measured_at,
    cpe_profile: row.cpe_profile,
    source: row.source as MeasurementSource,
    note: row.note,
    lead_id: row.lead_id,
    predicted_dbm: row.predicted_dbm,
    calibrated_dbm: calibrated,
    residual_db: residualOf(row.rssi_dbm, row.predicted_dbm),
    predicted_line_of_sight: row.predicted_los === null ? null : row.predicted_los === 1,
    distance_km: row.distance_m === null ? null : round(row.distance_m / 1000, 3),
    clutter_class: clutterClass,
    predicted: row.prediction_key !== null,
    created_at: row.created_at,
  };
}
