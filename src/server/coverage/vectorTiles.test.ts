import { VectorTile } from '@mapbox/vector-tile';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { fromGeojsonVt } from 'vt-pbf';
import { seededRandom } from '../../geo/testing/shapes.js';
import { OVERVIEW_MAX_ZOOM, VectorTileSet } from './vectorTiles.js';

/** 300 star-shaped polygons of 120 vertices over 2 x 2 degrees around Cape Town, [lng, lat] degrees. */
function starMap(): FeatureCollection<Polygon> {
  const random = seededRandom(7);
  const features: Feature<Polygon>[] = [];
  for (let p = 0; p < 300; p++) {
    const lng = 18 + random() * 2;
    const lat = -34.5 + random() * 2;
    const ring: [number, number][] = [];
    for (let v = 0; v < 120; v++) {
      const angle = (v / 120) * 2 * Math.PI;
      const radius = 0.01 + random() * 0.04;
      ring.push([lng + radius * Math.cos(angle), lat + radius * Math.sin(angle)]);
    }
    ring.push(ring[0]!);
    features.push({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { service_status: 'live' } });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * A country's worth of coverage, like the benchmark map's: `count` jagged star polygons of 200
 * vertices (each vertex at 0.6 to 1 of a radius of 2 to 30 km) over 8 x 8 degrees, each with its
 * number as `id`.
 */
function countryMap(count: number): FeatureCollection<Polygon> {
  const random = seededRandom(11);
  const features: Feature<Polygon>[] = [];
  for (let id = 0; id < count; id++) {
    const lng = 20 + random() * 8;
    const lat = -32 + random() * 8;
    const radiusLat = (2 + random() * 28) / 111.32;
    const radiusLng = radiusLat / Math.cos((lat * Math.PI) / 180);
    const ring: [number, number][] = [];
    for (let v = 0; v < 200; v++) {
      const angle = (v / 200) * 2 * Math.PI;
      const stretch = 0.6 + 0.4 * random();
      ring.push([lng + Math.cos(angle) * radiusLng * stretch, lat + Math.sin(angle) * radiusLat * stretch]);
    }
    ring.push(ring[0]!);
    features.push({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { id, service_status: 'live' } });
  }
  return { type: 'FeatureCollection', features };
}

/** Features, points and the distinct `id` properties in an encoded coverage tile. */
function decode(bytes: Uint8Array | null): { features: number; points: number; ids: Set<unknown> } {
  const layer = bytes ? new VectorTile(new PbfReader(bytes)).layers.coverage : undefined;
  const found = { features: layer?.length ?? 0, points: 0, ids: new Set<unknown>() };
  for (let i = 0; i < found.features; i++) {
    const feature = layer!.feature(i);
    found.ids.add(feature.properties.id);
    for (const ring of feature.loadGeometry()) found.points += ring.length;
  }
  return found;
}

/** The tile of a point at a zoom (web mercator). */
function tileAt(lng: number, lat: number, z: number): [number, number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [z, Math.floor(((lng + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)];
}

/** `count` tiles at zooms 6 to 14 over the map's area (seeded, so runs compare). */
function tilesOverTheMap(count: number, seed: number): [number, number, number][] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => tileAt(18 + random() * 2, -34.5 + random() * 2, 6 + Math.floor(random() * 9)));
}

/**
 * Room for part of the overview (its tiles of the test map come to about 60 KB) and a few tiles cut
 * on request: the first pass cuts the test map's 36,000 points to tiles of 20,000 or fewer.
 */
const SMALL = { maxOverviewBytes: 48 * 1024, maxDetailBytes: 64 * 1024, maxDetailTiles: 40, maxDrilledPoints: 60_000 };
// lru-cache sets aside room for `max` entries at once: large enough for every tile asked here, no larger.
const UNBOUNDED = { maxOverviewBytes: 1e12, maxDetailBytes: 1e12, maxDetailTiles: 10_000, maxDrilledPoints: 1e12 };

describe('vector tile set', () => {
  it('answers the tiles of the map, and null where it has no coverage', () => {
    const set = new VectorTileSet(starMap());
    expect(set.tile(8, ...tileAt(19, -33.5, 8).slice(1) as [number, number])?.byteLength).toBeGreaterThan(100);
    expect(set.tile(8, ...tileAt(25, -30, 8).slice(1) as [number, number])).toBeNull();
  });

  it('keeps each tile in a buffer of its own size, so the bytes the cache counts are the bytes it holds', () => {
    const set = new VectorTileSet(starMap());
    for (const [z, x, y] of tilesOverTheMap(20, 3)) {
      const bytes = set.tile(z, x, y);
      if (bytes) expect(bytes.buffer.byteLength, `${z}/${x}/${y}`).toBe(bytes.byteLength);
    }
  });

  it('keeps no more than its bounds in encoded tiles and tiles cut on request, however many tiles are asked', () => {
    for (const bounds of [SMALL, { ...SMALL, maxDetailBytes: 1024 * 1024 }]) {
      const set = new VectorTileSet(starMap(), 'coverage', bounds);
      const largest = { overviewBytes: 0, detailTiles: 0, detailBytes: 0, drilledPoints: 0 };
      for (const [z, x, y] of tilesOverTheMap(300, 1)) {
        set.tile(z, x, y);
        const held = set.held();
        expect(held.overviewBytes).toBeLessThanOrEqual(bounds.maxOverviewBytes);
        expect(held.detailBytes).toBeLessThanOrEqual(bounds.maxDetailBytes);
        expect(held.detailTiles).toBeLessThanOrEqual(bounds.maxDetailTiles);
        expect(held.drilledPoints).toBeLessThanOrEqual(bounds.maxDrilledPoints);
        for (const key of Object.keys(largest) as (keyof typeof largest)[]) largest[key] = Math.max(largest[key], held[key]);
      }
      // The bounds were reached, not merely never approached: the bytes with small tiles, the count with room for more bytes.
      expect(largest.overviewBytes).toBeGreaterThan(bounds.maxOverviewBytes * 0.75);
      if (bounds === SMALL) expect(largest.detailBytes).toBeGreaterThan(bounds.maxDetailBytes * 0.75);
      else expect(largest.detailTiles).toBe(bounds.maxDetailTiles);
      expect(largest.drilledPoints).toBeGreaterThan(bounds.maxDrilledPoints / 2);
    }
  });

  it('keeps the overview while a visitor asks for many tiles at street level', () => {
    const set = new VectorTileSet(starMap(), 'coverage', SMALL);
    const [z, x, y] = tileAt(19, -33.5, OVERVIEW_MAX_ZOOM);
    const overview = set.tile(z, x, y);
    expect(overview?.byteLength).toBeGreaterThan(1000);
    for (const [dz, dx, dy] of tilesOverTheMap(300, 4)) if (dz > OVERVIEW_MAX_ZOOM) set.tile(dz, dx, dy);
    expect(set.held().detailBytes).toBeGreaterThan(SMALL.maxDetailBytes / 2);
    // The very bytes kept before: not cut again.
    expect(set.tile(z, x, y)).toBe(overview);
  });

  it('answers the same bytes at its bounds as without them, also for tiles asked again after a trim', () => {
    const bounded = new VectorTileSet(starMap(), 'coverage', SMALL);
    const unbounded = new VectorTileSet(starMap(), 'coverage', UNBOUNDED);
    const base64 = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes).toString('base64') : null);
    const tiles = tilesOverTheMap(80, 2);
    for (const [z, x, y] of [...tiles, ...tiles]) expect(base64(bounded.tile(z, x, y)), `${z}/${x}/${y}`).toBe(base64(unbounded.tile(z, x, y)));
    expect(unbounded.held().drilledPoints).toBeGreaterThan(SMALL.maxDrilledPoints);
  });

  it('cuts the overview of a country-wide map light enough for a browser to draw, every polygon still drawn', () => {
    const count = 4000;
    const set = new VectorTileSet(countryMap(count));
    const [, west, north] = tileAt(20, -24, 5);
    const [, east, south] = tileAt(28, -32, 5);
    let bytes = 0;
    let points = 0;
    const ids = new Set<unknown>();
    for (let x = west; x <= east; x++) {
      for (let y = north; y <= south; y++) {
        const tile = set.tile(5, x, y);
        const found = decode(tile);
        bytes += tile?.byteLength ?? 0;
        points += found.points;
        for (const id of found.ids) ids.add(id);
      }
    }
    // geojson-vt's own tiles: 0.96 MB and 450,000 points; lightened, 150 KB and 26,000.
    expect(bytes).toBeLessThan(256 * 1024);
    expect(points).toBeLessThan(45_000);
    expect(ids.size).toBe(count);
  });

  it('answers geojson-vt\'s own tiles below the overview zooms, however the overview is cut', () => {
    const map = countryMap(300);
    const set = new VectorTileSet(map);
    const index = new GeoJSONVT(map, { maxZoom: 14, tolerance: 3, buffer: 64 });
    const random = seededRandom(5);
    for (let i = 0; i < 40; i++) {
      const [z, x, y] = tileAt(20 + random() * 8, -32 + random() * 8, OVERVIEW_MAX_ZOOM + 1 + Math.floor(random() * 7));
      const cut = index.getTile(z, x, y);
      const expected = cut && cut.features.length > 0 ? Buffer.from(fromGeojsonVt({ coverage: cut }, { version: 2 })).toString('base64') : null;
      const bytes = set.tile(z, x, y);
      expect(bytes && Buffer.from(bytes).toString('base64'), `${z}/${x}/${y}`).toBe(expected);
    }
  });
});
