import { describe, expect, it } from 'vitest';
import { decodePackedCollection, encodePackedCollection, type PackedCollectionFeature } from './packedCollection.js';

describe('packed collections', () => {
  it('read back exactly what was written: properties, polygons, holes and every coordinate bit', () => {
    const features: PackedCollectionFeature<{ name: string | null; color: string | null }>[] = [
      {
        properties: { name: 'Zoë "A"', color: '#ff6600' },
        polygons: [
          [
            new Float64Array([18.1, -33.1, 18.2, -33.1, 18.2, -33.0, 18.1, -33.1]),
            new Float64Array([18.15, -33.08, 18.16, -33.08, 18.155, -33.07, 18.15, -33.08]),
          ],
          [new Float64Array([0.1 + 0.2, 1e-300, 179.99999999999997, -89.5, 0, 0, 0.1 + 0.2, 1e-300])],
        ],
      },
      { properties: { name: null, color: null }, polygons: [[new Float64Array([1, 2, 3, 4, 5, 6, 1, 2])]] },
    ];
    const decoded = decodePackedCollection(encodePackedCollection(features));
    expect(decoded).toEqual(features);
  });

  it('views the coordinates in place when the bytes start on an 8-byte boundary', () => {
    const encoded = encodePackedCollection([{ properties: {}, polygons: [[new Float64Array([1, 2, 3, 4, 5, 6, 1, 2])]] }]);
    const ring = decodePackedCollection(encoded)[0]!.polygons[0]![0]!;
    expect(ring.buffer).toBe(encoded.buffer);
  });

  it('reads from a view that does not start at the beginning of its buffer', () => {
    const encoded = encodePackedCollection([{ properties: {}, polygons: [[new Float64Array([1, 2, 3, 4, 5, 6, 1, 2])]] }]);
    const shifted = new Uint8Array(encoded.length + 3);
    shifted.set(encoded, 3);
    expect(decodePackedCollection(shifted.subarray(3))[0]?.polygons[0]?.[0]).toEqual(new Float64Array([1, 2, 3, 4, 5, 6, 1, 2]));
  });

  it('refuses bytes that are not a packed collection', () => {
    expect(() => decodePackedCollection(new TextEncoder().encode('{"type":"FeatureCollection"}'))).toThrow('Not a packed coverage collection');
  });
});
