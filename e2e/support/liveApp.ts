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
 * SQLite database in a temporary DATA_DIR. Basemap tiles point at this server so that no test
 * depends on the internet (the map draws without them).
 */
export async function startLiveApp(env: Record<string, string> = {}): Promise<LiveApp> {
  const app = await createTestApp('sqlite', { env: { BASEMAP_TILES_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png', ...env } });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.server.address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}
