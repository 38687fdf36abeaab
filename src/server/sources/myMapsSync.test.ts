import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Provider } from '../../common/api/providers.js';
import { NotFoundError } from '../errors.js';
import type { OutboundClient } from '../outbound/outboundClient.js';
import type { ProviderRecord } from '../providers/providerRepository.js';
import { providerRecord } from '../providers/testing/providerRecords.js';
import { MyMapsSync, type SyncLayers, type SyncLocks, type SyncProviders } from './myMapsSync.js';

const NOW = new Date('2026-11-22T08:00:00.000Z');
const INTERVAL_MINUTES = 360;
const MAP_URL = (mid: string) => `https://www.google.com/maps/d/viewer?mid=${mid}`;
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

/** A My Maps provider with auto sync on, last synced `lastSync` (ISO) or never. */
function myMapsProvider(id: number, fields: Partial<ProviderRecord> = {}): ProviderRecord {
  return providerRecord({ id, name: `Maps ${id}`, data_source: 'my_maps_url', my_maps_url: MAP_URL(`mapid-${id}-abcdefgh`), auto_sync: true, ...fields });
}

/** Locks held in memory; `heldElsewhere` are held by another process. */
class MemoryLocks implements SyncLocks {
  readonly held = new Set<string>();
  constructor(private readonly heldElsewhere: string[] = []) {}
  async tryAcquire(name: string) {
    if (this.held.has(name) || this.heldElsewhere.includes(name)) return false;
    this.held.add(name);
    return true;
  }
  async release(name: string) {
    this.held.delete(name);
  }
}

function setup(records: ProviderRecord[], options: { failing?: number[]; heldElsewhere?: string[] } = {}) {
  const outcomes: { id: number; status: string | null; error: string | null }[] = [];
  const providers: SyncProviders = {
    listRecords: async () => records,
    requireRecord: async (id) => {
      const record = records.find((r) => r.id === id);
      if (!record) throw new NotFoundError('Provider not found');
      return record;
    },
    get: async (id) => ({ id, name: `Maps ${id}` }) as Provider,
    recordSync: async (id, outcome) => {
      outcomes.push({ id, status: outcome.sync_status, error: outcome.sync_error_message });
    },
  };
  const synced: string[] = [];
  const layers: SyncLayers = {
    replaceSourceLayer: async (providerId, _name, sourceName) => {
      synced.push(sourceName);
      return {} as Awaited<ReturnType<SyncLayers['replaceSourceLayer']>>;
    },
  };
  const outbound: OutboundClient = {
    request: async (url) => {
      const failing = options.failing?.some((id) => url.includes(`mapid-${id}-`));
      return { status: failing ? 404 : 200, headers: {}, body: Buffer.from('<kml/>'), url };
    },
  };
  const warnings: string[] = [];
  const log = { warn: (_details: unknown, message: string) => warnings.push(message), error: () => undefined } as unknown as FastifyBaseLogger;
  const locks = new MemoryLocks(options.heldElsewhere);
  const sync = new MyMapsSync({
    providers,
    layers,
    outbound,
    locks,
    options: { kmlUrlTemplate: 'https://maps.example/kml?mid={mapId}', syncIntervalMinutes: INTERVAL_MINUTES },
    clock: { now: () => NOW },
    log,
  });
  return { sync, synced, outcomes, warnings, locks };
}

describe('MyMapsSync schedule', () => {
  afterEach(() => vi.useRealTimers());

  it('syncs only active My Maps providers with auto sync whose last sync is at least one interval old', async () => {
    const { sync, synced } = setup([
      myMapsProvider(1),
      myMapsProvider(2, { last_sync: hoursAgo(7) }),
      myMapsProvider(3, { last_sync: hoursAgo(6) }),
      myMapsProvider(4, { last_sync: hoursAgo(5) }),
      myMapsProvider(5, { auto_sync: false }),
      myMapsProvider(6, { active: false }),
      providerRecord({ id: 7, auto_sync: true }),
    ]);

    expect(await sync.syncDueProviders()).toBe(3);
    expect(synced).toEqual(['my-maps:mapid-1-abcdefgh', 'my-maps:mapid-2-abcdefgh', 'my-maps:mapid-3-abcdefgh']);
  });

  it('does nothing while another process holds the scheduler lock', async () => {
    const { sync, synced } = setup([myMapsProvider(1)], { heldElsewhere: ['my-maps-auto-sync'] });
    expect(await sync.syncDueProviders()).toBe(0);
    expect(synced).toEqual([]);
  });

  it('records a failed sync on its provider and goes on with the next, releasing every lock', async () => {
    const { sync, synced, outcomes, warnings, locks } = setup([myMapsProvider(1), myMapsProvider(2)], { failing: [1] });

    expect(await sync.syncDueProviders()).toBe(2);
    expect(synced).toEqual(['my-maps:mapid-2-abcdefgh']);
    expect(outcomes).toEqual([
      { id: 1, status: 'error', error: 'My Maps answered HTTP 404; is the map shared publicly?' },
      { id: 2, status: 'success', error: null },
    ]);
    expect(warnings).toEqual(['My Maps auto-sync of a provider failed']);
    expect([...locks.held]).toEqual([]);
  });

  it('answers a second sync of a provider whose sync is running with a conflict', async () => {
    const { sync, synced } = setup([myMapsProvider(1)], { heldElsewhere: ['my-maps-sync:1'] });
    await expect(sync.sync(1, null)).rejects.toThrow('A My Maps sync of this provider is already running');
    expect(synced).toEqual([]);
  });

  it('looks for due providers every minute once started, and no more once stopped', async () => {
    vi.useFakeTimers();
    const { sync } = setup([]);
    const pass = vi.spyOn(sync, 'syncDueProviders');
    sync.startSchedule();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(pass).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pass).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(pass).toHaveBeenCalledTimes(3);
    sync.stopSchedule();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(pass).toHaveBeenCalledTimes(3);
  });
});
