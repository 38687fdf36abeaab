import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WHAT_IF_MAX_WAITING } from '../src/server/footprints/footprintService.js';
import { SearchLogRepository } from '../src/server/leads/searchLogRepository.js';
import { Terrain } from '../src/server/terrain/terrain.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

// ISSUE 16 section 5: what-if runs wait in a bounded queue, and a run whose admin has gone is
// dropped before it starts or stopped while it runs. Each run reads the terrain under the candidate
// first (Terrain.heightGrid) and looks up the logged searches last (uncoveredSearchesIn): the tests
// hold the first run in its terrain read and watch which runs reach either step.

const candidateAt = (latitude: number) => ({ latitude, longitude: 18.2, height_meters: 30, coverage_radius_km: 1 });

/** Holds the first terrain read of a what-if until `release` (the later ones pass straight through). */
function holdFirstTerrainRead() {
  const realHeightGrid = Terrain.prototype.heightGrid;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const heightGrid = vi.spyOn(Terrain.prototype, 'heightGrid').mockImplementationOnce(async function (this: Terrain, ...args) {
    await released;
    return realHeightGrid.apply(this, args);
  });
  return { heightGrid, release };
}

/** A what-if sent over a real connection, which the test can drop as an admin closing the tab would. */
function postWhatIf(url: string, token: string, candidate: object): { answer: Promise<{ status: number; body: string }>; hangUp(): void } {
  const payload = JSON.stringify(candidate);
  const request = http.request(`${url}/api/towers/what-if`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  answer.catch(() => {});
  request.end(payload);
  return { answer, hangUp: () => request.destroy() };
}

describe.each(databaseKinds())('what-if runs on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it(`refuses a what-if with 429 and Retry-After while ${WHAT_IF_MAX_WAITING} are waiting behind the one running`, async () => {
    const { heightGrid, release } = holdFirstTerrainRead();
    const answers: { statusCode: number; headers: Record<string, unknown>; json(): { message: string } }[] = [];
    const sent = Array.from({ length: 10 }, (_, n) =>
      app.server.inject({ method: 'POST', url: '/api/towers/what-if', headers: bearer(token), payload: candidateAt(-33.5 - n / 100) }).then((response) => {
        answers.push(response);
        return response;
      }),
    );
    // One runs (held in its terrain read) and the bound waits: the rest are answered at once.
    const refused = 10 - 1 - WHAT_IF_MAX_WAITING;
    await vi.waitFor(() => expect(answers).toHaveLength(refused), { timeout: 5000 });
    for (const answer of answers) {
      expect(answer.statusCode).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.json().message).toMatch(/^Too many what-if runs are waiting\. Please try again in \d+ seconds?\.$/);
    }
    release();
    const statuses = (await Promise.all(sent)).map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(1 + WHAT_IF_MAX_WAITING).fill(200), ...Array(refused).fill(429)]);
    expect(heightGrid).toHaveBeenCalledTimes(1 + WHAT_IF_MAX_WAITING);
    // Once the queue has drained, what-ifs are taken again.
    const later = await app.server.inject({ method: 'POST', url: '/api/towers/what-if', headers: bearer(token), payload: candidateAt(-33.4) });
    expect(later.statusCode, later.body).toBe(200);
    // Six runs, each starting a worker thread: seconds on a busy machine.
  }, 60_000);

  it('drops a waiting what-if whose admin has gone, and stops the running one whose admin has gone', async () => {
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    const connections = () =>
      new Promise<number>((resolve, reject) => app.server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    const { heightGrid, release } = holdFirstTerrainRead();
    const uncoveredSearches = vi.spyOn(SearchLogRepository.prototype, 'uncoveredSearchesIn');

    const running = postWhatIf(url, token, candidateAt(-33.5));
    await vi.waitFor(() => expect(heightGrid).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const abandoned = postWhatIf(url, token, candidateAt(-33.6));
    const kept = postWhatIf(url, token, candidateAt(-33.7));
    await vi.waitFor(async () => expect(await connections()).toBe(3), { timeout: 5000 });
    running.hangUp();
    abandoned.hangUp();
    // The server has seen both connections close.
    await vi.waitFor(async () => expect(await connections()).toBe(1), { timeout: 5000 });
    release();

    const answer = await kept.answer;
    expect(answer.status, answer.body).toBe(200);
    // The abandoned what-if never read its terrain; the running one stopped before its searches.
    expect(heightGrid.mock.calls.map(([center]) => center.lat)).toEqual([-33.5, -33.7]);
    expect(uncoveredSearches).toHaveBeenCalledTimes(1);
    const [bounds] = uncoveredSearches.mock.calls[0]!;
    expect((bounds.south + bounds.north) / 2).toBeCloseTo(-33.7, 6);
  });
});
