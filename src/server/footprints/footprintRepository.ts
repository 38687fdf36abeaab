import { deflateSync, inflateSync } from 'fflate';
import { z } from 'zod';
import type { Footprint } from '../../geo/rf/footprint.js';
import type { TowerFootprintsTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

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

/** A computed footprint with the inputs it was computed from. */
export interface StoredFootprint extends FootprintState {
  footprint: Footprint;
  /** Its band areas, a GeoJSON FeatureCollection as text. */
  areasJson: string;
  /** The ids of the sectors united, in the order `footprint.servingAntenna` counts them; empty for an omni tower. */
  sectorIds: readonly number[];
}

const STATE_COLUMNS = ['tower_id', 'status', 'progress', 'inputs_key', 'error', 'terrain_source', 'computed_ms', 'updated_at'] as const;
/** The grids are stored little-endian, as this machine's typed arrays are (x86 and ARM). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** SQL for tower footprints; a footprint's grids are stored deflated (about 1/20 of their 2¼ to 3½ bytes a cell). */
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
    footprint: Footprint,
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
        south: footprint.south,
        west: footprint.west,
        cell_lat_deg: footprint.cellLatDeg,
        cell_lng_deg: footprint.cellLngDeg,
        rows: footprint.rows,
        cols: footprint.cols,
        signal: deflate(footprint.signalDeciDbm),
        fresnel60: deflate(bitGrids(footprint)),
        serving_sector: footprint.servingAntenna ? deflate(footprint.servingAntenna) : null,
        sector_ids: footprint.servingAntenna ? JSON.stringify(sectorIds) : null,
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
  const rows = row.rows ?? 0;
  const cols = row.cols ?? 0;
  const signalBytes = inflateSync(row.signal ?? new Uint8Array());
  const bits = inflateSync(row.fresnel60 ?? new Uint8Array());
  const bitBytes = Math.ceil((rows * cols) / 8);
  if (signalBytes.byteLength !== rows * cols * 2 || (bits.byteLength !== bitBytes && bits.byteLength !== 2 * bitBytes)) {
    throw new Error(`the stored footprint of tower ${row.tower_id} does not match its ${rows} x ${cols} grid`);
  }
  const fresnel60 = bits.subarray(0, bitBytes);
  const lineOfSight = bits.byteLength === 2 * bitBytes ? bits.subarray(bitBytes) : undefined;
  // Rows of an omni tower, and rows written before migration 0014, have no serving sectors.
  const servingAntenna = row.serving_sector ? inflateSync(row.serving_sector) : undefined;
  if (servingAntenna && servingAntenna.byteLength !== rows * cols) {
    throw new Error(`the stored serving sectors of tower ${row.tower_id} do not match its ${rows} x ${cols} grid`);
  }
  return {
    ...toState(row),
    areasJson: row.areas ?? '{"type":"FeatureCollection","features":[]}',
    sectorIds: row.sector_ids ? sectorIdsOf(row.sector_ids) : [],
    footprint: {
      south: row.south ?? 0,
      west: row.west ?? 0,
      cellLatDeg: row.cell_lat_deg ?? 0,
      cellLngDeg: row.cell_lng_deg ?? 0,
      rows,
      cols,
      signalDeciDbm: new Int16Array(signalBytes.buffer, signalBytes.byteOffset, rows * cols),
      fresnel60,
      ...(lineOfSight && { lineOfSight }),
      ...(servingAntenna && { servingAntenna }),
    },
  };
}

const storedSectorIds = z.array(z.number().int());

function sectorIdsOf(json: string): number[] {
  return storedSectorIds.parse(JSON.parse(json));
}

/**
 * The bit grids as the `fresnel60` column holds them: the Fresnel bits, then the line-of-sight
 * bits when the footprint has them (computed with propagation settings). The length tells which:
 * rows written before there were line-of-sight bits hold the Fresnel bits alone, and read back so.
 */
function bitGrids(footprint: Footprint): Uint8Array {
  if (!footprint.lineOfSight) return footprint.fresnel60;
  const both = new Uint8Array(2 * footprint.fresnel60.byteLength);
  both.set(footprint.fresnel60);
  both.set(footprint.lineOfSight, footprint.fresnel60.byteLength);
  return both;
}

function deflate(array: Int16Array | Uint8Array): Uint8Array {
  if (!LITTLE_ENDIAN) throw new Error('footprints are stored little-endian; this machine is big-endian');
  return deflateSync(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), { level: 6 });
}
