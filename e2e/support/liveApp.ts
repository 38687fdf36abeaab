import type { AddressInfo } from 'node:net';
import type { AppDependencies } from '../../src/server/app.js';
import { createTestApp, type TestApp } from '../../test/support/testApp.js';

export { ADMIN } from '../../test/support/testApp.js';

/** A map tile server that is a closed port (9, discard): no browser test depends on the internet, and the maps draw without tiles. */
export const NO_TILE_SERVER = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

export interface LiveApp {
  app: TestApp;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The built web app (dist/web) served by a real server on a random loopback port, with a fresh
 * SQLite database in a temporary DATA_DIR. Basemap and line-of-sight map tiles point at
 * NO_TILE_SERVER. `deps` replaces the app's own (a clock the test moves).
 */
export async function startLiveApp(env: Record<string, string> = {}, deps?: AppDependencies): Promise<LiveApp> {
  const app = await createTestApp('sqlite', {
    env: {
      BASEMAP_TILES_URL: NO_TILE_SERVER,
      LOS_TERRAIN_TILES_URL: NO_TILE_SERVER,
      LOS_SATELLITE_TILES_URL: NO_TILE_SERVER,
      LOS_LABELS_TILES_URL: NO_TILE_SERVER,
      ...env,
    },
    deps,
  });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.server.address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}
