import {
  type AdminZone,
  type PublicZone,
  ZONE_FILE_MAX_BYTES,
  ZONE_FILE_NO_POLYGONS_MESSAGE,
  ZONE_FILE_TYPE_MESSAGE,
  ZONE_PROVIDER_LOCKED_MESSAGE,
  type ZoneGeometry,
  type ZoneGeometryFromFile,
  type ZoneInput,
  type ZoneUpdate,
} from '../../common/api/zones.js';
import { unpackRing } from '../../geo/packedGeometry.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { ClutterFileRequest } from '../clutter/clutterFileReading.js';
import type { PackedPolygon } from '../../geo/packedGeometry.js';
import type { Executor, Transactions } from '../db/transactions.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { ZoneListVersion } from './zoneListVersion.js';
import { checkZoneOutline } from './zoneOutline.js';
import { type ZoneChanges, ZONE_LIST_LIMIT, type ZoneRecord, type ZoneRepository } from './zoneRepository.js';

export const ZONE_PROVIDER_MESSAGE = 'Provider not found';
export const ZONE_NOT_FOUND_MESSAGE = 'Zone not found';
export const ZONE_TOO_MANY_MESSAGE = `At most ${ZONE_LIST_LIMIT} zones can be kept; delete one first`;

export interface ZoneServiceDeps {
  repository: Pick<ZoneRepository, 'list' | 'find' | 'count' | 'insert' | 'update' | 'delete' | 'lockProvider' | 'hasEntries'>;
  transactions: Transactions;
  /** Reads an uploaded KML, KMZ or GeoJSON file's polygons off the event loop (clutter/clutterFileReading.ts). */
  readPolygonFile: (request: ClutterFileRequest) => Promise<PackedPolygon[]>;
  clock: Clock;
  /** Moved after each write, so the public list is built again at once. */
  listVersion: ZoneListVersion;
  audit: AuditRecorder;
}

/**
 * Pre-registration zones (issue 20 §2): an administrator's areas of a provider with a goal, the
 * public list with each zone's confirmed count, and an uploaded file read into an outline for the
 * form. Every outline is checked (checkZoneOutline) before it is stored.
 */
export class ZoneService {
  constructor(private readonly deps: ZoneServiceDeps) {}

  /** Active zones for the public map. */
  async listPublic(): Promise<PublicZone[]> {
    return (await this.deps.repository.list({ activeOnly: true })).map(toPublic);
  }

  async listAll(): Promise<AdminZone[]> {
    return (await this.deps.repository.list({ activeOnly: false })).map(toAdmin);
  }

