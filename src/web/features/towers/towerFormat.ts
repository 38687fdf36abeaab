import type { Tower } from '../../../common/api/towers.js';
import { formatShortDay, localIsoDate } from '../../ui/reportPeriod.js';

/**
 * How the Tower Management screen writes a tower's values: degrees to 6
 * decimals with N/S/E/W, heights in metres, frequency in GHz with power in dBm, radius in km.
 */

/*
 * Each value also comes as parts: the pieces the table may put on separate lines (a space joins
 * them), so a narrow table wraps between them and never inside one.
 */

/** "33.924900° S, 18.424100° E". */
export function formatLocation(latitude: number, longitude: number): string {
  return formatLocationParts(latitude, longitude).join(' ');
}

/** ["33.924900° S,", "18.424100° E"]. */
export function formatLocationParts(latitude: number, longitude: number): string[] {
  return [`${formatDegrees(latitude, 'N', 'S')},`, formatDegrees(longitude, 'E', 'W')];
}

function formatDegrees(value: number, positive: string, negative: string): string {
  // -0.0000001 reads as 0.000000, which is neither south nor west.
  const rounded = Number(Math.abs(value).toFixed(6));
  const hemisphere = value < 0 && rounded !== 0 ? negative : positive;
  return `${rounded.toFixed(6)}° ${hemisphere}`;
}

/** A number as people write it: no trailing zeros, at most `decimals` decimals. */
export function formatNumber(value: number, decimals = 2): string {
  return String(Number(value.toFixed(decimals)));
}

/** "30 m", or "30 m + 5 m antenna" when an antenna stands above the structure. */
export function formatHeight(tower: Pick<Tower, 'height_meters' | 'antenna_height_meters'>): string {
  return formatHeightParts(tower).join(' ');
}

/** ["30 m", "+ 5 m antenna"], or ["30 m"]. */
export function formatHeightParts(tower: Pick<Tower, 'height_meters' | 'antenna_height_meters'>): string[] {
  const structure = `${formatNumber(tower.height_meters)} m`;
  return tower.antenna_height_meters > 0 ? [structure, `+ ${formatNumber(tower.antenna_height_meters)} m antenna`] : [structure];
}

/** "5.8 GHz / 20 dBm". */
export function formatFrequency(tower: Pick<Tower, 'frequency_ghz' | 'power_dbm'>): string {
  return formatFrequencyParts(tower).join(' ');
}

/** ["5.8 GHz /", "20 dBm"]. */
export function formatFrequencyParts(tower: Pick<Tower, 'frequency_ghz' | 'power_dbm'>): string[] {
  return [`${formatNumber(tower.frequency_ghz, 3)} GHz /`, `${formatNumber(tower.power_dbm)} dBm`];
}

/** "10 km". */
export function formatCoverage(radiusKm: number): string {
  return `${formatNumber(radiusKm)} km`;
}

export interface TowerSummary {
  total: number;
  active: number;
  inactive: number;
  /** Sum of the coverage radii, km. */
  coverageKm: number;
}

/** The four summary cards: counts, and the sum of the coverage radii. */
export function summarizeTowers(towers: readonly Pick<Tower, 'active' | 'coverage_radius_km'>[]): TowerSummary {
  let active = 0;
  let coverageKm = 0;
  for (const tower of towers) {
    if (tower.active) active += 1;
    coverageKm += tower.coverage_radius_km;
  }
  return { total: towers.length, active, inactive: towers.length - active, coverageKm };
}

/**
 * When a footprint was computed, in the browser's time zone: "26 Nov, 15:47:03". To the second,
 * since a footprint computed again after a save of the radio settings is often of the same minute.
 */
export function formatComputedAt(isoTimestamp: string): string {
  const date = new Date(isoTimestamp);
  if (Number.isNaN(date.getTime())) return isoTimestamp;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatShortDay(localIsoDate(date))}, ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
