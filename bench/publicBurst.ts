/**
 * Issue 16, section 6: the compiled server's RSS (read from /proc) at start, after a burst of
 * varied public requests, and after an idle spell. The server holds the 10,000-polygon benchmark
 * layer and 50 towers with footprints (flat ground); the burst asks, from many client addresses
 * (TRUST_PROXY, X-Forwarded-For), check_coverage at random points, coverage and wireless tiles at
 * many z/x/y, address searches with varied text (a local stand-in for Nominatim answers the ones
 * the address book cannot), and /api/config; then a second burst of other requests, and the idle
 * spell. Each step prints the RSS and the memory held live after a full collection (every thread's
 * V8 heap and the main thread's external memory, bench/eventLoopProbe.cjs). Every cache the
 * requests fill is bounded, so the bursts add at most LIVE_GROWTH_MB of live memory.
 * PUBLIC_BURST_SECONDS and PUBLIC_IDLE_SECONDS (default 60 each) shorten a run; PUBLIC_BURST_KINDS picks request kinds.
 */
import { readFileSync } from 'node:fs';
import { destinationPoint, type LatLng } from '../src/geo/sphere.js';
import { startLocalServer } from '../test/support/localServer.js';
import type { BenchContext } from './benchContext.js';
import { buildServer, createProvider, EVENT_LOOP_PROBE_ENV, eventLoopDelay, rssMb, type ServerProcess, startServer, uploadLayer } from './serverProcess.js';
import { quantile, seededRandom } from './syntheticTerrain.js';

const BURST_SECONDS = Number(process.env.PUBLIC_BURST_SECONDS ?? 60);
const IDLE_SECONDS = Number(process.env.PUBLIC_IDLE_SECONDS ?? 60);
/** Requests in flight at once during the burst. */
const CLIENTS = 8;
/** The benchmark KML's extent (generateCoverageKml.ts), degrees. */
const EXTENT = { west: 16.5, south: -34.8, east: 32.9, north: -22.1 };
const TOWERS = 50;
/**
 * Two bursts may add at most this much live memory (after a full collection) to what the process
 * holds once the tile indexes are built, MB: the bounded caches of the coverage tiles
 * (DEFAULT_TILE_SET_BOUNDS: 24 + 8 MB of tiles and about 30 MB of tiles cut on request), the same
 * in the wireless overlay's worker, its 8 MB of tiles in the main thread, and the small ones
 * (geocoder answers, rate-limit windows).
 */
const LIVE_GROWTH_MB = 150;
const TOWER_CENTRE: LatLng = { lat: -33.5, lng: 18.5 };
const WORDS = ['main', 'church', 'station', 'beach', 'farm', 'park', 'hill', 'river', 'market', 'school', 'mill', 'bay'];
const PLACE_PREFIXES = ['Ca', 'Dur', 'Jo', 'Pre', 'Port', 'Bloem', 'Stell', 'Her', 'Kim', 'Pol', 'Upi', 'Mos', 'Knys', 'Geo', 'Ric'];

type Kind = 'check_coverage' | 'coverage_tiles' | 'wireless_tiles' | 'search_addresses' | 'config';
const ALL_KINDS: Kind[] = ['check_coverage', 'coverage_tiles', 'wireless_tiles', 'search_addresses', 'config'];
/** PUBLIC_BURST_KINDS (a comma-separated list) limits the burst to some kinds, to tell which one grows the RSS. */
const KINDS = process.env.PUBLIC_BURST_KINDS ? ALL_KINDS.filter((kind) => process.env.PUBLIC_BURST_KINDS!.split(',').includes(kind)) : ALL_KINDS;

