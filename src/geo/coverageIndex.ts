import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { EDGE_TOLERANCE, packedPolygonContains } from './pointInPolygon.js';

/** One geometry to index and what a lookup that hits it returns. Coordinates are [lng, lat] degrees. */
export interface CoverageEntry<T> {
  geometry: Polygon | MultiPolygon;
  payload: T;
}

/**
 * "Which geometries contain this point?" for many polygons, in microseconds. Every polygon (each
 * part of a MultiPolygon on its own, so its box is tight) gets its bounding box in a flatbush
 * R-tree; a lookup tests only the polygons whose box holds the point, exactly, holes excluded and
 * boundary included (see pointInPolygon.ts).
 *
 * Coordinates are copied into one Float64Array (16 bytes per vertex) and the GeoJSON can be
 * dropped: 10,000 polygons of 200 vertices take 32 MB here against well over 100 MB as GeoJSON
 * arrays. Immutable once built: build a new index when the data changes.
 */
export class CoverageIndex<T> {
  /** Number of entries (geometries) the index was built from. */
  readonly size: number;
  private readonly payloads: readonly T[];
  /** Vertex k of every ring, one after another: xy[2k] = lng, xy[2k + 1] = lat. */
  private readonly xy: Float64Array;
  /** Ring r is vertices [ringStarts[r], ringStarts[r + 1]). */
  private readonly ringStarts: Uint32Array;
  /** Polygon p is rings [polygonRings[p], polygonRings[p + 1]); its first ring is the outer one. */
  private readonly polygonRings: Uint32Array;
  /** The entry polygon p belongs to; the flatbush item number is the polygon number. */
  private readonly polygonEntry: Uint32Array;
  /** Null when there is no polygon at all (flatbush needs at least one item). */
  private readonly tree: Flatbush | null;

  constructor(entries: readonly CoverageEntry<T>[]) {
    this.size = entries.length;
    this.payloads = entries.map((entry) => entry.payload);

    let polygonCount = 0;
    let ringCount = 0;
    let vertexCount = 0;
    for (const entry of entries) {
      for (const rings of polygonsOf(entry.geometry)) {
        polygonCount++;
        ringCount += rings.length;
        for (const ring of rings) vertexCount += ring.length;
      }
    }

    this.xy = new Float64Array(2 * vertexCount);
    this.ringStarts = new Uint32Array(ringCount + 1);
    this.polygonRings = new Uint32Array(polygonCount + 1);
    this.polygonEntry = new Uint32Array(polygonCount);
    this.tree = polygonCount === 0 ? null : new Flatbush(polygonCount);

    let polygon = 0;
    let ring = 0;
    let vertex = 0;
    entries.forEach((entry, entryIndex) => {
      for (const rings of polygonsOf(entry.geometry)) {
        this.polygonEntry[polygon] = entryIndex;
        this.polygonRings[polygon] = ring;
        let minLng = Infinity;
        let minLat = Infinity;
        let maxLng = -Infinity;
        let maxLat = -Infinity;
        rings.forEach((positions, ringIndex) => {
          this.ringStarts[ring++] = vertex;
          for (const position of positions) {
            const lng = position[0] as number;
            const lat = position[1] as number;
            this.xy[2 * vertex] = lng;
            this.xy[2 * vertex + 1] = lat;
            vertex++;
            // Only the outer ring bounds the polygon: holes lie inside it.
            if (ringIndex === 0) {
              if (lng < minLng) minLng = lng;
              if (lng > maxLng) maxLng = lng;
              if (lat < minLat) minLat = lat;
              if (lat > maxLat) maxLat = lat;
            }
          }
        });
        // A polygon without vertices gets an empty box far away, so flatbush's numbering still matches.
        if (minLng > maxLng) this.tree?.add(Infinity, Infinity, Infinity, Infinity);
        // Widened by the edge tolerance so points counted as "on the edge" are found too.
        else this.tree?.add(minLng - EDGE_TOLERANCE, minLat - EDGE_TOLERANCE, maxLng + EDGE_TOLERANCE, maxLat + EDGE_TOLERANCE);
        polygon++;
      }
    });
    this.ringStarts[ring] = vertex;
    this.polygonRings[polygon] = ring;
    this.tree?.finish();
  }

  /**
   * Payloads of every entry whose geometry contains (lng, lat) in degrees, boundary included, in the
   * order the entries were given; each entry at most once. Not-finite input finds nothing.
   */
  query(lng: number, lat: number): T[] {
    if (this.tree === null || !Number.isFinite(lng) || !Number.isFinite(lat)) return [];
    const candidates = this.tree.search(lng, lat, lng, lat);
    const hits: number[] = [];
    for (const polygon of candidates) {
      const firstRing = this.polygonRings[polygon] as number;
      const endRing = this.polygonRings[polygon + 1] as number;
      if (packedPolygonContains(this.xy, this.ringStarts, firstRing, endRing, lng, lat)) {
        hits.push(this.polygonEntry[polygon] as number);
      }
    }
    if (hits.length > 1) hits.sort((a, b) => a - b);
    const payloads: T[] = [];
    for (let i = 0; i < hits.length; i++) {
      if (i === 0 || hits[i] !== hits[i - 1]) payloads.push(this.payloads[hits[i] as number] as T);
    }
    return payloads;
  }
}

function polygonsOf(geometry: Polygon | MultiPolygon): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}
