import type { PackedPolygon } from './packedGeometry.js';

/** A feature of a packed collection: polygons ([lng, lat] pairs, degrees) and small JSON properties. */
export interface PackedCollectionFeature<P> {
  polygons: PackedPolygon[];
  properties: P;
}

const MAGIC = 0x31475643; // "CVG1", little-endian
const textEncoder = new TextEncoder();
/** Whether this machine stores numbers little-endian, as the format does (x86 and ARM do). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const align8 = (offset: number) => (offset + 7) & ~7;
const textDecoder = new TextDecoder();

/**
 * A compact binary form of a feature collection, for storing coverage in the database: 16 bytes
 * a vertex and no parsing to read it back, where GeoJSON text takes about 24 bytes a vertex and
 * its JSON.parse builds ~70-byte arrays. Layout (all little-endian):
 *   u32 magic, u32 featureCount, then per feature:
 *   u32 propsLength, props (UTF-8 JSON), u32 polygonCount,
 *   per polygon: u32 ringCount, per ring: u32 vertexCount, zero padding to a multiple of 8 bytes
 *   from the start, vertexCount x (f64 lng, f64 lat).
 * The padding lets a reader on a little-endian machine view the coordinates in place.
 */
export function encodePackedCollection<P>(features: readonly PackedCollectionFeature<P>[]): Uint8Array {
  const props = features.map((f) => textEncoder.encode(JSON.stringify(f.properties)));
  let size = 8;
  features.forEach((feature, i) => {
    size += 4 + (props[i]?.length ?? 0) + 4;
    for (const polygon of feature.polygons) {
      size += 4;
      for (const ring of polygon) size = align8(size + 4) + ring.length * 8;
    }
  });
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const u32 = (value: number) => {
    view.setUint32(at, value, true);
    at += 4;
  };
  u32(MAGIC);
  u32(features.length);
  features.forEach((feature, i) => {
    const encoded = props[i] ?? new Uint8Array();
    u32(encoded.length);
    bytes.set(encoded, at);
    at += encoded.length;
    u32(feature.polygons.length);
    for (const polygon of feature.polygons) {
      u32(polygon.length);
      for (const ring of polygon) {
        u32(ring.length / 2);
        at = align8(at);
        if (LITTLE_ENDIAN) bytes.set(new Uint8Array(ring.buffer, ring.byteOffset, ring.byteLength), at);
        else for (let k = 0; k < ring.length; k++) view.setFloat64(at + 8 * k, ring[k] as number, true);
        at += ring.length * 8;
      }
    }
  });
  return bytes;
}

/**
 * Reads what encodePackedCollection wrote; throws on bytes that are not such a collection. Where it
 * can (little-endian machine, bytes starting on an 8-byte boundary), rings are views into `bytes`
 * rather than copies, so the collection costs no more memory than its bytes.
 */
export function decodePackedCollection<P>(bytes: Uint8Array): PackedCollectionFeature<P>[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const u32 = () => {
    const value = view.getUint32(at, true);
    at += 4;
    return value;
  };
  if (bytes.byteLength < 8 || u32() !== MAGIC) throw new Error('Not a packed coverage collection');
  const features = new Array<PackedCollectionFeature<P>>(u32());
  for (let f = 0; f < features.length; f++) {
    const propsLength = u32();
    const properties = JSON.parse(textDecoder.decode(bytes.subarray(at, at + propsLength))) as P;
    at += propsLength;
    const polygons = new Array<PackedPolygon>(u32());
    for (let p = 0; p < polygons.length; p++) {
      const rings = new Array<Float64Array>(u32());
      for (let r = 0; r < rings.length; r++) {
        const values = u32() * 2;
        at = align8(at);
        rings[r] = ringAt(bytes, view, at, values);
        at += values * 8;
      }
      polygons[p] = rings;
    }
    features[f] = { polygons, properties };
  }
  return features;
}

function ringAt(bytes: Uint8Array, view: DataView, at: number, values: number): Float64Array {
  const start = bytes.byteOffset + at;
  if (LITTLE_ENDIAN && start % 8 === 0) return new Float64Array(bytes.buffer, start, values);
  const ring = new Float64Array(values);
  for (let k = 0; k < values; k++) ring[k] = view.getFloat64(at + 8 * k, true);
  return ring;
}
