import { vi } from 'vitest';
import type { HeightGrid } from '../../geo/rf/footprint.js';
import type { DeflatedFootprint } from '../footprints/deflatedFootprint.js';
import type { FootprintRepository, FootprintState, StoredFootprint } from '../footprints/footprintRepository.js';
import type { Terrain } from '../terrain/terrain.js';
import type { TowerRecord, TowerRepository } from '../towers/towerRepository.js';

/** A footprint row: its state, and its last grid once one was computed. */
type FootprintRow = FootprintState & Partial<Pick<StoredFootprint, 'grids' | 'areasJson' | 'sectorIds'>>;

type FootprintWrites = 'markComputing' | 'setProgress' | 'saveResult' | 'markFailed' | 'deleteOthers';

/** Footprint rows in a Map, with every write a mock the spec can ask about. */
export type MemoryFootprintRepository = FootprintRepository & {
  rows: Map<number, FootprintRow>;
} & { [K in FootprintWrites]: FootprintRepository[K] & ReturnType<typeof vi.fn> };

const stateOf = ({ grids: _grids, areasJson: _areas, sectorIds: _sectors, ...state }: FootprintRow): FootprintState => state;
const storedOf = (row: FootprintRow): StoredFootprint | undefined =>
  row.grids && row.areasJson !== undefined ? { ...row, grids: row.grids, areasJson: row.areasJson, sectorIds: row.sectorIds ?? [] } : undefined;

/** The footprint table as the repository keeps it (a write for inputs no longer current changes nothing). */
export function memoryFootprintRepository(uncovered: { lat: number; lng: number }[] = []): MemoryFootprintRepository {
  const rows = new Map<number, FootprintRow>();
  const current = (towerId: number, inputsKey: string) => {
    const row = rows.get(towerId);
    return row?.inputsKey === inputsKey ? row : undefined;
  };
  const repo = {
    rows,
    states: async () => [...rows.values()].sort((a, b) => a.towerId - b.towerId).map(stateOf),
    state: async (towerId: number) => {
      const row = rows.get(towerId);
      return row && stateOf(row);
    },
    find: async (towerId: number) => {
      const row = rows.get(towerId);
      return row && storedOf(row);
    },
    findReady: async (keys: ReadonlyMap<number, string>) =>
      [...rows.values()].filter((row) => row.status === 'ready' && keys.get(row.towerId) === row.inputsKey).flatMap((row) => storedOf(row) ?? []),
    markComputing: vi.fn(async (towerId: number, inputsKey: string, now: string) => {
      const last = rows.get(towerId);
      rows.set(towerId, { terrainSource: null, computedMs: null, ...last, towerId, status: 'computing', progress: 0, inputsKey, error: null, updatedAt: now });
    }),
    setProgress: vi.fn(async (towerId: number, inputsKey: string, progress: number, now: string) => {
      const row = current(towerId, inputsKey);
      if (row) Object.assign(row, { progress, updatedAt: now });
    }),
    saveResult: vi.fn(
      async (
        towerId: number,
        inputsKey: string,
        grids: DeflatedFootprint,
        areasJson: string,
        sectorIds: readonly number[],
        terrainSource: string,
        computedMs: number,
        now: string,
      ) => {
        const row = current(towerId, inputsKey);
        if (!row) return false;
        Object.assign(row, {
          status: 'ready',
          progress: 1,
          error: null,
          terrainSource,
          computedMs: Math.round(computedMs),
          updatedAt: now,
          grids,
          areasJson,
          sectorIds,
        });
        return true;
      },
    ),
    markFailed: vi.fn(async (towerId: number, inputsKey: string, error: string, now: string) => {
      const row = current(towerId, inputsKey);
      if (row) Object.assign(row, { status: 'failed', error, updatedAt: now });
    }),
    uncoveredSearches: async () => uncovered,
    deleteOthers: vi.fn(async (towerIds: readonly number[]) => {
      for (const id of rows.keys()) if (!towerIds.includes(id)) rows.delete(id);
    }),
  };
  // The class has a private executor, so no plain object is one to the compiler.
  return repo as unknown as MemoryFootprintRepository;
}

/** A stored tower: 40 m mast and 5 m antenna, 5.8 GHz at 30 dBm, 10 km radius, active. */
export function towerRecord(fields: Partial<TowerRecord> & Pick<TowerRecord, 'id'>): TowerRecord {
  return {
    name: `Tower ${fields.id}`,
    code: null,
    latitude: -33.9,
    longitude: 18.55,
    height_meters: 40,
    antenna_height_meters: 5,
    frequency_ghz: 5.8,
    power_dbm: 30,
    coverage_radius_km: 10,
    description: null,
    active: true,
    installed_date: null,
    provider_id: null,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    ...fields,
  };
}

/** The active towers of `towers` (a list the spec may change between passes). */
export function fakeTowers(towers: TowerRecord[]): Pick<TowerRepository, 'listActive' | 'idsInScope'> {
  return {
    listActive: vi.fn(async () => towers.filter((tower) => tower.active)),
    idsInScope: vi.fn(
      async (scope) =>
        new Set(towers.filter((tower) => scope === null || (tower.provider_id !== null && scope.includes(tower.provider_id))).map((tower) => tower.id)),
    ),
  };
}

/** Flat ground at sea level: a 3 x 3 grid of 0.01-degree cells around the centre, named 'flat'. */
export function fakeTerrain(): Pick<Terrain, 'heightGrid'> & { heightGrid: ReturnType<typeof vi.fn> } {
  return {
    heightGrid: vi.fn(async (center: { lat: number; lng: number }) => {
      const grid: HeightGrid = {
        south: center.lat - 0.01,
        west: center.lng - 0.01,
        cellLatDeg: 0.01,
        cellLngDeg: 0.01,
        rows: 3,
        cols: 3,
        heightsM: new Float32Array(9),
      };
      return { grid, source: 'flat' as const };
    }),
  };
}