export async function run(context: BenchContext): Promise<void> {
  console.log(
    `\n== Server RSS around a burst of public requests (${BURST_SECONDS} s burst, ${CLIENTS} at a time, then ${IDLE_SECONDS} s idle; compiled server) ==`,
  );
  buildServer();
  const nominatim = await startLocalServer((req, res) => {
    // A few places for any query, as Nominatim would answer: the geocoder caches each query's answer.
    const q = new URL(req.url ?? '', 'http://x').searchParams.get('q') ?? '';
    const places = Array.from({ length: 5 }, (_, i) => ({
      display_name: `${q} ${i}, Western Cape, South Africa`,
      lat: String(-33.9 - i / 100),
      lon: String(18.4 + i / 100),
    }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(places));
  });
  const server = await startServer({
    ...EVENT_LOOP_PROBE_ENV,
    GEOCODER_URL: `${nominatim.url}/search`,
    GEOCODER_MIN_INTERVAL_MS: '0',
    ALLOW_PRIVATE_FETCH: 'true',
    TRUST_PROXY: 'true',
  });
  try {
    await loadCoverage(server, context.coverageKml);
    await settle();
    const start = await measure(server);
    console.log(`  at start (10,000 polygons, ${TOWERS} footprints loaded, idle): ${start.text}`);
    // The first tile of each overlay builds its tile index (geojson-vt's first pass), which stays for the revision.
    for (const overlay of ['coverage_tiles', 'wireless_tiles']) await (await fetch(`${server.base}/api/${overlay}/4/9/9.pbf`)).arrayBuffer();
    await settle();
    const indexed = await measure(server);
    console.log(`  after one tile of each overlay (their tile indexes built): ${indexed.text}`);

    const afterBursts: Measured[] = [];
    for (const [round, seed] of [61, 62].entries()) {
      // A different seed each round: other points, tiles and address texts, so the second round fills the caches anew.
      const answers = await burst(server, BURST_SECONDS * 1000, seed);
      const after = await measure(server);
      afterBursts.push(after);
      console.log(`  after ${round === 0 ? 'a' : 'another'} ${BURST_SECONDS} s burst: ${after.text}`);
      for (const kind of KINDS) {
        const { statuses, ms } = answers[kind];
        const byStatus = Object.entries(statuses)
          .map(([status, n]) => `${status}: ${n}`)
          .join(', ');
        console.log(`    ${kind.padEnd(17)} ${byStatus.padEnd(22)} p50 ${quantile(ms, 0.5).toFixed(1)} ms, p99 ${quantile(ms, 0.99).toFixed(1)} ms`);
      }
    }

    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const afterIdle = await measure(server);
    console.log(`  after ${IDLE_SECONDS} s idle: ${afterIdle.text}`);
    const added = afterBursts[1]!.liveMb - indexed.liveMb;
    console.log(
      `  bounded: the two bursts added ${added.toFixed(0)} MB of live memory (the RSS ${(afterBursts[1]!.rssMb - indexed.rssMb).toFixed(0)} MB) ` +
        `to what the tile indexes hold, target under ${LIVE_GROWTH_MB} MB: ${added < LIVE_GROWTH_MB ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await server.stop();
    await nominatim.close();
  }
}

/** The benchmark layer, and 50 towers whose footprints (on flat ground) are ready. */
async function loadCoverage(server: ServerProcess, kmlPath: string): Promise<void> {
  const providerId = await createProvider(server, 'Bench Fibre');
  await uploadLayer(server, providerId, 'Bench 10k', 'coverage-10k.kml', readFileSync(kmlPath));
  const random = seededRandom(16);
  const towers = Array.from({ length: TOWERS }, (_, i) => {
    const at = destinationPoint(TOWER_CENTRE, random() * 360, 30_000 * Math.sqrt(random()));
    return { name: `Mast ${i + 1}`, latitude: at.lat, longitude: at.lng, height_meters: 20 + Math.round(random() * 40), coverage_radius_km: 10 };
  });
  const imported = await fetch(`${server.base}/api/towers/bulk-import`, {
    method: 'POST',
    headers: { ...server.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ towers }),
  });
  if (!imported.ok) throw new Error(`tower import failed: ${await imported.text()}`);
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${server.base}/api/towers/footprints`, { headers: server.auth });
    const states = ((await response.json()) as { data: { status: string }[] }).data;
    if (states.filter((state) => state.status === 'ready').length === TOWERS) return;
    if (performance.now() - started > 300_000) throw new Error('the footprints were not ready after 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Measured {
  rssMb: number;
  /** What the process holds after a full collection: every thread's V8 heap in use and the main thread's external memory, MB. */
  liveMb: number;
  text: string;
}

/**
 * The server's RSS, then (bench/eventLoopProbe.cjs) what it holds live after a full garbage
 * collection in every thread: the main thread's V8 heap and external memory (ArrayBuffers: the
 * coverage index, tile caches), and each worker's heap. The RSS also counts memory V8 and malloc
 * keep for reuse after a burst, which is why the bound is on the live figure.
 */
async function measure(server: ServerProcess): Promise<Measured> {
  const rss = rssMb(server.pid);
  const { memory, workerHeapsMb } = await eventLoopDelay(server);
  const workers = workerHeapsMb.reduce((sum, { heapMb }) => sum + heapMb, 0);
  const liveMb = memory.heapUsed + memory.external + workers;
  return {
    rssMb: rss,
    liveMb,
    text: `RSS ${rss.toFixed(0)} MB; live ${liveMb} MB (main thread: V8 heap ${memory.heapUsed} MB of ${memory.heapTotal} MB, external ${memory.external} MB; worker heaps ${workers} MB)`,
  };
}

/** A few seconds for the start-up work (index builds, footprints stored) to finish and be collected. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 5000));
}

/** The tile of a point at a zoom (web mercator). */
function tileOf(lat: number, lng: number, zoom: number): [number, number] {
  const n = 2 ** zoom;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [Math.min(n - 1, Math.max(0, x)), Math.min(n - 1, Math.max(0, y))];
}

interface Answers {
  /** How many answers had each status ('no answer' when none came within 10 s). */
  statuses: Record<string, number>;
  /** Each answer's latency, ms. */
  ms: number[];
}

/** `CLIENTS` loops of random public requests until `ms` have passed; the answers by request kind. */
async function burst(server: ServerProcess, ms: number, seed: number): Promise<Record<Kind, Answers>> {
  const random = seededRandom(seed);
  const between = (a: number, b: number) => a + random() * (b - a);
  const pointIn = (box: typeof EXTENT) => ({ lat: between(box.south, box.north), lng: between(box.west, box.east) });
  const towerBox = { west: 17.9, south: -34.1, east: 19.1, north: -32.9 };
  const tilePath = (box: typeof EXTENT, minZoom: number, maxZoom: number) => {
    const zoom = Math.floor(between(minZoom, maxZoom + 1));
    const { lat, lng } = pointIn(box);
    const [x, y] = tileOf(lat, lng, zoom);
    return `${zoom}/${x}/${y}.pbf`;
  };
  const query = () => {
    const r = random();
    if (r < 0.4) return PLACE_PREFIXES[Math.floor(random() * PLACE_PREFIXES.length)]!;
    return `${Math.floor(random() * 400)} ${WORDS[Math.floor(random() * WORDS.length)]} road ${Math.floor(random() * 100_000)}`;
  };
  const request = (kind: Kind): string => {
    switch (kind) {
      case 'check_coverage': {
        const { lat, lng } = random() < 0.3 ? pointIn(towerBox) : pointIn(EXTENT);
        return `/api/check_coverage?lat=${lat.toFixed(5)}&lng=${lng.toFixed(5)}&address=${encodeURIComponent(query())}`;
      }
      case 'coverage_tiles':
        return `/api/coverage_tiles/${tilePath(EXTENT, 4, 14)}`;
      case 'wireless_tiles':
        return `/api/wireless_tiles/${random() < 0.7 ? tilePath(towerBox, 6, 14) : tilePath(EXTENT, 4, 14)}`;
      case 'search_addresses':
        return `/api/search_addresses?q=${encodeURIComponent(query())}`;
      case 'config':
        return '/api/config';
    }
  };
  const answers = Object.fromEntries(KINDS.map((kind): [Kind, Answers] => [kind, { statuses: {}, ms: [] }])) as Record<Kind, Answers>;
  const count = (kind: Kind, status: string) => (answers[kind].statuses[status] = (answers[kind].statuses[status] ?? 0) + 1);
  const ends = performance.now() + ms;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < ends) {
        const kind = KINDS[Math.floor(random() * KINDS.length)]!;
        // Visitors from many addresses: the rate limits count each one apart.
        const client = `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`;
        const started = performance.now();
        try {
          const response = await fetch(`${server.base}${request(kind)}`, { headers: { 'x-forwarded-for': client }, signal: AbortSignal.timeout(10_000) });
          await response.arrayBuffer();
          answers[kind].ms.push(performance.now() - started);
          count(kind, String(response.status));
        } catch {
          count(kind, 'no answer');
        }
      }
    }),
  );
  return answers;
}
