import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WIRELESS_UNAVAILABLE } from '../../common/api/coverage.js';
import { encodePackedCollection } from '../../geo/packedCollection.js';
import { circleRing, zigZagRing, type Box } from '../../geo/testing/shapes.js';
import type { CoverageRevisionRepository } from '../coverage-revision/coverageRevisionRepository.js';
import { CoverageEngine } from './coverageEngine.js';
import type { LayerGeometry, LayerRecord, LayerRepository } from './layerRepository.js';
import type { WirelessSource } from './wirelessCheck.js';

const box = (west: number, south: number, size: number): Box => ({ west, south, east: west + size, north: south + size / 2 });

/** One square-ish area per call, coloured. */
function areaGeometry(area: Box, color: string | null, vertices = 64): LayerGeometry {
  return encodePackedCollection([{ polygons: [[circleRing(vertices, area)]], properties: { name: 'area', color } }]);
}

const WEST = box(18.0, -34.0, 0.2);
const EAST = box(18.5, -34.0, 0.2);
const IN_WEST = { lat: -33.95, lng: 18.1 };
const IN_EAST = { lat: -33.95, lng: 18.6 };

function layerRecord(id: number, providerId: number, changes: Partial<LayerRecord> = {}): LayerRecord {
  return {
    id,
    name: `Layer ${id}`,
    provider_id: providerId,
    services: ['Fiber'],
    kml_filename: null,
    active: true,
    default_status: 'unknown',
    color_mappings: [{ color: '#ff6600', status: 'live', description: '' }],
    use_manual_override: false,
    manual_override_status: null,
    feature_count: 1,
    detected_colors: [],
    has_geometry: true,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...changes,
  };
}

/** Layers' stored geometry; storing one moves the layer's geometry version on, as layerRepository.ts does. */
class VersionedGeometries extends Map<number, LayerGeometry> {
  readonly versions = new Map<number, number>();
  override set(id: number, geometry: LayerGeometry): this {
    this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
    return super.set(id, geometry);
  }
}

/** The database as the engine reads it, changed by the test between revisions; geometry reads can be held. */
function fakeStore() {
  const store = {
    revision: 1,
    records: [] as LayerRecord[],
    geometries: new VersionedGeometries(),
    /** When set, geometry reads wait for it. */
    hold: null as Promise<void> | null,
    built: [] as { revision: number; reindexed: number }[],
    /** The layer of each geometry read, in order. */
    geometryReads: [] as number[],
  };
  const layers = {
    liveLayerRecords: async () => store.records.map((record) => ({ ...record, geometry_version: store.geometries.versions.get(record.id) ?? 0 })),
    geometry: async (id: number) => {
      store.geometryReads.push(id);
      if (store.hold) await store.hold;
      const bytes = store.geometries.get(id);
      // A fresh copy per read, as a database read gives.
      return bytes ? new Uint8Array(bytes) : null;
    },
  } as unknown as LayerRepository;
  const log = {
    info: (details: { revision?: number; reindexed?: number }, message: string) => {
      if (message === 'coverage index built') store.built.push({ revision: details.revision ?? -1, reindexed: details.reindexed ?? -1 });
    },
    warn: () => undefined,
    error: () => undefined,
  } as unknown as FastifyBaseLogger;
  const provider = (id: number) => ({ provider: { id, name: `Provider ${id}`, description: null, logo_filename: null, signup_url: null }, askApi: null });
  const engine = (indexInWorkerFromBytes?: number, wireless: WirelessSource = { load: async () => ({ assess: async () => WIRELESS_UNAVAILABLE }) }) =>
    new CoverageEngine({
      revisions: { read: async () => store.revision } as unknown as CoverageRevisionRepository,
      layers,
      providers: { live: async () => [provider(1), provider(2)], exists: async () => true },
      wireless,
      pollMs: 60_000,
      log,
      ...(indexInWorkerFromBytes === undefined ? {} : { indexInWorkerFromBytes }),
    });
  return { store, engine };
}

