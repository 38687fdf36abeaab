import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ClutterFileError, formatOf, readClutterFile } from './clutterFile.js';
import { unpackRing } from './packedGeometry.js';

const LIMITS = { maxKmlBytes: 1024, noPolygonsMessage: 'no polygons', notClutterFileMessage: 'not clutter' };
const RING = [
  [18, -33],
  [18.1, -33],
  [18.1, -33.1],
  [18, -33],
];
const bytes = (text: string) => strToU8(text);
const kml = (body: string) => `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`;
const kmlPolygon = `<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>18,-33 18.1,-33 18.1,-33.1 18,-33</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;
const read = (content: Uint8Array | string, name = 'area') => readClutterFile(typeof content === 'string' ? bytes(content) : content, name, LIMITS);
const rings = (content: Uint8Array | string) => read(content).polygons.map((polygon) => polygon.map(unpackRing));

describe('readClutterFile', () => {
  it('tells KML, KMZ and GeoJSON apart by their first bytes, whatever the name', () => {
    expect(formatOf(bytes('\uFEFF  <?xml'))).toBe('kml');
    expect(formatOf(bytes('\n {"type"'))).toBe('geojson');
    expect(formatOf(zipSync({ 'doc.kml': bytes('x') }))).toBe('kmz');
    expect(formatOf(bytes('lat,lng'))).toBeNull();
    expect(read(kml(kmlPolygon), 'area.geojson').format).toBe('kml');
    expect(read(zipSync({ 'doc.kml': bytes(kml(kmlPolygon)) }), 'area.kml').format).toBe('kmz');
  });

  it('reads the polygons of KML and KMZ', () => {
    expect(rings(kml(kmlPolygon + kmlPolygon))).toEqual([[RING], [RING]]);
    expect(rings(zipSync({ 'doc.kml': bytes(kml(kmlPolygon)) }))).toEqual([[RING]]);
  });

  it('reads a FeatureCollection, a Feature, a Polygon and a MultiPolygon, leaving other geometries out and closing open rings', () => {
    const polygon = { type: 'Polygon', coordinates: [RING] };
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: null, geometry: polygon },
        { type: 'Feature', properties: null, geometry: { type: 'LineString', coordinates: RING } },
        { type: 'Feature', properties: null, geometry: null },
      ],
    };
    expect(rings(JSON.stringify(collection))).toEqual([[RING]]);
    expect(rings(JSON.stringify({ type: 'Feature', geometry: polygon }))).toEqual([[RING]]);
    expect(rings(JSON.stringify({ type: 'Polygon', coordinates: [RING.slice(0, 3)] }))).toEqual([[RING]]);
    expect(rings(JSON.stringify({ type: 'MultiPolygon', coordinates: [[RING], [RING]] }))).toEqual([[RING], [RING]]);
  });

  it.each([
    ['text of another kind', 'name,lat\nx,1', 'not clutter'],
    ['broken JSON', '{"type": "Feat', 'not clutter: the GeoJSON is not valid JSON'],
    ['GeoJSON of another type', '{"type": "Point", "coordinates": [1, 2]}', 'not clutter'],
    ['GeoJSON without polygons', '{"type": "FeatureCollection", "features": []}', 'no polygons'],
    ['KML without polygons', kml('<Placemark><Point><coordinates>18,-33</coordinates></Point></Placemark>'), 'no polygons'],
    [
      'a ring of two positions',
      '{"type": "Polygon", "coordinates": [[[1, 2], [3, 4]]]}',
      'A GeoJSON polygon must be a list of rings, each of at least 4 [longitude, latitude] positions',
    ],
    [
      'a latitude beyond 90',
      '{"type": "Polygon", "coordinates": [[[1, 2], [3, 95], [5, 6], [1, 2]]]}',
      'A GeoJSON position must be [longitude, latitude] within -180..180 and -90..90',
    ],
    [
      'a position that is not numbers',
      '{"type": "Polygon", "coordinates": [[[1, 2], ["3", 4], [5, 6], [1, 2]]]}',
      'A GeoJSON position must be [longitude, latitude] within -180..180 and -90..90',
    ],
  ])('refuses %s', (_name, content, message) => {
    expect(() => read(content)).toThrow(new ClutterFileError(message));
  });

  it('refuses a KMZ whose KML is larger than the limit, and a zip that is not one', () => {
    const large = zipSync({ 'doc.kml': bytes(kml(kmlPolygon.repeat(20))) });
    expect(() => read(large)).toThrow(/larger than/);
    expect(() => read(bytes('PK\u0003\u0004rest'))).toThrow(/not a valid zip archive/);
  });
});
