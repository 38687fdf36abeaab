import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../test/support/testApp.js';

export { ADMIN } from '../../test/support/testApp.js';

export interface LiveApp {
  app: TestApp;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The built web app (dist/web) served by a real server on a random loopback port, with a fresh
 * SQLite database in a temporary DATA_DIR. Basemap and line-of-sight map tiles point at a closed
 * port so that no test depends on the internet (the maps draw without them).
 */
export async function startLiveApp(env: Record<string, string> = {}): Promise<LiveApp> {
  const closed = 'http://127.0.0.1:9/{z}/{x}/{y}.png';
  const app = await createTestApp('sqlite', {
    env: { BASEMAP_TILES_URL: closed, LOS_TERRAIN_TILES_URL: closed, LOS_SATELLITE_TILES_URL: closed, LOS_LABELS_TILES_URL: closed, ...env },
  });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.server.address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}
