/**
 * Issue 3 target: GET /api/check_coverage throughput (autocannon, 10 connections, 10 s) at least
 * 60% of a trivial route (GET /api/config, a constant answer) on the same server, same run, with
 * the 10,000-polygon benchmark KML loaded, as the mean of interleaved rounds. autocannon runs in its own process so that it does not
 * share the server's event loop.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { multipartBody } from '../test/support/multipart.js';
import { autocannon } from './autocannon.js';
import type { BenchContext } from './benchContext.js';

const ROUNDS = 2;

export async function run(context: BenchContext): Promise<void> {
  console.log('\n== check_coverage throughput (autocannon, 10 connections, 10 s, 2 interleaved rounds) ==');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-throughput-'));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0' });
  const app = await buildApp(config);
  try {
    const token = (await app.server.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'bench-password-1' } })).json()
      .data.token;
    const auth = { authorization: `Bearer ${token}` };
    const provider = multipartBody({ name: 'Bench Fibre' });
    const providerId = (
      await app.server.inject({ method: 'POST', url: '/api/providers', payload: provider.payload, headers: { ...provider.headers, ...auth } })
    ).json().data.id;
    const started = performance.now();
    const layer = multipartBody(
      { name: 'Bench 10k', provider_id: String(providerId), services: 'Fiber' },
      { field: 'kml_file', filename: 'coverage-10k.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: readFileSync(context.coverageKml) },
    );
    const uploaded = await app.server.inject({ method: 'POST', url: '/api/coverage_layers', payload: layer.payload, headers: { ...layer.headers, ...auth } });
    if (uploaded.statusCode !== 200) throw new Error(`upload failed: ${uploaded.body}`);
    console.log(
      `  upload through the API (parse, store, index): ${((performance.now() - started) / 1000).toFixed(2)} s, ${uploaded.json().data.feature_count} polygons`,
    );

    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    // A point inside the data's extent (South Africa): the answer lists whatever covers it.
    const checkUrl = `${base}/api/check_coverage?lat=-28.5&lng=24.7&address=bench`;
    // Interleaved rounds, averaged, so that drift in the machine's load hits both routes alike.
    const trivialRuns: number[] = [];
    const checkRuns: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      trivialRuns.push(await autocannon(`${base}/api/config`));
      checkRuns.push(await autocannon(checkUrl));
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const trivial = mean(trivialRuns);
    const check = mean(checkRuns);
    const ratio = check / trivial;
    console.log(`  trivial route GET /api/config:        ${trivial.toFixed(0)} req/s`);
    console.log(`  GET /api/check_coverage (10k polygons): ${check.toFixed(0)} req/s`);
    console.log(`  ratio ${(ratio * 100).toFixed(1)}% (target >= 60%): ${ratio >= 0.6 ? 'PASS' : 'FAIL'}`);
  } finally {
    await app.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
