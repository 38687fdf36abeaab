import { describe, expect, it } from 'vitest';
import { uncoveredClusters } from './uncoveredClusters.js';

// Cells of 0.5°: where their searches without coverage are (ulat, ulng), degrees.
const CELL_DEG = 0.5;

describe('clusters of searches without coverage', () => {
  it('lists only cells with searches without coverage, most such searches first, at most the limit', () => {
    const cells = [
      { n: 100, uncovered: 0, ulat: null, ulng: null },
      { n: 25, uncovered: 25, ulat: -33.5, ulng: 18.5 },
      { n: 4, uncovered: 1, ulat: -26, ulng: 28 },
    ];
    expect(uncoveredClusters(cells, CELL_DEG, 5).map((c) => c.without_coverage)).toEqual([25, 1]);
    expect(uncoveredClusters(cells, CELL_DEG, 1)).toHaveLength(1);
  });

  it('places a cluster at the centroid of its searches, not at a cell centre', () => {
    expect(uncoveredClusters([{ n: 3, uncovered: 2, ulat: -33.963, ulng: 22.461 }], CELL_DEG, 5)).toEqual([
      { lat: -33.963, lng: 22.461, searches: 3, without_coverage: 2 },
    ]);
  });

  it('keeps a town that a grid line cuts as one cluster, at the mean of all its searches', () => {
    // Three searches west of a grid line at 22.5°, one east of it, 0.02° apart.
    const clusters = uncoveredClusters(
      [
        { n: 3, uncovered: 3, ulat: -34, ulng: 22.49 },
        { n: 2, uncovered: 1, ulat: -34, ulng: 22.51 },
      ],
      CELL_DEG,
      5,
    );
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ searches: 5, without_coverage: 4, lat: -34 });
    expect(clusters[0]!.lng).toBeCloseTo(22.495, 9);
  });

  it('keeps towns further apart than a cell as clusters of their own', () => {
    const clusters = uncoveredClusters(
      [
        { n: 2, uncovered: 2, ulat: -33.963, ulng: 22.461 },
        { n: 1, uncovered: 1, ulat: -34.418, ulng: 19.235 },
        { n: 1, uncovered: 1, ulat: -33.963, ulng: 23.1 },
      ],
      CELL_DEG,
      5,
    );
    expect(clusters.map(({ lat, lng }) => [lat, lng])).toEqual([
      [-33.963, 22.461],
      [-34.418, 19.235],
      [-33.963, 23.1],
    ]);
  });
});
