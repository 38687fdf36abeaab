import { sql } from 'kysely';
import type { ClutterClass } from '../../common/api/clutterAreas.js';
import { toCount } from '../db/dialect.js';
import type { Executor } from '../db/transactions.js';

/** A stored clutter area without its polygons (the list). */
export interface ClutterAreaRecord {
  id: number;
  name: string;
  clutter_class: ClutterClass;
  file_name: string;
  polygon_count: number;
  vertex_count: number;
  west: number;
  south: number;
  east: number;
  north: number;
  content_hash: string;
  created_at: string;
}

/** An area with its MultiPolygon coordinates as stored (JSON text, [lng, lat] degrees). */
export interface ClutterAreaWithPolygons extends ClutterAreaRecord {
  polygons_json: string;
}

export type NewClutterArea = Omit<ClutterAreaWithPolygons, 'id'>;

const COLUMNS = [
  'id',
  'name',
  'clutter_class',
  'file_name',
  'polygon_count',
  'vertex_count',
  'west',
  'south',
  'east',
  'north',
  'content_hash',
  'created_at',
] as const;

/** SQL for the clutter areas (migration 0015). */
export class ClutterAreaRepository {
  constructor(private readonly db: Executor) {}

  /** Newest first (the list's order). */
  async list(): Promise<ClutterAreaRecord[]> {
    const rows = await this.db.selectFrom('clutter_areas').select(COLUMNS).orderBy('id', 'desc').execute();
    return rows.map(asRecord);
  }

  /** Every area with its polygons, oldest first: the order the overlap rule reads them in (the last uploaded wins). */
  async listWithPolygons(): Promise<ClutterAreaWithPolygons[]> {
    const rows = await this.db
      .selectFrom('clutter_areas')
      .select([...COLUMNS, 'polygons_json'])
      .orderBy('id', 'asc')
      .execute();
    return rows.map((row) => ({ ...asRecord(row), polygons_json: row.polygons_json }));
  }

  async count(trx?: Executor): Promise<number> {
    const row = await (trx ?? this.db)
      .selectFrom('clutter_areas')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return toCount(row.n);
  }

  async insert(area: NewClutterArea, trx?: Executor): Promise<ClutterAreaRecord> {
    const row = await (trx ?? this.db).insertInto('clutter_areas').values(area).returning(COLUMNS).executeTakeFirstOrThrow();
    return asRecord(row);
  }

  /** The deleted area; undefined when there was none. */
  async delete(id: number, trx?: Executor): Promise<ClutterAreaRecord | undefined> {
    const row = await (trx ?? this.db).deleteFrom('clutter_areas').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
    return row && asRecord(row);
  }
}

function asRecord<T extends { clutter_class: string; polygon_count: number | string; vertex_count: number | string }>(row: T): T & ClutterAreaRecord {
  return { ...row, clutter_class: row.clutter_class as ClutterClass, polygon_count: Number(row.polygon_count), vertex_count: Number(row.vertex_count) } as T &
    ClutterAreaRecord;
}
