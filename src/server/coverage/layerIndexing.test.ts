import { describe, expect, it } from 'vitest';
import { encodePackedCollection } from '../../geo/packedCollection.js';
import { circleRing, seededRandom, starRing, zigZagRing, type Box } from '../../geo/testing/shapes.js';
import { indexLayers } from './layerIndexing.js';

const box = (west: number, south: number, size: number): Box => ({ west, south, east: west + size, north: south + size / 2 });

function geometry(seed: number): Uint8Array {
  const random = seededRandom(seed);
  const features: { polygons: Float64Array[][]; properties: { name: string; color: string | null } }[] = [
    { polygons: [[zigZagRing(20_000, box(18, -34, 0.4))]], properties: { name: 'comb', color: '#ff6600' } },
    { polygons: [[circleRing(3000, box(18.5, -34, 0.2)), circleRing(100, box(18.55, -33.98, 0.05))]], properties: { name: 'ring', color: null } },
    ...Array.from({ length: 30 }, (_, n) => ({ polygons: [[starRing(random, 40, box(18 + random() * 0.6, -34 + random() * 0.2, 0.05))]], properties: { name: `s${n}`, color: '#4caf50' } })),
  ];
  return encodePackedCollection(features);
}

describe('indexLayers', () => {
  it('indexes in a worker thread what it indexes here, moving the geometry there and back rather than copying it', async () => {
    const inWorker = geometry(1);
    const here = geometry(1);
    const [fromWorker] = await indexLayers([{ layerId: 4, geometry: inWorker }], { workerFromBytes: 0 });
    const [fromHere] = await indexLayers([{ layerId: 4, geometry: here }], { workerFromBytes: Infinity });
    // The caller's bytes moved to the worker: nothing of them is left here.
    expect(inWorker.byteLength).toBe(0);
    expect(fromWorker?.layerId).toBe(4);
    expect(fromWorker?.hasGeometry(geometry(1))).toBe(true);
    expect(fromWorker?.colors).toEqual(fromHere?.colors);
    expect(fromWorker?.colors.slice(0, 3)).toEqual(['#ff6600', null, '#4caf50']);
    const random = seededRandom(2);
    for (let n = 0; n < 3000; n++) {
      const lng = 18 + random() * 0.75;
      const lat = -34.01 + random() * 0.22;
      expect(fromWorker?.index.query(lng, lat)).toEqual(fromHere?.index.query(lng, lat));
    }
    // In the comb's spine, along its north edge.
    expect(fromWorker?.index.query(18.2, -33.8005)).toEqual([0]);
  });

  it('copies bytes that share their memory instead of moving the whole buffer', async () => {
    const stored = geometry(3);
    const shared = new Uint8Array(stored.byteLength + 16);
    shared.set(stored, 8);
    const view = shared.subarray(8, 8 + stored.byteLength);
    const [indexed] = await indexLayers([{ layerId: 1, geometry: view }], { workerFromBytes: 0 });
    expect(shared.byteLength).toBe(stored.byteLength + 16);
    expect(indexed?.hasGeometry(stored)).toBe(true);
  });

  it('fails with the reason when stored bytes are not a packed collection', async () => {
    await expect(indexLayers([{ layerId: 1, geometry: new Uint8Array(64) }], { workerFromBytes: 0 })).rejects.toThrow('Not a packed coverage collection');
    await expect(indexLayers([{ layerId: 1, geometry: new Uint8Array(64) }], { workerFromBytes: Infinity })).rejects.toThrow('Not a packed coverage collection');
  });

  it('answers nothing for nothing, without starting a worker', async () => {
    expect(await indexLayers([], { workerFromBytes: 0 })).toEqual([]);
  });
});