  async create(input: ZoneInput): Promise<AdminZone> {
    const outline = checkZoneOutline(input.geometry);
    const now = this.deps.clock.now().toISOString();
    const id = await this.deps.transactions.run(async (trx) => {
      // Counted in the transaction that inserts, as clutter areas are: on PostgreSQL two at once may pass the bound by one.
      if ((await this.deps.repository.count(trx)) >= ZONE_LIST_LIMIT) throw new ConflictError(ZONE_TOO_MANY_MESSAGE);
      const inserted = await this.deps.repository.insert(
        {
          provider_id: input.provider_id,
          name: input.name,
          goal: input.goal,
          deadline: input.deadline ?? null,
          message: input.message ?? null,
          geometry_json: JSON.stringify(input.geometry),
          vertex_count: outline.vertexCount,
          west: outline.west,
          south: outline.south,
          east: outline.east,
          north: outline.north,
          active: input.active,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      if (inserted === 'no_provider') throw new ValidationError(ZONE_PROVIDER_MESSAGE);
      await this.recordChange(inserted, 'create', null, trx);
      return inserted;
    });
    this.deps.listVersion.invalidate();
    return this.get(id);
  }

  async update(id: number, changes: ZoneUpdate): Promise<AdminZone> {
    const { geometry, ...fields } = changes;
    const outline = geometry && checkZoneOutline(geometry);
    const zoneChanges: ZoneChanges = {
      ...fields,
      ...(geometry && outline
        ? {
            geometry_json: JSON.stringify(geometry),
            vertex_count: outline.vertexCount,
            west: outline.west,
            south: outline.south,
            east: outline.east,
            north: outline.north,
          }
        : {}),
      updated_at: this.deps.clock.now().toISOString(),
    };
    const updated = await this.deps.transactions.run(async (trx) => {
      if (changes.provider_id !== undefined) {
        // Its entries carry the provider (the waitlist's counts and exports by provider): a zone that has any keeps it.
        const providerId = await this.deps.repository.lockProvider(id, trx);
        if (providerId !== undefined && providerId !== changes.provider_id && (await this.deps.repository.hasEntries(id, trx))) {
          throw new ConflictError(ZONE_PROVIDER_LOCKED_MESSAGE);
        }
      }
      const before = await this.deps.repository.find(id, trx);
      const outcome = await this.deps.repository.update(id, zoneChanges, trx);
      if (outcome === true && before) await this.recordChange(id, 'update', before, trx);
      return outcome;
    });
    if (updated === 'no_provider') throw new ValidationError(ZONE_PROVIDER_MESSAGE);
    if (!updated) throw new NotFoundError(ZONE_NOT_FOUND_MESSAGE);
    this.deps.listVersion.invalidate();
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    await this.deps.transactions.run(async (trx) => {
      const before = await this.deps.repository.find(id, trx);
      if (!before || !(await this.deps.repository.delete(id, trx))) throw new NotFoundError(ZONE_NOT_FOUND_MESSAGE);
      await this.recordChange(id, 'delete', before, trx);
    });
    this.deps.listVersion.invalidate();
  }

  /** The zone's audit entry: its fields as they were and are in `trx`, the outline only by its vertex count. */
  private async recordChange(id: number, action: 'create' | 'update' | 'delete', before: ZoneRecord | null, trx: Executor): Promise<void> {
    const after = action === 'delete' ? undefined : await this.deps.repository.find(id, trx);
    await this.deps.audit.record(trx, {
      entity: 'zone',
      entityId: id,
      action,
      before: before && auditedZone(before),
      after: after ? auditedZone(after) : null,
    });
  }

  /**
   * The polygons of an uploaded KML, KMZ or GeoJSON file as one MultiPolygon (format by content; a
   * KMZ's entry checked against ZONE_FILE_MAX_BYTES before it is inflated), checked as a zone's
   * outline is, so the form shows only what can be saved.
   */
  async geometryFromFile(file: { fileName: string; bytes: Uint8Array }): Promise<ZoneGeometryFromFile> {
    const polygons = await this.deps.readPolygonFile({
      bytes: file.bytes,
      fileName: file.fileName,
      limits: { maxKmlBytes: ZONE_FILE_MAX_BYTES, noPolygonsMessage: ZONE_FILE_NO_POLYGONS_MESSAGE, notClutterFileMessage: ZONE_FILE_TYPE_MESSAGE },
    });
    if (polygons.length === 0) throw new ValidationError(ZONE_FILE_NO_POLYGONS_MESSAGE);
    const geometry = {
      type: 'MultiPolygon' as const,
      coordinates: polygons.map((rings) => rings.map((ring) => closedRing(unpackRing(ring) as [number, number][]))),
    };
    checkZoneOutline(geometry);
    return { geometry };
  }

  private async get(id: number): Promise<AdminZone> {
    const record = await this.deps.repository.find(id);
    if (!record) throw new NotFoundError(ZONE_NOT_FOUND_MESSAGE);
    return toAdmin(record);
  }
}

/** A ring that repeats its first position at the end, as GeoJSON wants. */
function closedRing(positions: [number, number][]): [number, number][] {
  const first = positions[0];
  const last = positions[positions.length - 1];
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...positions, first] : positions;
}

function toPublic(record: ZoneRecord): PublicZone {
  return {
    id: record.id,
    name: record.name,
    provider_id: record.provider_id,
    provider_name: record.provider_name,
    goal: record.goal,
    confirmed_count: record.confirmed_count,
    deadline: record.deadline,
    message: record.message,
    geometry: JSON.parse(record.geometry_json) as ZoneGeometry,
  };
}

function auditedZone(record: ZoneRecord): Record<string, unknown> {
  const { geometry: _geometry, confirmed_count: _count, ...fields } = toAdmin(record);
  return fields;
}

function toAdmin(record: ZoneRecord): AdminZone {
  return {
    ...toPublic(record),
    active: record.active,
    goal_reached_at: record.goal_reached_at,
    vertex_count: record.vertex_count,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
