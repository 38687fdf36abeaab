import { describe, expect, it } from 'vitest';
import { towerAreas, towerBounds, towerPoints } from './towerMapLayers.js';

const tower = (id: number, latitude: number, longitude: number, active = true) => ({ id, name: `T${id}`, latitude, longitude, active, coverage_radius_km: 10 });

describe('tower map data', () => {
  it('places each tower at [lng, lat] with its name and activity', () => {
    expect(towerPoints([tower(1, -33.9, 18.4, false)]).features[0]).toEqual({
      type: 'Feature',
      id: 1,
      geometry: { type: 'Point', coordinates: [18.4, -33.9] },
      properties: { id: 1, name: 'T1', active: false },
    });
  });

  it('draws the coverage radius as a closed ring at that distance', () => {
    const ring = towerAreas([tower(1, 0, 0)]).features[0]!.geometry.coordinates[0]!;
    expect(ring[0]).toEqual(ring.at(-1));
    // 10 km north of the equator is 10 / 111.195 degrees of latitude.
    expect(ring[0]![1]).toBeCloseTo(10 / ((Math.PI / 180) * 6371), 6);
    expect(ring[0]![0]).toBeCloseTo(0, 9);
  });

  it('bounds the towers with their coverage circles, and has no bounds without towers', () => {
    expect(towerBounds([])).toBeNull();
    const [[west, south], [east, north]] = towerBounds([tower(1, 0, 18), tower(2, 1, 19.5), tower(3, 0.5, 18.2)]) as [[number, number], [number, number]];
    const tenKmInDegrees = 10 / ((Math.PI / 180) * 6371);
    expect(south).toBeCloseTo(0 - tenKmInDegrees, 9);
    expect(north).toBeCloseTo(1 + tenKmInDegrees, 9);
    expect(west).toBeCloseTo(18 - tenKmInDegrees, 9);
    expect(east).toBeCloseTo(19.5 + tenKmInDegrees / Math.cos(Math.PI / 180), 9);
  });
});
