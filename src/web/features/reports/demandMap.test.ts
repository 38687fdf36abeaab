import { describe, expect, it } from 'vitest';
import { CIRCLE_RADIUS, circleRadius, demandBounds, demandFeatures, demandView, demandViewParams, waitlistCircleLayer, waitlistFeatures } from './demandMap.js';

describe('circle sizing', () => {
  it('gives the busiest cell the largest circle and scales area, not radius, with the count', () => {
    expect(circleRadius(100, 100)).toBe(CIRCLE_RADIUS.max);
    const quarter = circleRadius(25, 100);
    // sqrt(25/100) = 0.5 of the way from min to max.
    expect(quarter).toBe(CIRCLE_RADIUS.min + (CIRCLE_RADIUS.max - CIRCLE_RADIUS.min) / 2);
  });

  it('keeps one search visible and draws nothing for none', () => {
    expect(circleRadius(1, 1_000_000)).toBeGreaterThanOrEqual(CIRCLE_RADIUS.min);
    expect(circleRadius(1, 1_000_000)).toBeLessThan(CIRCLE_RADIUS.min + 0.1);
    expect(circleRadius(0, 10)).toBe(0);
    expect(circleRadius(3, 0)).toBe(0);
  });

  it('never exceeds the largest radius, and grows with the count', () => {
    expect(circleRadius(500, 100)).toBe(CIRCLE_RADIUS.max);
    expect(circleRadius(10, 100)).toBeLessThan(circleRadius(11, 100));
    expect(circleRadius(5, 10, { min: 2, max: 12 })).toBeCloseTo(2 + 10 * Math.sqrt(0.5), 1);
  });
});

describe('demand features', () => {
  const cells = [
    { lat: -34, lng: 20, count: 100, without_coverage: 0 },
    { lat: -33.5, lng: 18.5, count: 25, without_coverage: 25 },
    { lat: -26, lng: 28, count: 4, without_coverage: 1 },
  ];

  it('puts each cell at its centre in GeoJSON order (lng, lat), with its counts', () => {
    const features = demandFeatures(cells).features;
    expect(features.map((f) => f.geometry.coordinates)).toEqual([
      [20, -34],
      [18.5, -33.5],
      [28, -26],
    ]);
    expect(features.map((f) => [f.properties.count, f.properties.without_coverage])).toEqual([
      [100, 0],
      [25, 25],
      [4, 1],
    ]);
  });

  it('sizes the red core on the searches scale: none when all found coverage, the whole circle when none did', () => {
    const [covered, uncovered, mixed] = demandFeatures(cells).features.map((f) => f.properties);
    expect(covered!.radius).toBe(CIRCLE_RADIUS.max);
    expect(covered!.uncovered_radius).toBe(0);
    expect(uncovered!.uncovered_radius).toBe(uncovered!.radius);
    expect(mixed!.uncovered_radius).toBeGreaterThan(0);
    expect(mixed!.uncovered_radius).toBeLessThan(mixed!.radius);
  });

  it('frames the cells with half a cell around them', () => {
    expect(demandBounds(cells, 0.5)).toEqual([
      [18.25, -34.25],
      [28.25, -25.75],
    ]);
    expect(demandBounds([], 0.5)).toBeNull();
  });
});

describe('demand view', () => {
  it('asks for the whole zoom level and the visible box, rounded', () => {
    expect(demandView(7.8, { west: 18.123456, south: -34.987654, east: 20.5, north: -33.1 })).toEqual({
      zoom: 7,
      west: 18.1235,
      south: -34.9877,
      east: 20.5,
      north: -33.1,
    });
  });

  it('clamps a view wider than the world', () => {
    expect(demandView(0.4, { west: -250, south: -95, east: 250, north: 95 })).toEqual({ zoom: 0, west: -180, south: -90, east: 180, north: 90 });
    expect(demandView(2, { west: -190, south: -10, east: 100, north: 10 })).toMatchObject({ west: -180, east: 100 });
  });

  it('writes the view as query parameters, none before the map has a view', () => {
    expect(demandViewParams({ zoom: 7, west: 18, south: -35, east: 20.5, north: -33 })).toEqual({
      zoom: '7',
      west: '18',
      south: '-35',
      east: '20.5',
      north: '-33',
    });
    expect(demandViewParams(null)).toEqual({});
  });
});

describe('waitlisted spots', () => {
  it('are GeoJSON points in [lng, lat] order with whose entry they are', () => {
    const features = waitlistFeatures([{ lat: -34.4, lng: 20.1, provider_id: 3, zone_id: null }]);
    expect(features.features[0]?.geometry.coordinates).toEqual([20.1, -34.4]);
    expect(features.features[0]?.properties).toEqual({ provider_id: 3, zone_id: null });
  });

  it('are drawn or hidden as the switch says', () => {
    expect(waitlistCircleLayer(true).layout?.visibility).toBe('visible');
    expect(waitlistCircleLayer(false).layout?.visibility).toBe('none');
  });
});
