import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { ColorMapping } from '../../common/api/coverageLayers.js';
import { parseColorMappings } from '../../common/colorMappings.js';
import { isServiceStatus, type ServiceStatus } from '../../common/serviceStatus.js';
import type { ProviderScope } from '../access/providerScope.js';
import { providerScopeCondition } from '../access/providerScopeSql.js';
import { fromBool, fromJsonText, toBool, toJsonText } from '../db/dialect.js';
import type { CoverageLayersTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

/** A coverage layer without its (possibly large) geometry. */
export interface LayerRecord {
  id: number;
  name: string;
  provider_id: number;
  services: string[];
  kml_filename: string | null;
  active: boolean;
  default_status: ServiceStatus;
  /** null when none are set (manual override, or no colours). */
  color_mappings: ColorMapping[] | null;
  use_manual_override: boolean;
  manual_override_status: ServiceStatus | null;
  feature_count: number;
  /** Colours found in the uploaded file, "#rrggbb". */
  detected_colors: string[];
  has_geometry: boolean;
  created_at: string;
  updated_at: string;
}

/**
 * A live layer as the coverage index is built from it: its record and the version of its stored
 * geometry (migration 0009), which moves on whenever the geometry is replaced or removed, so that
 * an unchanged layer is known by a number instead of by reading and comparing its bytes.
 */
export type LiveLayerRecord = LayerRecord & { geometry_version: number };

/** A layer's polygons with {name, color}, packed (src/geo/packedCollection.ts). */
export type LayerGeometry = Uint8Array;
export type LiveLayer = LiveLayerRecord & { geometry: LayerGeometry };
export type NewLayerRecord = Omit<LayerRecord, 'id' | 'has_geometry'> & { geometry: LayerGeometry | null };
export type LayerChanges = Partial<Omit<NewLayerRecord, 'created_at'>>;

const SUMMARY_COLUMNS = [
  'id',
  'name',
  'provider_id',
  'services',
  'kml_filename',
  'active',
  'default_status',
  'color_mappings',
  'use_manual_override',
  'manual_override_status',
  'feature_count',
  'detected_colors',
  'created_at',
  'updated_at',
] as const;

type SummaryRow = Pick<Selectable<CoverageLayersTable>, (typeof SUMMARY_COLUMNS)[number]> & { has_geometry: unknown };

/** Bytes of geometry per row of coverage_layer_geometry_parts (see migration 0007). */
const GEOMETRY_PART_BYTES = 1024 * 1024;

/** Ids per `in (…)` list: far below SQLite's (32,766) and PostgreSQL's (65,535) bound-parameter limits. */
const IN_LIST_CHUNK = 1000;

/** SQL for coverage layers; records in, records out. */
export class LayerRepository {
  constructor(private readonly db: Executor) {}

  private summaries(trx?: Executor) {
    return (trx ?? this.db)
      .selectFrom('coverage_layers')
      .select(SUMMARY_COLUMNS)
      .select((eb) => eb('geometry_bytes', 'is not', null).as('has_geometry'));
  }

  /** The layers of the providers inside the scope (null: all), by name. */
  async list(scope: ProviderScope): Promise<LayerRecord[]> {
    const rows = await this.summaries().where(providerScopeCondition(scope, 'coverage_layers.provider_id')).orderBy('name').orderBy('id').execute();
    return rows.map(toRecord);
  }

  async find(id: number, trx?: Executor): Promise<LayerRecord | undefined> {
    const row = await this.summaries(trx).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async findByProviderAndFile(providerId: number, kmlFilename: string, trx?: Executor): Promise<LayerRecord | undefined> {
    const row = await this.summaries(trx).where('provider_id', '=', providerId).where('kml_filename', '=', kmlFilename).executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * The active layers of these providers that have geometry, without it but with its version:
   * what the coverage index is built from (each changed layer's geometry is read on its own with
   * geometry(), so that no more than one large layer is read at a time). Ids go in chunks, so any
   * number of providers stays within the bound-parameter limits. Sorted by id.
   */
  async liveLayerRecords(providerIds: readonly number[]): Promise<LiveLayerRecord[]> {
    const layers: LiveLayerRecord[] = [];
    for (let start = 0; start < providerIds.length; start += IN_LIST_CHUNK) {
      const rows = await this.summaries()
        .select('geometry_version')
        .where('active', '=', fromBool(true))
        .where('provider_id', 'in', providerIds.slice(start, start + IN_LIST_CHUNK))
        .where('geometry_bytes', 'is not', null)
        .execute();
      for (const row of rows) layers.push({ ...toRecord(row), geometry_version: Number(row.geometry_version) });
    }
    return layers.sort((a, b) => a.id - b.id);
  }

  /**
   * A layer's stored geometry; null when it has none or there is no such layer. Read one part per
   * statement with a turn of the event loop between (see migration 0007), in one transaction so
   * that the parts are those of one upload (repeatable read on PostgreSQL; SQLite's one connection
   * reads a snapshot anyway).
   */
  async geometry(id: number): Promise<LayerGeometry | null> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const layer = await trx.selectFrom('coverage_layers').select('geometry_bytes').where('id', '=', id).executeTakeFirst();
        if (!layer || layer.geometry_bytes === null) return null;
        const geometry = new Uint8Array(Number(layer.geometry_bytes));
        for (let part = 0, offset = 0; offset < geometry.byteLength; part++) {
          await yieldToRequests();
          const row = await trx.selectFrom('coverage_layer_geometry_parts').select('bytes').where('layer_id', '=', id).where('part', '=', part).executeTakeFirst();
          if (!row) throw new Error(`Coverage layer ${id}: geometry part ${part} is missing`);
          geometry.set(row.bytes, offset);
          offset += row.bytes.byteLength;
        }
        return geometry;
      });
  }

  async insert(record: NewLayerRecord, trx?: Executor): Promise<number> {
    const executor = trx ?? this.db;
    const { id } = await executor
      .insertInto('coverage_layers')
      .values({ ...toRow(record), geometry_version: record.geometry ? 1 : 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (record.geometry) await writeGeometry(executor, id, record.geometry);
    return id;
  }

  /** False when there is no such layer. New geometry (or none) moves the layer's geometry version on. */
  async update(id: number, changes: LayerChanges, trx?: Executor): Promise<boolean> {
    const executor = trx ?? this.db;
    const newVersion = changes.geometry === undefined ? {} : { geometry_version: sql<number>`geometry_version + 1` };
    const result = await executor
      .updateTable('coverage_layers')
      .set({ ...toRow(changes), ...newVersion })
      .where('id', '=', id)
      .executeTakeFirst();
    const found = Number(result.numUpdatedRows) > 0;
    if (found && changes.geometry !== undefined) {
      await executor.deleteFrom('coverage_layer_geometry_parts').where('layer_id', '=', id).execute();
      if (changes.geometry) await writeGeometry(executor, id, changes.geometry);
    }
    return found;
  }

  /** False when there is no such layer. */
  async delete(id: number, trx?: Executor): Promise<boolean> {
    const result = await (trx ?? this.db).deleteFrom('coverage_layers').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

function readStringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function toRecord(row: SummaryRow): LayerRecord {
  const mappings = parseColorMappings(row.color_mappings);
  return {
    id: row.id,
    name: row.name,
    provider_id: row.provider_id,
    services: fromJsonText(row.services, readStringList),
    kml_filename: row.kml_filename,
    active: toBool(row.active),
    default_status: isServiceStatus(row.default_status) ? row.default_status : 'unknown',
    color_mappings: row.color_mappings === null ? null : mappings,
    use_manual_override: toBool(row.use_manual_override),
    manual_override_status: isServiceStatus(row.manual_override_status) ? row.manual_override_status : null,
    feature_count: Number(row.feature_count),
    detected_colors: fromJsonText(row.detected_colors, readStringList),
    has_geometry: Boolean(row.has_geometry),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The columns of a record or of changes to one (absent fields stay absent). */
function toRow(record: NewLayerRecord): Insertable<CoverageLayersTable>;
function toRow(changes: LayerChanges): Updateable<CoverageLayersTable>;
function toRow(record: LayerChanges): Updateable<CoverageLayersTable> {
  const { services, active, color_mappings: mappings, use_manual_override: override, detected_colors: colors, geometry, ...plain } = record;
  return {
    ...plain,
    ...(services === undefined ? {} : { services: toJsonText(services) }),
    ...(active === undefined ? {} : { active: fromBool(active) }),
    ...(mappings === undefined ? {} : { color_mappings: mappings === null ? null : toJsonText(mappings) }),
    ...(override === undefined ? {} : { use_manual_override: fromBool(override) }),
    ...(colors === undefined ? {} : { detected_colors: toJsonText(colors) }),
    ...(geometry === undefined ? {} : { geometry_bytes: geometry ? geometry.byteLength : null }),
  };
}

/**
 * Stores a layer's geometry as parts of GEOMETRY_PART_BYTES, one statement each with a turn of the
 * event loop before it: a 16 MB layer in one statement held the thread for about 110 ms.
 */
async function writeGeometry(executor: Executor, layerId: number, geometry: LayerGeometry): Promise<void> {
  for (let part = 0; part * GEOMETRY_PART_BYTES < geometry.byteLength; part++) {
    await yieldToRequests();
    const bytes = geometry.subarray(part * GEOMETRY_PART_BYTES, (part + 1) * GEOMETRY_PART_BYTES);
    // better-sqlite3 binds Buffers, not plain Uint8Arrays: a Buffer view of the same memory.
    await executor.insertInto('coverage_layer_geometry_parts').values({ layer_id: layerId, part, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }).execute();
  }
}
