import { z } from 'zod';
import type { TowerFootprintsTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';
import type { DeflatedFootprint } from './deflatedFootprint.js';

export type FootprintStatus = TowerFootprintsTable['status'];

/** What a tower's footprint row says, without its grid. */
export interface FootprintState {
  towerId: number;
  status: FootprintStatus;
  progress: number;
  inputsKey: string;
  error: string | null;
  terrainSource: string | null;
  computedMs: number | null;
  updatedAt: string;
}

/** A computed footprint with the inputs it was computed from, its grids deflated as stored. */
export interface StoredFootprint extends FootprintState {
  grids: DeflatedFootprint;
  /** Its band areas, a GeoJSON FeatureCollection as text. */
  areasJson: string;
  /** The ids of the sectors united, in the order the serving sector grid counts them; empty for an omni tower. */
  sectorIds: readonly number[];
}

const STATE_COLUMNS = ['tower_id', 'status', 'progress', 'inputs_key', 'error', 'terrain_source', 'computed_ms', 'updated_at'] as const;

/**
 * SQL for tower footprints. A footprint's grids are stored deflated (deflatedFootprint.ts: about
 * 1/20 of their 2¼ to 3¼ bytes a cell) and handed in and out as they are: the service inflates
 * them only when a check reads them.
 */
export class FootprintRepository {
  constructor(private readonly db: Executor) {}

  async states(): Promise<FootprintState[]> {
    const rows = await this.db.selectFrom('tower_footprints').select(STATE_COLUMNS).orderBy('tower_id').execute();
    return rows.map(toState);
  }

  async state(towerId: number): Promise<FootprintState | undefined> {
    const row = await this.db.selectFrom('tower_footprints').select(STATE_COLUMNS).where('tower_id', '=', towerId).executeTakeFirst();
    return row && toState(row);
  }

  /** The last computed grid of a tower (also while a newer one is being computed), or undefined. */
  async find(towerId: number): Promise<StoredFootprint | undefined> {
    const row = await this.db.selectFrom('tower_footprints').selectAll().where('tower_id', '=', towerId).where('signal', 'is not', null).executeTakeFirst();
    return row && toStored(row);
  }

  /** Every ready footprint whose inputs key is the one given for its tower. */
  async findReady(keys: ReadonlyMap<number, string>): Promise<StoredFootprint[]> {
    if (keys.size === 0) return [];
    const rows = await this.db
      .selectFrom('tower_footprints')
      .selectAll()
      .where('status', '=', 'ready')
      .where('tower_id', 'in', [...keys.keys()])
      .execute();
    return rows.filter((row) => keys.get(row.tower_id) === row.inputs_key).map(toStored);
  }

  /** Starts (or restarts) the computation of a tower's footprint for these inputs; the last grid stays until replaced. */
  async markComputing(towerId: number, inputsKey: string, now: string): Promise<void> {
    await this.db
      .insertInto('tower_footprints')
      .values({ tower_id: towerId, status: 'computing', progress: 0, inputs_key: inputsKey, error: null, updated_at: now })
      .onConflict((conflict) =>
        conflict.column('tower_id').doUpdateSet({ status: 'computing', progress: 0, inputs_key: inputsKey, error: null, updated_at: now }),
      )
      .execute();
  }

  /** Progress of the computation for these inputs (a newer one started since is left alone). */
  /** The share done, and `now` as the row's time: a computing row's time is when it last moved (see STALE_COMPUTING_MS). */
  async setProgress(towerId: number, inputsKey: string, progress: number, now: string): Promise<void> {
    await this.db
      .updateTable('tower_footprints')
      .set({ progress, updated_at: now })
      .where('tower_id', '=', towerId)
      .where('inputs_key', '=', inputsKey)
      .execute();
  }

  /** Stores the result for these inputs; false when the tower or the inputs changed meanwhile. */
  async saveResult(
    towerId: number,
    inputsKey: string,
    grids: DeflatedFootprint,
    areasJson: string,
    sectorIds: readonly number[],
    terrainSource: string,
    computedMs: number,
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('tower_footprints')
      .set({
        status: 'ready',
        progress: 1,
        error: null,
        terrain_source: terrainSource,
        south: grids.south,
        west: grids.west,
        cell_lat_deg: grids.cellLatDeg,
        cell_lng_deg: grids.cellLngDeg,
        rows: grids.rows,
        cols: grids.cols,
        signal: grids.signal,
        fresnel60: grids.bits,
        serving_sector: grids.servingSector,
        sector_ids: grids.servingSector ? JSON.stringify(sectorIds) : null,
        areas: areasJson,
        computed_ms: Math.round(computedMs),
        updated_at: now,
      })
      .where('tower_id', '=', towerId)
      .where('inputs_key', '=', inputsKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markFailed(towerId: number, inputsKey: string, error: string, now: string): Promise<void> {
    await this.db
      .updateTable('tower_footprints')
      .set({ status: 'failed', error, updated_at: now })
      .where('tower_id', '=', towerId)
      .where('inputs_key', '=', inputsKey)
      .execute();
  }

  /** Removes the footprints of towers not in the list (deleted or no longer active). */
  async deleteOthers(towerIds: readonly number[]): Promise<void> {
    let query = this.db.deleteFrom('tower_footprints');
    if (towerIds.length > 0) query = query.where('tower_id', 'not in', towerIds);
    await query.execute();
  }
}

type Row = Pick<TowerFootprintsTable, (typeof STATE_COLUMNS)[number]>;

function toState(row: Row): FootprintState {
  return {
    towerId: row.tower_id,
    status: row.status,
    progress: row.progress,
    inputsKey: row.inputs_key,
    error: row.error,
    terrainSource: row.terrain_source,
    computedMs: row.computed_ms,
    updatedAt: row.updated_at,
  };
}

function toStored(row: TowerFootprintsTable): StoredFootprint {
  return {
    ...toState(row),
    areasJson: row.areas ?? '{"type":"FeatureCollection","features":[]}',
    sectorIds: row.sector_ids ? sectorIdsOf(row.sector_ids) : [],
    grids: {
      south: row.south ?? 0,
      west: row.west ?? 0,
      cellLatDeg: row.cell_lat_deg ?? 0,
      cellLngDeg: row.cell_lng_deg ?? 0,
      rows: row.rows ?? 0,
      cols: row.cols ?? 0,
      signal: row.signal ?? new Uint8Array(),
      bits: row.fresnel60 ?? new Uint8Array(),
      // Rows of an omni tower, and rows written before migration 0014, have no serving sectors.
      servingSector: row.serving_sector,
    },
  };
}

const storedSectorIds = z.array(z.number().int());

function sectorIdsOf(json: string): number[] {
  return storedSectorIds.parse(JSON.parse(json));
}
