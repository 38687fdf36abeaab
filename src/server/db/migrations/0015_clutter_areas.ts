import type { Kysely, Migration } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/**
 * Issue 19 §4: clutter areas, polygons of a class (trees, suburban, urban, water) whose height
 * replaces the uniform clutter inside them. `polygons_json` holds the MultiPolygon coordinates
 * ([lng, lat] degrees) as JSON text (at most 200,000 vertices an area, the service's rule);
 * `west` … `north` their box, so the areas near a footprint are found without reading them;
 * `content_hash` (SHA-256 of the class and the polygons) is what a footprint's inputs hash includes.
 */
export function clutterAreasMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(dialect, db.schema.createTable('clutter_areas'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('clutter_class', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('polygons_json', 'text', (c) => c.notNull())
        .addColumn('polygon_count', 'integer', (c) => c.notNull())
        .addColumn('vertex_count', 'integer', (c) => c.notNull())
        .addColumn('west', 'double precision', (c) => c.notNull())
        .addColumn('south', 'double precision', (c) => c.notNull())
        .addColumn('east', 'double precision', (c) => c.notNull())
        .addColumn('north', 'double precision', (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
