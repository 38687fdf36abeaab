import type { Kysely, Migration } from 'kysely';
import { binaryColumnType, type DialectName } from '../dialect.js';

/**
 * Issue 11: each active tower's predicted footprint, one row per tower. `inputs_key` names what it
 * was computed from (the tower's radio parameters, the receiver height and the terrain under it):
 * a row whose key differs from today's inputs is stale and is computed again. The grid is stored as
 * deflated arrays: signal in tenths of a dBm (Int16, little-endian) and a bitset of cells whose
 * first Fresnel zone is 60% clear; `areas` holds the band areas drawn on the maps and exported
 * (GeoJSON FeatureCollection text).
 */
export function towerFootprintsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tower_footprints')
        .addColumn('tower_id', 'integer', (c) => c.primaryKey().references('towers.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('inputs_key', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('terrain_source', 'text')
        .addColumn('south', 'real')
        .addColumn('west', 'real')
        .addColumn('cell_lat_deg', 'real')
        .addColumn('cell_lng_deg', 'real')
        .addColumn('rows', 'integer')
        .addColumn('cols', 'integer')
        .addColumn('signal', binaryColumnType(dialect))
        .addColumn('fresnel60', binaryColumnType(dialect))
        .addColumn('areas', 'text')
        .addColumn('computed_ms', 'integer')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
