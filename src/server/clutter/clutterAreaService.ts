import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CLUTTER_FILE_TYPE_MESSAGE,
  CLUTTER_MAX_AREAS,
  CLUTTER_MAX_VERTICES,
  CLUTTER_NO_POLYGONS_MESSAGE,
  CLUTTER_TOO_MANY_AREAS_MESSAGE,
  CLUTTER_TOO_MANY_VERTICES_MESSAGE,
  type ClutterArea,
  type ClutterAreasGeoJson,
  type ClutterClass,
  clutterCodeOf,
} from '../../common/api/clutterAreas.js';
import { KML_MAX_BYTES } from '../../common/api/coverageLayers.js';
import { packRing, unpackRing } from '../../geo/packedGeometry.js';
import { boxOf, type ClutterAreaPolygons, ClutterMap } from '../../geo/rf/clutterMap.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { CoverageChanges } from '../coverage-revision/coverageChanges.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { ClutterAreaRecord, ClutterAreaRepository, ClutterAreaWithPolygons } from './clutterAreaRepository.js';
import { readClutterFileInWorker } from './clutterFileReading.js';

export interface ClutterAreaDeps {
  repository: Pick<ClutterAreaRepository, 'list' | 'listWithPolygons' | 'count' | 'insert' | 'delete'>;
  coverage: Pick<CoverageChanges, 'commit'>;
  /** The coverage revision this process's index answers from (CoverageEngine.revision); null before its first build. */
  builtRevision: () => number | null;
  clock: Clock;
  log: FastifyBaseLogger;
  audit: AuditRecorder;
}

/** An area as the footprints and the line of sight take it: its class code, polygons, box and content hash. */
export interface ClutterAreaGeometry extends ClutterAreaPolygons {
  /** [west, south, east, north], degrees. */
  box: readonly [number, number, number, number];
  contentHash: string;
}

/** Every area at one coverage revision, oldest first, and the map that answers their class codes. */
export interface ClutterAreasSnapshot {
  areas: readonly ClutterAreaGeometry[];
  map: ClutterMap;
}

/** The areas whose box overlaps `box` ([west, south, east, north] degrees). */
export function areasTouching(snapshot: ClutterAreasSnapshot, box: readonly [number, number, number, number]): ClutterAreaGeometry[] {
  return snapshot.areas.filter((area) => area.box[0] <= box[2] && area.box[2] >= box[0] && area.box[1] <= box[3] && area.box[3] >= box[1]);
}

/**
 * The clutter areas (issue 19 §4, docs/radio-model.md, Clutter): uploads of KML, KMZ or GeoJSON
 * polygons of a class, listed, drawn and deleted by an administrator. Every wireless answer
 * depends on them, so an upload or a delete commits through CoverageChanges (the coverage
 * revision moves: footprints are recomputed, every process reads the areas again), and `current()`
 * reads them once per revision the engine answers from, as RadioSettingsService.current does.
 */
export class ClutterAreaService {
  private cached: { revision: number; snapshot: ClutterAreasSnapshot } | undefined;
  private reading: { revision: number | null; snapshot: Promise<ClutterAreasSnapshot> } | undefined;
  /** Moves with every write here: a read that started before it does not fill the cache. */
  private writes = 0;

  constructor(private readonly deps: ClutterAreaDeps) {}

  async list(): Promise<ClutterArea[]> {
    return (await this.deps.repository.list()).map(toApi);
  }

