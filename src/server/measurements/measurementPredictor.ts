import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Transactions } from '../db/transactions.js';
import type { MeasurementPredictionRepository, PredictionTarget, StoredPrediction } from './measurementPredictionRepository.js';

/** The model's answer at one measurement (what StoredPrediction keeps besides the key and the time). */
export type Prediction = Omit<StoredPrediction, 'id' | 'key' | 'predictedAt'>;

/** What one tower's measurements are predicted from, read once per pass. */
export interface TowerPredictions {
  /** The tower part of its measurements' keys (TOWER_KEY_LENGTH hex): moves with any input of the tower's links. */
  towerKey: string;
  /** The whole key of a measurement's prediction: the tower part, ':', the measurement's own part (spot, height, sector, profile gain). */
  keyOf(target: PredictionTarget): string;
  /** The line-of-sight answer at the measurement (same link, its sector, height and CPE profile). */
  predict(target: PredictionTarget): Promise<Prediction>;
}

/** Where predictions come from (line-of-sight/measurementLinks.ts answers it in services.ts). */
export interface PredictionLinks {
  /** null: the tower is gone (its measurements go with it). */
  forTower(towerId: number): Promise<TowerPredictions | null>;
}

export interface MeasurementPredictorDeps {
  repository: Pick<MeasurementPredictionRepository, 'towerIds' | 'targets' | 'write' | 'towerKeyCounts'>;
  links: PredictionLinks;
  transactions: Transactions;
  /** After a failed pass (the database away), the next one is tried this much later, ms. */
  retryMs: number;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Measurements read per query while looking for stale predictions. */
const PAGE_ROWS = 2000;
/** Predictions per transaction. */
export const PREDICTION_BATCH = 100;
/** Most time predictions run without a turn of the event loop, ms. */
const SLICE_MS = 10;

/**
 * Keeps every measurement's prediction current, in the background: a pass (asked for after each
 * coverage rebuild and each measurement change) reads every tower's inputs, then predicts the
 * measurements whose key differs, in batches written in one transaction each with a turn of the
 * event loop between, so checks keep being answered. A newer request restarts the pass (what was
 * written stays: its keys match); a pass the database broke off is tried again after `retryMs`.
 * When a pass ends with nothing left to do, the listeners hear it (the calibration refits).
 */
export class MeasurementPredictor {
  private running: Promise<void> | null = null;
  private wanted = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  /** The tower part of each tower's keys as the last pass read them. */
  private towerKeys = new Map<number, string>();
  private readonly completedListeners: Array<() => void> = [];

  constructor(private readonly deps: MeasurementPredictorDeps) {}

  /** Asks for a pass (one runs at a time; requests meanwhile make one more). */
  request(): void {
    if (this.stopped) return;
    this.wanted = true;
    this.running ??= this.passes().finally(() => {
      this.running = null;
    });
  }

  /** `listener` runs after each pass that left every measurement predicted. */
  onCompleted(listener: () => void): void {
    this.completedListeners.push(listener);
  }

  /**
   * Measurements awaiting a prediction under the current inputs: those never predicted, and those
   * whose key's tower part is not the tower's present one as this process's last pass read it. A
   * tower this process has not read yet (its measurements imported through another server) counts
   * only its measurements never predicted: the other server's pass keyed the rest, and this one
   * would otherwise call them pending until its own next pass.
   */
  async pending(): Promise<number> {
    let pending = 0;
    for (const group of await this.deps.repository.towerKeyCounts()) {
      const known = this.towerKeys.get(group.towerId);
      if (group.towerKey === null || (known !== undefined && group.towerKey !== known)) pending += group.count;
    }
    return pending;
  }

  /** Stops: the batch in flight finishes, no other starts. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wanted = false;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.running;
  }

  private async passes(): Promise<void> {
    while (this.wanted && !this.stopped) {
      this.wanted = false;
      try {
        const complete = await this.pass();
        if (complete && !this.wanted) this.completed();
      } catch (error) {
        this.deps.log.error({ err: error }, `measurement predictions broke off; trying again in ${this.deps.retryMs} ms`);
        this.retryLater();
      }
    }
  }

  private retryLater(): void {
    if (this.retry || this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.request();
    }, this.deps.retryMs);
    this.retry.unref();
  }

  private completed(): void {
    for (const listener of this.completedListeners) {
      try {
        listener();
      } catch (error) {
        this.deps.log.error({ err: error }, 'a listener of completed predictions failed');
      }
    }
  }

  /** One pass over every tower's measurements; false when a newer request or the stop broke it off. */
  private async pass(): Promise<boolean> {
    // Every tower's inputs first, so the pending count compares with today's keys from the start.
    const towers: Array<[number, TowerPredictions]> = [];
    const keys = new Map<number, string>();
    for (const towerId of await this.deps.repository.towerIds()) {
      const predictions = await this.deps.links.forTower(towerId);
      if (!predictions) continue;
      towers.push([towerId, predictions]);
      keys.set(towerId, predictions.towerKey);
    }
    this.towerKeys = keys;
    let predicted = 0;
    const started = performance.now();
    for (const [towerId, predictions] of towers) {
      let afterId = 0;
      for (;;) {
        if (this.wanted || this.stopped) return false;
        const page = await this.deps.repository.targets(towerId, afterId, PAGE_ROWS);
        if (page.length === 0) break;
        afterId = page[page.length - 1]!.id;
        const stale = page.filter((target) => target.predictionKey !== predictions.keyOf(target));
        for (let start = 0; start < stale.length; start += PREDICTION_BATCH) {
          if (this.stopped) return false;
          const batch = await this.predictBatch(predictions, stale.slice(start, start + PREDICTION_BATCH));
          await this.deps.transactions.run((trx) => this.deps.repository.write(batch, trx));
          predicted += batch.length;
          await nextTurn();
        }
      }
    }
    if (predicted > 0) this.deps.log.info({ predicted, ms: Math.round(performance.now() - started) }, 'measurements predicted');
    return true;
  }

  private async predictBatch(predictions: TowerPredictions, targets: readonly PredictionTarget[]): Promise<StoredPrediction[]> {
    const predictedAt = this.deps.clock.now().toISOString();
    const batch: StoredPrediction[] = [];
    let turnedAt = performance.now();
    for (const target of targets) {
      batch.push({ ...(await predictions.predict(target)), id: target.id, key: predictions.keyOf(target), predictedAt });
      // Links over long ITM paths take a few ms each: the loop turns whenever one slice has run this long.
      if (performance.now() - turnedAt > SLICE_MS) {
        await nextTurn();
        turnedAt = performance.now();
      }
    }
    return batch;
  }
}
