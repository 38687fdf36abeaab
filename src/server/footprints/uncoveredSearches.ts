/**
 * What footprints need of the logged searches: where searches found no coverage, for what a
 * candidate tower would serve. Footprints declare it; the leads domain, which owns the search logs
 * and the rule of what counts as a covered search (leads/searchRule.ts), answers it
 * (SearchLogRepository).
 */
export interface UncoveredSearches {
  /** Where the newest `limit` searches inside the box (degrees) were not covered. */
  uncoveredSearchesIn(bounds: { south: number; west: number; north: number; east: number }, limit: number): Promise<{ lat: number; lng: number }[]>;
}
