import type { Kysely, Migration } from 'kysely';
import { binaryColumnType, type DialectName } from '../dialect.js';

/** Bytes of geometry per part, as layerRepository.ts writes them today (a migration keeps its own copy: it must not change). */
const PART_BYTES = 1024 * 1024;

/**
 * Issue 10: a layer's geometry moves from one blob in coverage_layers.geometry to parts of at most
 * 1 MB in coverage_layer_geometry_parts, written and read one part per statement. Measured on a
 * 1,000,000-vertex polygon (16 MB packed), one SQLite statement storing the whole blob held the
 * server's only thread for about 110 ms, and coverage checks waited behind it; parts written with a
 * turn of the event loop between them keep each wait to a few milliseconds. coverage_layers keeps
 * geometry_bytes (the total length; null while a layer has no file).
 */
export function geometryPartsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('coverage_layer_geometry_parts')
        .addColumn('layer_id', 'integer', (c) => c.notNull().references('coverage_layers.id').onDelete('cascade'))
        .addColumn('part', 'integer', (c) => c.notNull())
        .addColumn('bytes', binaryColumnType(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('coverage_layer_geometry_parts_pk', ['layer_id', 'part'])
        .execute();
      await db.schema.alterTable('coverage_layers').addColumn('geometry_bytes', 'integer').execute();
      const layers = (await db.selectFrom('coverage_layers').select('id').where('geometry', 'is not', null).orderBy('id').execute()) as { id: number }[];
      // One layer's geometry in memory at a time.
      for (const { id } of layers) {
        const { geometry } = (await db.selectFrom('coverage_layers').select('geometry').where('id', '=', id).executeTakeFirstOrThrow()) as {
          geometry: Uint8Array;
        };
        for (let part = 0; part * PART_BYTES < geometry.byteLength; part++) {
          const bytes = geometry.subarray(part * PART_BYTES, (part + 1) * PART_BYTES);
          await db
            .insertInto('coverage_layer_geometry_parts')
            .values({ layer_id: id, part, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
            .execute();
        }
        await db.updateTable('coverage_layers').set({ geometry_bytes: geometry.byteLength }).where('id', '=', id).execute();
      }
      await db.schema.alterTable('coverage_layers').dropColumn('geometry').execute();
    },
  };
}