async function statusesAt(engine: CoverageEngine, point: { lat: number; lng: number }) {
  const result = await engine.check(point.lat, point.lng, null);
  return result.providers.map((p) => `${p.id}:${p.service_status}`);
}

describe('CoverageEngine rebuilds', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('indexes a large upload without stopping the thread that answers checks for a full garbage collection', async () => {
    // What npm start's --expose-gc gives: a collection of the whole heap, during which nothing else runs.
    const fullCollection = vi.fn();
    vi.stubGlobal('gc', fullCollection);
    const { store, engine } = fakeStore();
    store.records = [layerRecord(1, 1)];
    // A million vertices: 16 MB of stored geometry.
    store.geometries.set(1, encodePackedCollection([{ polygons: [[circleRing(1_000_000, WEST)]], properties: { color: '#ff6600' } }]));
    const coverage = engine();
    await coverage.start();
    coverage.stop();
    expect(store.built).toEqual([{ revision: 1, reindexed: 1 }]);
    expect(await statusesAt(coverage, IN_WEST)).toEqual(['1:live']);
    expect(fullCollection).not.toHaveBeenCalled();
  });

  it('keeps the index of layers whose geometry is unchanged and indexes only the changed one', async () => {
    const { store, engine } = fakeStore();
    store.records = [layerRecord(1, 1), layerRecord(2, 2)];
    store.geometries.set(1, areaGeometry(WEST, '#ff6600'));
    store.geometries.set(2, areaGeometry(EAST, null));
    const coverage = engine();
    await coverage.start();
    coverage.stop();
    expect(store.built).toEqual([{ revision: 1, reindexed: 2 }]);
    expect(await statusesAt(coverage, IN_WEST)).toEqual(['1:live']);

    // Only rules change (no new geometry): no layer is indexed again, and the new rules apply.
    store.revision = 2;
    store.records = [layerRecord(1, 1, { color_mappings: null, default_status: 'coming_soon' }), layerRecord(2, 2)];
    await coverage.refresh();
    expect(store.built.at(-1)).toEqual({ revision: 2, reindexed: 0 });
    expect(await statusesAt(coverage, IN_WEST)).toEqual(['1:coming_soon']);

    // Layer 2's geometry moves west: only it is indexed again, with the same timestamps as before.
    store.revision = 3;
    store.geometries.set(2, areaGeometry(WEST, null));
    await coverage.refresh();
    expect(store.built.at(-1)).toEqual({ revision: 3, reindexed: 1 });
    expect(await statusesAt(coverage, IN_WEST)).toEqual(['1:coming_soon', '2:unknown']);
    expect(await statusesAt(coverage, IN_EAST)).toEqual([]);

    // A layer gone from the live list is gone from the answers.
    store.revision = 4;
    store.records = [layerRecord(2, 2)];
    await coverage.refresh();
    expect(store.built.at(-1)).toEqual({ revision: 4, reindexed: 0 });
    expect(await statusesAt(coverage, IN_WEST)).toEqual(['2:unknown']);
    expect(coverage.revision).toBe(4);
  });

  it('answers checks from the current snapshot while the next is built, then from the next', async () => {
    const { store, engine } = fakeStore();
    store.records = [layerRecord(1, 1)];
    store.geometries.set(1, areaGeometry(WEST, '#ff6600'));
    const coverage = engine(0);
    await coverage.start();
    coverage.stop();

    store.revision = 2;
    store.records = [layerRecord(1, 1), layerRecord(2, 2)];
    store.geometries.set(2, encodePackedCollection([{ polygons: [[zigZagRing(40_000, EAST)], [circleRing(20_000, box(18.45, -33.9, 0.05))]], properties: { color: null } }]));
    let release = () => undefined as void;
    store.hold = new Promise<void>((resolve) => (release = resolve));
    const refreshed = coverage.refresh();
    let done = false;
    void refreshed.then(() => (done = true));
    for (let n = 0; n < 5; n++) {
      expect(await statusesAt(coverage, IN_WEST)).toEqual(['1:live']);
      expect(await statusesAt(coverage, { lat: -33.9005, lng: 18.6 })).toEqual([]);
      expect(coverage.revision).toBe(1);
    }
    store.hold = null;
    release();
    // The worker builds; checks meanwhile still see revision 1, answered at once.
    let checkedDuringBuild = 0;
    while (!done) {
      const started = performance.now();
      expect(await statusesAt(coverage, IN_WEST)).toEqual(['1:live']);
      expect(performance.now() - started).toBeLessThan(1000);
      if (!done) {
        expect(coverage.revision).toBe(1);
        checkedDuringBuild++;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(checkedDuringBuild).toBeGreaterThan(0);
    await refreshed;
    expect(coverage.revision).toBe(2);
    // In the comb's spine along the east area's north edge.
    expect(await statusesAt(coverage, { lat: -33.9005, lng: 18.6 })).toEqual(['2:unknown']);
    expect(store.built.at(-1)).toEqual({ revision: 2, reindexed: 1 });
  });

  it('reads no geometry for a rebuild whose layers kept their geometry versions, and only the changed layer for one that did not', async () => {
    const { store, engine } = fakeStore();
    store.records = [layerRecord(1, 1), layerRecord(2, 2)];
    store.geometries.set(1, areaGeometry(WEST, '#ff6600'));
    store.geometries.set(2, areaGeometry(EAST, null));
    const coverage = engine();
    await coverage.start();
    coverage.stop();
    expect(store.geometryReads).toEqual([1, 2]);

    // A provider renamed, a layer's rules changed: a new revision, the same geometry versions.
    store.revision = 2;
    store.records = [layerRecord(1, 1, { default_status: 'coming_soon', color_mappings: null }), layerRecord(2, 2)];
    await coverage.refresh();
    expect(store.built.at(-1)).toEqual({ revision: 2, reindexed: 0 });
    expect(store.geometryReads).toEqual([1, 2]);
    expect(await statusesAt(coverage, IN_WEST)).toEqual(['1:coming_soon']);

    store.revision = 3;
    store.geometries.set(2, areaGeometry(WEST, null));
    await coverage.refresh();
    expect(store.geometryReads).toEqual([1, 2, 2]);
    expect(await statusesAt(coverage, IN_WEST)).toEqual(['1:coming_soon', '2:unknown']);
  });
});

describe('CoverageEngine announces its rebuilds', () => {
  it('tells its listeners each rebuilt revision, after the new snapshot answers, and starts nothing else while loading wireless', async () => {
    const { store, engine } = fakeStore();
    store.records = [layerRecord(1, 1)];
    store.geometries.set(1, areaGeometry(WEST, '#ff6600'));
    // The wireless source records its loads; a load that started other work would show up as a call of its own.
    const loads: number[] = [];
    const wireless: WirelessSource = {
      load: async () => {
        loads.push(store.revision);
        return { assess: async () => WIRELESS_UNAVAILABLE };
      },
    };
    const coverage = engine(undefined, wireless);
    const announced: { revision: number; answeredFrom: number | null }[] = [];
    coverage.onRebuilt((revision) => announced.push({ revision, answeredFrom: coverage.revision }));
    coverage.onRebuilt(() => {
      throw new Error('a failing listener');
    });
    await coverage.start();
    coverage.stop();
    store.revision = 2;
    await coverage.refresh();
    // The same revision again: nothing rebuilt, nothing announced.
    await coverage.refresh();

    expect(announced).toEqual([
      { revision: 1, answeredFrom: 1 },
      { revision: 2, answeredFrom: 2 },
    ]);
    expect(loads).toEqual([1, 2]);
  });
});
