import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboundClient } from '../outbound/outboundClient.js';
import { TerrariumElevationSource } from './terrariumElevationSource.js';
import { TileMemory } from './tileMemory.js';

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

/** A tile server that has no tile at all (404), counting what it is asked. */
function emptyTileServer(): OutboundClient & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    request: async (url) => {
      asked.push(url);
      return { status: 404, headers: {}, body: Buffer.alloc(0), url };
    },
  };
}

describe('TerrariumElevationSource', () => {
  let cacheDir: string;
  beforeEach(() => {
    cacheDir = mkdtempSync(path.join(tmpdir(), 'terrarium-'));
  });
  afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

  it('remembers a bounded number of tiles the server does not have: the least recently asked is asked again', async () => {
    const server = emptyTileServer();
    const source = new TerrariumElevationSource({
      urlTemplate: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      cacheDir,
      outbound: server,
      memory: new TileMemory(16 * 1024 * 1024),
      log: silent,
      absentTilesKept: 3,
    });
    // Four points a degree apart: four different tiles (longitude, at latitude -33.5).
    const points = [18, 19, 20, 21].map((lng) => ({ lat: -33.5, lng }));
    for (const { lat, lng } of points) expect(await source.tileAt(lat, lng)).toBeNull();
    expect(server.asked).toHaveLength(4);
    // The three latest are remembered as absent; the first was forgotten.
    for (const { lat, lng } of points.slice(1)) await source.tileAt(lat, lng);
    expect(server.asked).toHaveLength(4);
    await source.tileAt(points[0]!.lat, points[0]!.lng);
    expect(server.asked).toHaveLength(5);
  });
});
