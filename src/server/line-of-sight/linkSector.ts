import type { SectorRecord } from '../towers/sectorRepository.js';
import type { PatternCache } from './patternCache.js';
import type { LinkSector } from './towerLink.js';

/** A stored sector as a link takes it, its antenna pattern read (once, from the cache). */
export async function linkSectorOf(sector: SectorRecord, patterns: Pick<PatternCache, 'get'>): Promise<LinkSector> {
  const pattern = await patterns.get(sector.antenna_pattern_id);
  // A sector's pattern cannot be deleted while the sector uses it (migration 0013, RESTRICT).
  if (!pattern) throw new Error(`antenna pattern ${sector.antenna_pattern_id} of sector ${sector.id} is missing`);
  return {
    id: sector.id,
    name: sector.name,
    azimuthDeg: sector.azimuth_deg,
    downtiltDeg: sector.downtilt_deg,
    frequencyGhz: sector.frequency_ghz,
    powerDbm: sector.power_dbm,
    heightM: sector.height_m,
    pattern,
  };
}
