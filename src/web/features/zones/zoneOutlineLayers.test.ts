import type { Feature, Geometry } from 'geojson';
import { describe, expect, it } from 'vitest';
import { drawnRings } from './zoneOutlineLayers.js';

const ring = [
  [20, -34],
  [21, -34],
  [21, -33],
  [20, -34],
];
const feature = (geometry: Geometry, properties: Record<string, unknown>): Feature<Geometry, Record<string, unknown>> => ({
  type: 'Feature',
  geometry,
  properties,
});

describe("the rings of terra-draw's store", () => {
  it('takes the outer ring of each finished polygon', () => {
    expect(drawnRings([feature({ type: 'Polygon', coordinates: [ring] }, { mode: 'polygon' })])).toEqual([ring]);
  });

  it("leaves out the polygon being drawn and the select tool's corner markers", () => {
    const features = [
      feature({ type: 'Polygon', coordinates: [ring] }, { mode: 'polygon', currentlyDrawing: true }),
      feature({ type: 'Point', coordinates: [20, -34] }, { mode: 'select', selectionPoint: true }),
      feature({ type: 'Point', coordinates: [20.5, -34] }, { mode: 'select', midPoint: true }),
    ];
    expect(drawnRings(features)).toEqual([]);
  });
});
