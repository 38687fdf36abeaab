import { EventEmitter } from 'node:events';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it, vi } from 'vitest';
import { type OverlayTileReply, type OverlayTileRequest, type OverlayTileWorker, OverlayTiles, startOverlayTileWorker } from './overlayTiles.js';

type TileRequest = Extract<OverlayTileRequest, { kind: 'tile' }>;

/** A worker thread stand-in that records the tiles asked of it and answers only when the test says. */
class FakeTileWorker extends EventEmitter {
  readonly tileRequests: TileRequest[] = [];

  postMessage(message: OverlayTileRequest): void {
    if (message.kind === 'tile') this.tileRequests.push(message);
  }

  unref(): void {}

  async terminate(): Promise<number> {
    return 0;
  }

  reply(reply: OverlayTileReply): void {
    this.emit('message', reply);
  }
}

function overlayWith(worker: FakeTileWorker): OverlayTiles {
  return new OverlayTiles('wireless', () => worker as unknown as OverlayTileWorker);
}

const noFootprints = () => [];

/** Whether a promise has settled by the time the microtasks queued so far have run. */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe('OverlayTiles', () => {
  it('asks the worker once for a tile that several requests want at the same time, and gives each the bytes', async () => {
    const worker = new FakeTileWorker();
    const overlay = overlayWith(worker);
    const requests = Array.from({ length: 5 }, () => overlay.tile(1, noFootprints, 10, 567, 612));
    expect(worker.tileRequests).toHaveLength(1);
    worker.reply({ id: worker.tileRequests[0]!.id, version: 1, bytes: Uint8Array.of(1, 2, 3) });
    for (const bytes of await Promise.all(requests)) expect([...bytes!]).toEqual([1, 2, 3]);
    // Answered from the cache afterwards: still one request.
    expect([...(await overlay.tile(1, noFootprints, 10, 567, 612))!]).toEqual([1, 2, 3]);
    expect(worker.tileRequests).toHaveLength(1);
  });

  it('fails a request at once when the worker answers a later one but not it (its reply was lost)', async () => {
    const worker = new FakeTileWorker();
    const overlay = overlayWith(worker);
    const lost = overlay.tile(1, noFootprints, 10, 1, 1);
    lost.catch(() => {});
    const answered = overlay.tile(1, noFootprints, 10, 2, 2);
    const [first, second] = worker.tileRequests;
    worker.reply({ id: second!.id, version: 1, bytes: null });
    expect(await answered).toBeNull();
    expect(await settledNow(lost)).toBe(true);
    await expect(lost).rejects.toThrow('the overlay tile worker lost its reply');
    expect(first!.id).toBeLessThan(second!.id);

    // The next request for the lost tile asks the worker again.
    const retried = overlay.tile(1, noFootprints, 10, 1, 1);
    worker.reply({ id: worker.tileRequests[2]!.id, version: 1, bytes: Uint8Array.of(7) });
    expect([...(await retried)!]).toEqual([7]);
  });

  it('keeps a bounded number of bytes of tiles: with many large tiles, the least recently used is asked of the worker again', async () => {
    const worker = new FakeTileWorker();
    const overlay = overlayWith(worker);
    const cutAndAnswer = async (x: number) => {
      const request = overlay.tile(1, noFootprints, 8, x, 1);
      // A tile of 4 MiB: twelve of them are more than any cache here may keep.
      worker.reply({ id: worker.tileRequests.at(-1)!.id, version: 1, bytes: new Uint8Array(4 * 1024 * 1024) });
      return request;
    };
    for (let x = 0; x < 12; x++) await cutAndAnswer(x);
    expect(worker.tileRequests).toHaveLength(12);
    // The latest tile is still kept; the first is not, so the worker is asked for it again.
    await overlay.tile(1, noFootprints, 8, 11, 1);
    expect(worker.tileRequests).toHaveLength(12);
    expect((await cutAndAnswer(0))?.byteLength).toBe(4 * 1024 * 1024);
    expect(worker.tileRequests).toHaveLength(13);
  });

  it('fails a request the worker could not cut, with its reason', async () => {
    const worker = new FakeTileWorker();
    const overlay = overlayWith(worker);
    const request = overlay.tile(1, noFootprints, 10, 1, 1);
    worker.reply({ id: worker.tileRequests[0]!.id, version: 1, error: 'tile index not built' });
    await expect(request).rejects.toThrow('overlay tile not cut: tile index not built');
  });
});