  /**
   * Reads the file in a worker thread (format by content; a KMZ's entry checked against the layer
   * upload's limit before it is inflated), checks the vertex and area bounds, and stores it in the transaction
   * that moves the coverage revision. Nothing is stored on any error.
   */
  async upload(file: { fileName: string; bytes: Uint8Array }, fields: { clutterClass: ClutterClass; name?: string | undefined }): Promise<ClutterArea> {
    const polygons = await readClutterFileInWorker({
      bytes: file.bytes,
      fileName: file.fileName,
      limits: { maxKmlBytes: KML_MAX_BYTES, noPolygonsMessage: CLUTTER_NO_POLYGONS_MESSAGE, notClutterFileMessage: CLUTTER_FILE_TYPE_MESSAGE },
    });
    const vertexCount = polygons.reduce((sum, polygon) => sum + polygon.reduce((rings, ring) => rings + ring.length / 2, 0), 0);
    if (vertexCount > CLUTTER_MAX_VERTICES) throw new ValidationError(CLUTTER_TOO_MANY_VERTICES_MESSAGE);
    const coordinates = polygons.map((rings) => rings.map(unpackRing));
    const polygonsJson = JSON.stringify(coordinates);
    const [west, south, east, north] = boxOf(polygons);
    const contentHash = createHash('sha256').update(fields.clutterClass).update('\n').update(polygonsJson).digest('hex');
    const created = await this.deps.coverage.commit(async (trx) => {
      // Counted inside the transaction that inserts, so two uploads at once cannot pass the bound together on SQLite; on PostgreSQL the bound may be passed by one.
      if ((await this.deps.repository.count(trx)) >= CLUTTER_MAX_AREAS) throw new ConflictError(CLUTTER_TOO_MANY_AREAS_MESSAGE);
      const inserted = await this.deps.repository.insert(
        {
          name: fields.name ?? (file.fileName.replace(/\.[^./\\]*$/, '') || file.fileName),
          clutter_class: fields.clutterClass,
          file_name: file.fileName,
          polygons_json: polygonsJson,
          polygon_count: polygons.length,
          vertex_count: vertexCount,
          west,
          south,
          east,
          north,
          content_hash: contentHash,
          created_at: this.deps.clock.now().toISOString(),
        },
        trx,
      );
      // The file's name, size and polygons; never the polygons themselves.
      await this.deps.audit.record(trx, {
        entity: 'clutter_area',
        entityId: inserted.id,
        action: 'upload',
        after: { ...toApi(inserted), size_bytes: file.bytes.byteLength },
      });
      return inserted;
    });
    this.forget();
    return toApi(created);
  }

  async delete(id: number): Promise<void> {
    const deleted = await this.deps.coverage.commit(async (trx) => {
      const removed = await this.deps.repository.delete(id, trx);
      if (!removed) throw new NotFoundError('Clutter area not found');
      await this.deps.audit.record(trx, { entity: 'clutter_area', entityId: id, action: 'delete', before: toApi(removed) });
      return true;
    });
    if (deleted) this.forget();
  }

  /** Every area's polygons as one FeatureCollection ([lng, lat]), oldest first (the order they overlap in). */
  async geoJson(): Promise<ClutterAreasGeoJson> {
    const areas = await this.deps.repository.listWithPolygons();
    return {
      type: 'FeatureCollection',
      features: areas.map((area) => ({
        type: 'Feature' as const,
        properties: { id: area.id, name: area.name, clutter_class: area.clutter_class },
        geometry: { type: 'MultiPolygon' as const, coordinates: JSON.parse(area.polygons_json) as [number, number][][][] },
      })),
    };
  }

  /**
   * The areas at the coverage revision this process answers from: read once per revision (one
   * read shared by the callers meanwhile), so a line-of-sight answer reads no polygons.
   */
  async current(): Promise<ClutterAreasSnapshot> {
    const revision = this.deps.builtRevision();
    if (revision !== null && this.cached?.revision === revision) return this.cached.snapshot;
    if (this.reading?.revision === revision) return this.reading.snapshot;
    const writesBefore = this.writes;
    const reading = {
      revision,
      snapshot: this.deps.repository.listWithPolygons().then(
        (rows) => {
          if (this.reading === reading) this.reading = undefined;
          const snapshot = snapshotOf(rows);
          if (revision !== null && this.writes === writesBefore) this.cached = { revision, snapshot };
          return snapshot;
        },
        (error: unknown) => {
          if (this.reading === reading) this.reading = undefined;
          throw error;
        },
      ),
    };
    this.reading = reading;
    return reading.snapshot;
  }

  private forget(): void {
    this.writes += 1;
    this.cached = undefined;
    this.reading = undefined;
  }
}

/** No clutter areas at all (tests, and a database with none). */
export function noClutterAreas(): ClutterAreasSnapshot {
  return snapshotOf([]);
}

/** The stored areas (oldest first) as geometry and the map over them. */
export function snapshotOf(rows: readonly ClutterAreaWithPolygons[]): ClutterAreasSnapshot {
  const areas = rows.map((row): ClutterAreaGeometry => {
    const coordinates = JSON.parse(row.polygons_json) as number[][][][];
    return {
      code: clutterCodeOf(row.clutter_class),
      polygons: coordinates.map((rings) => rings.map((ring) => packRing(ring))),
      box: [row.west, row.south, row.east, row.north],
      contentHash: row.content_hash,
    };
  });
  return { areas, map: new ClutterMap(areas) };
}

function toApi(record: ClutterAreaRecord): ClutterArea {
  return {
    id: record.id,
    name: record.name,
    clutter_class: record.clutter_class,
    polygon_count: record.polygon_count,
    vertex_count: record.vertex_count,
    bbox: [record.west, record.south, record.east, record.north],
    file_name: record.file_name,
    created_at: record.created_at,
  };
}
