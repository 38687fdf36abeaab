import type { AntennaPattern } from '../../geo/rf/antenna/antennaPattern.js';
import { BUILTIN_PATTERNS } from '../../geo/rf/antenna/builtinPatterns.js';
import type { PatternRecord, PatternUser } from '../antenna-patterns/antennaPatternRepository.js';
import type { PatternStore } from '../antenna-patterns/antennaPatternService.js';
import type { CoverageCommits } from '../towers/towerService.js';
import type { NewSectorRecord, SectorChanges, SectorRecord } from '../towers/sectorRepository.js';
import type { SectorStore, TowerLocks } from '../towers/sectorService.js';
import type { TowerRecord } from '../towers/towerRepository.js';

/** The sector table in an array, with the towers it belongs to and the pattern ids the library holds. */
export type MemorySectors = SectorStore & TowerLocks & { rows: SectorRecord[] };

export function memorySectors(towers: TowerRecord[], patternIds: readonly number[] = [1, 2, 3, 4]): MemorySectors {
  const rows: SectorRecord[] = [];
  let nextId = 1;
  const byName = (a: SectorRecord, b: SectorRecord) => a.name.localeCompare(b.name) || a.id - b.id;
  const add = (record: NewSectorRecord) => {
    const row = { ...record, id: nextId++ };
    rows.push(row);
    return row;
  };
  const find = (towerId: number, sectorId: number) => rows.find((row) => row.id === sectorId && row.tower_id === towerId);
  return {
    rows,
    lockForChange: async (id: number) => towers.find((tower) => tower.id === id),
    listAll: async () => [...rows].sort((a, b) => a.tower_id - b.tower_id || byName(a, b)),
    listOf: async (towerId: number) => rows.filter((row) => row.tower_id === towerId).sort(byName),
    insert: async (record: NewSectorRecord) => add(record),
    insertMany: async (records: readonly NewSectorRecord[]) => records.map(add).length,
    update: async (towerId: number, sectorId: number, changes: SectorChanges) => {
      const row = find(towerId, sectorId);
      if (row) Object.assign(row, changes);
      return row && { ...row };
    },
    delete: async (towerId: number, sectorId: number) => {
      const row = find(towerId, sectorId);
      if (row) rows.splice(rows.indexOf(row), 1);
      return row;
    },
    existingPatternIds: async (ids: readonly number[]) => new Set(ids.filter((id) => patternIds.includes(id))),
  };
}

/** Commits that run the work at once and count themselves. */
export function countingCommits(): CoverageCommits & { count: number } {
  const commits = {
    count: 0,
    commit: async <T>(work: Parameters<CoverageCommits['commit']>[0]) => {
      commits.count += 1;
      return work({} as never) as Promise<T>;
    },
  };
  return commits as CoverageCommits & { count: number };
}

/** The pattern library in a Map, with the sectors that use each pattern. */
export type MemoryPatterns = PatternStore & { rows: Map<number, PatternRecord>; users: Map<number, PatternUser[]> };

export function memoryPatterns(initial: PatternRecord[] = []): MemoryPatterns {
  const rows = new Map(initial.map((record) => [record.id, record]));
  const users = new Map<number, PatternUser[]>();
  let nextId = Math.max(0, ...rows.keys()) + 1;
  return {
    rows,
    users,
    list: async () => [...rows.values()],
    find: async (id: number) => rows.get(id),
    insert: async (record) => {
      const stored: PatternRecord = { ...record, id: nextId++, sector_count: 0, builtin_key: null };
      rows.set(stored.id, stored);
      return stored;
    },
    usersOf: async (id: number) => users.get(id) ?? [],
    delete: async (id: number) => (rows.delete(id) ? 'deleted' : 'missing'),
  };
}

/** A stored sector of tower 1: pattern 1 pointing north, 2° down, 5.8 GHz at 27 dBm, at the tower's height, on. */
export function sectorRecord(fields: Partial<SectorRecord> & Pick<SectorRecord, 'id'>): SectorRecord {
  return {
    tower_id: 1,
    name: `Sector ${fields.id}`,
    azimuth_deg: 0,
    downtilt_deg: 2,
    antenna_pattern_id: 1,
    frequency_ghz: 5.8,
    power_dbm: 27,
    height_m: null,
    active: true,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    ...fields,
  };
}

/** A stored pattern made from a built-in one (default the 90° sector), under `id`. */
export function patternRecord(id: number, pattern: AntennaPattern = BUILTIN_PATTERNS.find((builtin) => builtin.id === 'sector_90')!.pattern): PatternRecord {
  return {
    id,
    name: pattern.name,
    format: pattern.format,
    file_name: null,
    peak_gain_dbi: pattern.gainDbi,
    tilt_deg: pattern.tiltDeg,
    tilt_azimuth_deg: pattern.tiltAzimuthDeg,
    builtin_key: null,
    created_at: '2026-11-01T08:00:00.000Z',
    sector_count: 0,
    horizontal_db: [...pattern.horizontalDb],
    vertical_db: [...pattern.verticalDb],
  };
}
