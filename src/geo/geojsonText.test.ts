import { describe, expect, it } from 'vitest';
import { featureCollectionText } from './geojsonText.js';
import { packGeometry, unpackGeometry } from './packedGeometry.js';

describe('featureCollectionText', () => {
  it('writes the same GeoJSON as JSON.stringify of the unpacked features', () => {
    const square = [
      [
        [18.4, -33.9],
        [18.5, -33.9],
        [18.5, -33.8],
        [18.4, -33.9],
      ],
    ];
    const hole = [
      [18.44, -33.86],
      [18.46, -33.86],
      [18.45, -33.85],
      [18.44, -33.86],
    ];
    const features: { polygons: ReturnType<typeof packGeometry>; properties: { name: string | null; color: string | null } }[] = [
      { polygons: packGeometry({ type: 'Polygon', coordinates: [square[0]!, hole] }), properties: { name: 'A "quoted" name', color: '#ff6600' } },
      { polygons: packGeometry({ type: 'MultiPolygon', coordinates: [square, square] }), properties: { name: null, color: null } },
    ];
    const expected = {
      type: 'FeatureCollection',
      features: features.map((f) => ({ type: 'Feature', geometry: unpackGeometry(f.polygons), properties: f.properties })),
    };
    expect(featureCollectionText(features)).toBe(JSON.stringify(expected));
  });

  it('writes an empty collection for no features', () => {
    expect(JSON.parse(featureCollectionText([]))).toEqual({ type: 'FeatureCollection', features: [] });
  });
});