describe('overlayTileWorker', () => {
  it('answers a tile asked for twice with the same bytes both times (its cached copy is never given away)', async () => {
    const worker = startOverlayTileWorker();
    const replies: OverlayTileReply[] = [];
    worker.on('message', (reply: OverlayTileReply) => replies.push(reply));
    try {
      // A square of about 2 km around lng 18.2, lat -33.5 (GeoJSON: [lng, lat]).
      const square = [
        [
          [18.19, -33.51],
          [18.21, -33.51],
          [18.21, -33.49],
          [18.19, -33.49],
          [18.19, -33.51],
        ],
      ];
      const areasJson = JSON.stringify({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: { band: 'Good', rank: 3 }, geometry: { type: 'MultiPolygon', coordinates: [square] } }],
      });
      worker.postMessage({ kind: 'set', version: 1, layer: 'wireless' } satisfies OverlayTileRequest);
      worker.postMessage({ kind: 'add', towerId: 1, areasJson } satisfies OverlayTileRequest);
      // The zoom 10 tile holding the square.
      worker.postMessage({ kind: 'tile', id: 1, z: 10, x: 563, y: 613 } satisfies OverlayTileRequest);
      worker.postMessage({ kind: 'tile', id: 2, z: 10, x: 563, y: 613 } satisfies OverlayTileRequest);
      await vi.waitFor(() => expect(replies).toHaveLength(2), { timeout: 10_000 });
      const [first, second] = replies.map((reply) => ('bytes' in reply ? reply.bytes : null));
      expect(first?.byteLength).toBeGreaterThan(0);
      expect(second).toEqual(first);
    } finally {
      await worker.terminate();
    }
  });

  it('indexes the footprints added one by one since the latest set, each feature tagged with its tower', async () => {
    const worker = startOverlayTileWorker();
    const replies: OverlayTileReply[] = [];
    worker.on('message', (reply: OverlayTileReply) => replies.push(reply));
    // A square of about 2 km around lng 18.2 + dx, lat -33.5 (GeoJSON: [lng, lat]).
    const areasJson = (dx: number, band: string) =>
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { band, rank: 1 },
            geometry: {
              type: 'MultiPolygon',
              coordinates: [
                [
                  [
                    [18.19 + dx, -33.51],
                    [18.21 + dx, -33.51],
                    [18.21 + dx, -33.49],
                    [18.19 + dx, -33.49],
                    [18.19 + dx, -33.51],
                  ],
                ],
              ],
            },
          },
        ],
      });
    const towersIn = (reply: OverlayTileReply | undefined) => {
      const bytes = reply && 'bytes' in reply ? reply.bytes : null;
      const layer = bytes ? new VectorTile(new PbfReader(bytes)).layers.wireless : undefined;
      return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer!.feature(i).properties).sort((a, b) => Number(a.tower_id) - Number(b.tower_id));
    };
    try {
      worker.postMessage({ kind: 'set', version: 1, layer: 'wireless' } satisfies OverlayTileRequest);
      worker.postMessage({ kind: 'add', towerId: 7, areasJson: areasJson(0, 'Poor') } satisfies OverlayTileRequest);
      worker.postMessage({ kind: 'add', towerId: 8, areasJson: areasJson(0.03, 'Fair') } satisfies OverlayTileRequest);
      // The zoom 9 tile holding both squares.
      worker.postMessage({ kind: 'tile', id: 1, z: 9, x: 281, y: 306 } satisfies OverlayTileRequest);
      worker.postMessage({ kind: 'set', version: 2, layer: 'wireless' } satisfies OverlayTileRequest);
      worker.postMessage({ kind: 'add', towerId: 8, areasJson: areasJson(0.03, 'Good') } satisfies OverlayTileRequest);
      worker.postMessage({ kind: 'tile', id: 2, z: 9, x: 281, y: 306 } satisfies OverlayTileRequest);
      await vi.waitFor(() => expect(replies).toHaveLength(2), { timeout: 10_000 });
      expect(replies.map((reply) => reply.version)).toEqual([1, 2]);
      expect(towersIn(replies[0])).toEqual([
        { band: 'Poor', rank: 1, tower_id: 7 },
        { band: 'Fair', rank: 1, tower_id: 8 },
      ]);
      expect(towersIn(replies[1])).toEqual([{ band: 'Good', rank: 1, tower_id: 8 }]);
    } finally {
      await worker.terminate();
    }
  });
});
