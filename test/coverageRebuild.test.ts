import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { circleRing, zigZagRing, type Box } from '../src/geo/testing/shapes.js';
import { fibreKml, kmlDocument } from './support/kml.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, databaseKinds, signIn, type TestApp } from './support/testApp.js';

/** A placemark of one packed ring ([lng, lat, …] degrees), coordinates with 7 decimals. */
function ringPlacemark(name: string, ring: Float64Array): string {
  const tuples: string[] = [];
  for (let i = 0; i < ring.length; i += 2) tuples.push(`${(ring[i] as number).toFixed(7)},${(ring[i + 1] as number).toFixed(7)}`);
  return `<Placemark><name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${tuples.join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;
}

const box = (west: number, south: number, size: number): Box => ({ west, south, east: west + size, north: south + size / 2 });
/** In the Gardens area of fibreKml(), which exists before the large upload. */
const IN_GARDENS = { lat: -33.95, lng: 18.44 };
/** In the spine along the north edge of the large layer's comb. */
const IN_COMB = { lat: -33.5005, lng: 19.2 };

describe.each(databaseKinds())('coverage checks during a large rebuild on %s', (kind) => {
  let app: TestApp;
  let token: string;
  let base: string;

  beforeEach(async () => {
    app = await createTestApp(kind);
    token = await signIn(app);
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
  });
  afterEach(() => app.close());

  async function post(url: string, fields: Record<string, string>, file?: { filename: string; bytes: Buffer }) {
    const { payload, headers } = multipartBody(
      fields,
      file && { field: 'kml_file', filename: file.filename, contentType: 'application/vnd.google-earth.kml+xml', bytes: file.bytes },
    );
    const response = await fetch(`${base}${url}`, { method: 'POST', body: new Uint8Array(payload), headers: { ...headers, ...bearer(token) } });
    const body = (await response.json()) as { data: { id: number } };
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body.data;
  }

  async function check(point: { lat: number; lng: number }): Promise<{ status: number; ms: number; providers: string[] }> {
    const started = performance.now();
    const response = await fetch(`${base}/api/check_coverage?lat=${point.lat}&lng=${point.lng}`, { signal: AbortSignal.timeout(5000) });
    const body = (await response.json()) as { data?: { providers: { name: string }[] } };
    return { status: response.status, ms: performance.now() - started, providers: body.data?.providers.map((p) => p.name) ?? [] };
  }

  it('keeps answering from the current index, without errors or stalls, while a 240,000-vertex layer with a 40,000-vertex zig-zag is indexed', async () => {
    const fibre = await post('/api/providers', { name: 'FibreCo' });
    await post(
      '/api/coverage_layers',
      { name: 'Cape Town', provider_id: String(fibre.id), services: 'Fiber' },
      { filename: 'fibre.kml', bytes: Buffer.from(fibreKml()) },
    );
    expect((await check(IN_GARDENS)).providers).toEqual(['FibreCo']);

    const large = await post('/api/providers', { name: 'CombNet' });
    const kml = kmlDocument(
      ringPlacemark('comb', zigZagRing(40_000, box(19, -33.7, 0.4))),
      ringPlacemark('outline', circleRing(200_000, box(19.5, -33.7, 0.4))),
    );
    let uploading = true;
    const upload = post(
      '/api/coverage_layers',
      { name: 'Comb', provider_id: String(large.id), services: 'Fiber' },
      { filename: 'comb.kml', bytes: Buffer.from(kml) },
    ).finally(() => (uploading = false));

    const during: Awaited<ReturnType<typeof check>>[] = [];
    // Two visitors checking one after another, as long as the upload (parse, store, index) lasts.
    await Promise.all(
      [0, 1].map(async () => {
        while (uploading) during.push(await check(IN_GARDENS));
      }),
    );
    await upload;

    expect(during.filter((c) => c.status !== 200)).toEqual([]);
    // The existing coverage is found all along: the old snapshot answers until the new one is whole.
    expect(during.filter((c) => c.providers.join() !== 'FibreCo')).toEqual([]);
    expect(during.length).toBeGreaterThanOrEqual(10);
    const slowest = Math.max(...during.map((c) => c.ms));
    expect(slowest, `slowest check during the rebuild: ${slowest.toFixed(0)} ms`).toBeLessThan(2000);

    expect((await check(IN_COMB)).providers).toEqual(['CombNet']);
    expect((await check(IN_GARDENS)).providers).toEqual(['FibreCo']);
  }, 120_000);
});
