import { describe, expect, it } from 'vitest';
import type { TowerFootprintState } from '../../../common/api/footprints.js';
import { footprintsVersionOf, sectorWedges, towerAreas, towerBounds, towerPoints } from './towerMapLayers.js';

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

describe('sector wedges', () => {
  const KM_PER_DEGREE = (Math.PI / 180) * 6371;
  const sector = (id: number, azimuth_deg: number, antenna_pattern_id: number, active = true) => ({
    id,
    tower_id: 1,
    name: `S${id}`,
    azimuth_deg,
    downtilt_deg: 2,
    antenna_pattern_id,
    frequency_ghz: 5.8,
    power_dbm: 20,
    height_m: null,
    active,
    created_at: '',
    updated_at: '',
  });
  const beamwidths = new Map([
    [2, 60],
    [9, 360],
  ]);
  const wedgesOf = (sectors: ReturnType<typeof sector>[], active = true) =>
    sectorWedges([{ ...tower(1, 0, 0, active), sectors }], (id) => beamwidths.get(id)).features;

  it('draws a wedge from the tower, centred on the azimuth and as wide as the half-power beam, out to the coverage radius', () => {
    const [feature] = wedgesOf([sector(7, 90, 2)]);
    expect(feature!.properties).toEqual({ tower_id: 1, tower_name: 'T1', sector_id: 7, name: 'S7', azimuth_deg: 90, beamwidth_deg: 60, downtilt_deg: 2 });
    const ring = feature!.geometry.coordinates[0]!;
    expect(ring[0]).toEqual([0, 0]);
    expect(ring.at(-1)).toEqual([0, 0]);
    // The arc runs clockwise from bearing 60° to 120°, 10 km out, through the azimuth (east) in the middle.
    const reach = 10 / KM_PER_DEGREE;
    expect(ring[1]![0]).toBeCloseTo(reach * Math.sin(Math.PI / 3), 6);
    expect(ring[1]![1]).toBeCloseTo(reach * Math.cos(Math.PI / 3), 6);
    expect(ring.at(-2)![1]).toBeCloseTo(-reach * Math.cos(Math.PI / 3), 6);
    const middle = ring[Math.floor(ring.length / 2)]!;
    expect(middle[0]).toBeCloseTo(reach, 6);
    expect(middle[1]).toBeCloseTo(0, 9);
  });

  it('draws an omni beam as the whole circle, and no wedge for an inactive sector or tower or a pattern not known yet', () => {
    const [omni] = wedgesOf([sector(1, 45, 9)]);
    expect(omni!.geometry.coordinates[0]).toEqual(towerAreas([tower(1, 0, 0)]).features[0]!.geometry.coordinates[0]);
    expect(wedgesOf([sector(1, 45, 2, false), sector(2, 45, 5)])).toEqual([]);
    expect(wedgesOf([sector(1, 45, 2)], false)).toEqual([]);
  });

  it('moves the footprints version when a footprint becomes ready or is computed again, not while others compute', () => {
    const state = (towerId: number, status: TowerFootprintState['status'], updatedAt: string): TowerFootprintState => ({
      tower_id: towerId,
      status,
      progress: status === 'ready' ? 1 : 0.5,
      error: null,
      terrain_source: null,
      computed_ms: null,
      updated_at: updatedAt,
    });
    const before = footprintsVersionOf([state(1, 'ready', '2026-11-26T10:00:00Z'), state(2, 'computing', '2026-11-26T10:01:00Z')]);
    expect(before).toBe('1@2026-11-26T10:00:00Z');
    expect(footprintsVersionOf([state(1, 'ready', '2026-11-26T10:00:00Z'), state(2, 'computing', '2026-11-26T10:02:00Z')])).toBe(before);
    expect(footprintsVersionOf([state(1, 'ready', '2026-11-26T10:00:00Z'), state(2, 'ready', '2026-11-26T10:03:00Z')])).not.toBe(before);
    expect(footprintsVersionOf([state(1, 'ready', '2026-11-26T11:00:00Z')])).not.toBe(before);
  });
});
