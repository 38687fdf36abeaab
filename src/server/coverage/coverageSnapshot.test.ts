import { describe, expect, it } from 'vitest';
import { featureCollectionText } from '../../geo/geojsonText.js';
import { encodePackedCollection } from '../../geo/packedCollection.js';
import type { PackedPolygon } from '../../geo/packedGeometry.js';
import { packedPolygonContains } from '../../geo/testing/pointInPolygonReference.js';
import { circleRing, seededRandom, starRing, tangledRing, zigZagRing, type Box } from '../../geo/testing/shapes.js';
import { CoverageSnapshot, type CoveragePayload } from './coverageSnapshot.js';
import { featureStatus } from './featureStatus.js';
import type { LiveLayer } from './layerRepository.js';

interface Feature {
  polygons: PackedPolygon[];
  color: string | null;
}

type TestLayer = LiveLayer & { provider_name: string; features: Feature[] };

const box = (west: number, south: number, size: number): Box => ({ west, south, east: west + size, north: south + size / 2 });

function layer(id: number, providerId: number, features: Feature[], rules: Partial<LiveLayer> = {}): TestLayer {
  return {
    id,
    name: `Layer ${id}`,
    provider_id: providerId,
    provider_name: `Provider ${providerId}`,
    services: [`Service ${id}`],
    kml_filename: null,
    active: true,
    default_status: 'unknown',
    color_mappings: null,
    use_manual_override: false,
    manual_override_status: null,
    feature_count: features.length,
    detected_colors: [],
    has_geometry: true,
    geometry_version: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...rules,
    features,
    geometry: encodePackedCollection(features.map((f, n) => ({ polygons: f.polygons, properties: { name: `F${n}`, color: f.color } }))),
  };
}

/** Three layers of two providers: ordinary and adversarial shapes, holes, parts, overlaps, colours mapped and not. */
function testLayers(): TestLayer[] {
  const random = seededRandom(77);
  const colors = ['#ff6600', '#4caf50', null, '#2196f3'];
  const stars: Feature[] = [];
  for (let n = 0; n < 60; n++) {
    const west = 18 + random() * 0.5;
    const south = -34 + random() * 0.25;
    stars.push({ polygons: [[starRing(random, 20 + n, box(west, south, 0.1)), circleRing(8, box(west + 0.04, south + 0.015, 0.02))]], color: colors[n % 4] as string | null });
  }
  const jagged: Feature[] = [
    { polygons: [[zigZagRing(5000, box(18.1, -33.95, 0.3))]], color: '#ff6600' },
    { polygons: [[circleRing(6000, box(18.2, -34, 0.2))], [tangledRing(random, 300, box(18.45, -33.9, 0.1))]], color: '#4caf50' },
  ];
  const parts: Feature[] = [{ polygons: [[starRing(random, 100, box(18.3, -33.98, 0.15))], [starRing(random, 50, box(18.05, -33.9, 0.05))]], color: null }];
  return [
    layer(3, 1, stars, { color_mappings: [{ color: '#ff6600', status: 'live', description: '' }, { color: '#4caf50', status: 'in_progress', description: '' }] }),
    layer(5, 2, jagged, { use_manual_override: true, manual_override_status: 'coming_soon' }),
    layer(9, 1, parts, { default_status: 'live' }),
  ];
}

/** What the snapshot should find: every feature of every layer, in order, whose polygons contain the point. */
function expectedAt(layers: TestLayer[], lng: number, lat: number): CoveragePayload[] {
  return layers.flatMap((l) =>
    l.features.flatMap((feature) => {
      if (!feature.polygons.some((p) => packedPolygonContains(p, lng, lat))) return [];
      return [{ providerId: l.provider_id, layerId: l.id, status: statusOf(l, feature), services: l.services }];
    }),
  );
}

describe('CoverageSnapshot', () => {
  it('finds, layer by layer, the features a test of every edge finds, each with its status from the layer rules', () => {
    const layers = testLayers();
    const snapshot = CoverageSnapshot.build(7, layers);
    expect(snapshot.revision).toBe(7);
    expect(snapshot.size).toBe(63);
    const random = seededRandom(5);
    let found = 0;
    for (let n = 0; n < 1500; n++) {
      const lng = 18 + random() * 0.65;
      const lat = -34.02 + random() * 0.35;
      const expected = expectedAt(layers, lng, lat);
      found += expected.length;
      expect(snapshot.query(lng, lat)).toEqual(expected);
    }
    // Vertices of every feature's outer rings: on the boundary, so inside.
    for (const l of layers) {
      for (const feature of l.features) {
        const outer = feature.polygons[0]?.[0] as Float64Array;
        for (let k = 0; k < outer.length; k += 2 * 97) expect(snapshot.query(outer[k] as number, outer[k + 1] as number)).toEqual(expectedAt(layers, outer[k] as number, outer[k + 1] as number));
      }
    }
    expect(found).toBeGreaterThan(400);
    expect(snapshot.query(Number.NaN, 0)).toEqual([]);
  }, 30_000);

  it('writes the coverage map as before: every feature in layer order with its status, provider and layer', () => {
    const layers = testLayers();
    const snapshot = CoverageSnapshot.build(1, layers);
    const expected = featureCollectionText(
      layers.flatMap((l) =>
        l.features.map((feature) => ({
          polygons: feature.polygons,
          properties: {
            service_status: statusOf(l, feature),
            provider_id: l.provider_id,
            provider_name: l.provider_name,
            layer_id: l.id,
            layer_name: l.name,
          },
        })),
      ),
    );
    expect(snapshot.mapGeoJsonText()).toBe(expected);
    const geojson = snapshot.mapGeoJson();
    expect(geojson.features).toHaveLength(63);
    expect(geojson.features[60]?.properties).toEqual({ service_status: 'coming_soon', provider_id: 2, provider_name: 'Provider 2', layer_id: 5, layer_name: 'Layer 5' });
    expect(geojson.features[61]?.geometry.type).toBe('MultiPolygon');
  });

  it('makes the map\'s GeoJSON geometry as each feature is read and keeps only the latest, never the whole map at once', () => {
    const [first, second] = CoverageSnapshot.build(1, testLayers()).mapGeoJson().features;
    const firstGeometry = first!.geometry;
    // Read again before another: the same object (geojson-vt reads a feature's geometry several times in a row).
    expect(first!.geometry).toBe(firstGeometry);
    const secondGeometry = second!.geometry;
    expect(second!.geometry).toBe(secondGeometry);
    // Once another was read, the first is not held: reading it again makes it anew, equal to before.
    const again = first!.geometry;
    expect(again).not.toBe(firstGeometry);
    expect(again).toEqual(firstGeometry);
  });

  it('is empty without layers', () => {
    const snapshot = new CoverageSnapshot(1, []);
    expect(snapshot.size).toBe(0);
    expect(snapshot.query(18.2, -33.9)).toEqual([]);
    expect(JSON.parse(snapshot.mapGeoJsonText())).toEqual({ type: 'FeatureCollection', features: [] });
  });
});

function statusOf(l: TestLayer, feature: Feature) {
  return featureStatus(feature.color, {
    useManualOverride: l.use_manual_override,
    manualOverrideStatus: l.manual_override_status,
    colorMappings: l.color_mappings ?? [],
    defaultStatus: l.default_status,
  });
}
