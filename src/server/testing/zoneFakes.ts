import { vi } from 'vitest';
import type { WebhookEventData, WebhookEventType } from '../../common/api/webhookEvents.js';
import type { EventSink } from '../outbox/eventSink.js';
import type { MailQueue, QueuedMail } from '../outbox/mailQueue.js';
import type { NewZone, ZoneChanges, ZoneRecord, ZoneRepository } from '../zones/zoneRepository.js';

type ZoneRepositoryMethods =
  'list' | 'find' | 'count' | 'insert' | 'update' | 'delete' | 'lockProvider' | 'hasEntries' | 'lockGoalState' | 'confirmedCount' | 'markGoalReached';

/** Zones in an array (ids from 1) with each zone's confirmed count in `confirmed`, its entries of any status in `entries`; `providers` are the ids that exist. */
export type MemoryZones = Pick<ZoneRepository, ZoneRepositoryMethods> & {
  rows: ZoneRecord[];
  confirmed: Map<number, number>;
  entries: Map<number, number>;
  providers: Map<number, string>;
  markGoalReached: ReturnType<typeof vi.fn> & ZoneRepository['markGoalReached'];
};

export function memoryZones(providers: Record<number, string> = { 1: 'Overberg Fibre' }): MemoryZones {
  const rows: ZoneRecord[] = [];
  const confirmed = new Map<number, number>();
  const entries = new Map<number, number>();
  const known = new Map(Object.entries(providers).map(([id, name]) => [Number(id), name]));
  const withCount = (row: ZoneRecord): ZoneRecord => ({ ...row, confirmed_count: confirmed.get(row.id) ?? 0 });
  return {
    rows,
    confirmed,
    entries,
    providers: known,
    list: async ({ activeOnly }) => rows.filter((row) => !activeOnly || row.active).map(withCount),
    find: async (id) => {
      const row = rows.find((r) => r.id === id);
      return row && withCount(row);
    },
    count: async () => rows.length,
    insert: async (zone: NewZone) => {
      const providerName = known.get(zone.provider_id);
      if (providerName === undefined) return 'no_provider';
      const id = (rows.at(-1)?.id ?? 0) + 1;
      rows.push({ ...zone, id, provider_name: providerName, goal_reached_at: null, confirmed_count: 0 });
      return id;
    },
    update: async (id: number, changes: ZoneChanges) => {
      const row = rows.find((r) => r.id === id);
      if (!row) return false;
      if (changes.provider_id !== undefined && !known.has(changes.provider_id)) return 'no_provider';
      Object.assign(row, changes, changes.provider_id === undefined ? {} : { provider_name: known.get(changes.provider_id) });
      return true;
    },
    lockProvider: async (id) => rows.find((r) => r.id === id)?.provider_id,
    hasEntries: async (id) => (entries.get(id) ?? 0) > 0,
    delete: async (id) => {
      const at = rows.findIndex((r) => r.id === id);
      if (at < 0) return false;
      rows.splice(at, 1);
      return true;
    },
    lockGoalState: async (id) => rows.find((r) => r.id === id),
    confirmedCount: async (id) => confirmed.get(id) ?? 0,
    markGoalReached: vi.fn(async (id: number, at: string) => {
      const row = rows.find((r) => r.id === id);
      if (!row || row.goal_reached_at !== null) return false;
      row.goal_reached_at = at;
      return true;
    }),
  };
}

/** A zone record of the fakes: a 0.1° square at (20, -34.6) of provider 1, goal 3; fields may be overridden. */
export function zoneRecord(fields: Partial<ZoneRecord> = {}): ZoneRecord {
  const square = [
    [20, -34.6],
    [20.1, -34.6],
    [20.1, -34.5],
    [20, -34.5],
    [20, -34.6],
  ];
  return {
    id: 1,
    provider_id: 1,
    provider_name: 'Overberg Fibre',
    name: 'Bredasdorp',
    goal: 3,
    deadline: null,
    message: null,
    geometry_json: JSON.stringify({ type: 'Polygon', coordinates: [square] }),
    vertex_count: 4,
    west: 20,
    south: -34.6,
    east: 20.1,
    north: -34.5,
    active: true,
    goal_reached_at: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    confirmed_count: 0,
    ...fields,
  };
}

/** A mail queue that keeps what it is given. */
export function recordingMailQueue(): MailQueue & { queued: QueuedMail[] } {
  const queued: QueuedMail[] = [];
  return {
    queued,
    enqueue: async (mail) => {
      queued.push(mail);
    },
  };
}

/** An event sink that keeps what it is given. */
export function recordingEventSink(): EventSink & { emitted: { type: WebhookEventType; data: unknown }[] } {
  const emitted: { type: WebhookEventType; data: unknown }[] = [];
  return {
    emitted,
    emit: async <T extends WebhookEventType>(type: T, data: WebhookEventData[T]) => {
      emitted.push({ type, data });
    },
  };
}
