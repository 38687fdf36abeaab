import type { Kysely, Migration } from 'kysely';
import { binaryColumnType, type DialectName } from '../dialect.js';

/**
 * Issue 19: a tower's footprint is the union of its sectors' footprints, and a reading names the
 * sector that serves the point. `serving_sector`: per cell, deflated, one byte, the index into
 * `sector_ids` (a JSON array of the sectors' ids in the order they were united) of the sector
 * serving it, 255 where none does. Both null for an omni tower's footprint and for rows computed
 * before (which read as omni: no sector).
 */
export function footprintSectorsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('tower_footprints').addColumn('serving_sector', binaryColumnType(dialect)).execute();
      await db.schema.alterTable('tower_footprints').addColumn('sector_ids', 'text').execute();
    },
  };
}
