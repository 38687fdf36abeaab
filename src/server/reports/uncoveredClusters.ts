/** A grid cell of the demand map with where its searches without coverage are. */
export interface CellOfSearches {
  /** Searches in the cell. */
  n: number;
  /** Of those, the searches without coverage. */
  uncovered: number;
  /** The centroid of the searches without coverage, degrees; null when there are none. */
  ulat: number | null;
  ulng: number | null;
}

/** Searches without coverage close together: where they are (their centroid, degrees) and how many. */
export interface UncoveredCluster {
  lat: number;
  lng: number;
  /** Every search of the cells the cluster gathers. */
  searches: number;
  without_coverage: number;
}

/**
 * The clusters of searches without coverage, most such searches first (then most searches, then
 * south to north, west to east), at most `limit`. Each cell's uncovered searches join the first
 * cluster, busiest first, whose centroid lies within `cellDeg` of theirs on both axes, so a town
 * that a grid line cuts stays one cluster; the cluster's centroid is then the mean of all its
 * uncovered searches. The answer lies where searches are, never at a cell's centre between them.
 * Longitudes are averaged as plain numbers: a cluster across the antimeridian would be misplaced.
 */
export function uncoveredClusters(cells: readonly CellOfSearches[], cellDeg: number, limit: number): UncoveredCluster[] {
  const withUncovered = cells
    .flatMap((cell) => (cell.uncovered > 0 && cell.ulat !== null && cell.ulng !== null ? [{ ...cell, ulat: cell.ulat, ulng: cell.ulng }] : []))
    .sort((a, b) => b.uncovered - a.uncovered || b.n - a.n || a.ulat - b.ulat || a.ulng - b.ulng);
  const clusters: UncoveredCluster[] = [];
  for (const cell of withUncovered) {
    const near = clusters.find((cluster) => Math.abs(cluster.lat - cell.ulat) <= cellDeg && Math.abs(cluster.lng - cell.ulng) <= cellDeg);
    if (!near) {
      clusters.push({ lat: cell.ulat, lng: cell.ulng, searches: cell.n, without_coverage: cell.uncovered });
      continue;
    }
    const total = near.without_coverage + cell.uncovered;
    near.lat = (near.lat * near.without_coverage + cell.ulat * cell.uncovered) / total;
    near.lng = (near.lng * near.without_coverage + cell.ulng * cell.uncovered) / total;
    near.searches += cell.n;
    near.without_coverage = total;
  }
  return clusters
    .sort((a, b) => b.without_coverage - a.without_coverage || b.searches - a.searches || a.lat - b.lat || a.lng - b.lng)
    .slice(0, Math.max(0, limit));
}
