/**
 * Writes the benchmark KML of issue 3: 10,000 polygons of 200 vertices (about 48 MB), scattered
 * over South Africa and coloured the ways real files are: shared Styles, StyleMaps (normal and
 * highlight pairs, as Google My Maps writes them) and inline Styles. Deterministic: the same seed
 * writes the same bytes, so runs compare.
 *
 * Usage: tsx bench/generateCoverageKml.ts [output path]  (default bench/.data/coverage-10k.kml)
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_COVERAGE_KML = resolve(dirname(fileURLToPath(import.meta.url)), '.data/coverage-10k.kml');

export interface CoverageKmlShape {
  polygons: number;
  /** Distinct vertices per ring; the ring is written closed, so it has one position more. */
  verticesPerPolygon: number;
  seed: number;
}

export const BENCH_SHAPE: CoverageKmlShape = { polygons: 10_000, verticesPerPolygon: 200, seed: 20_240_601 };

/** South Africa's mainland, roughly, in degrees: where the polygon centres fall. */
const EXTENT = { west: 16.5, south: -34.8, east: 32.9, north: -22.1 };

/** KML colours are aabbggrr: the five colours a style reference may name (kmlColors.ts); inline styles add purple and grey. */
const SHARED_STYLES = [
  { id: 'live', line: 'ff0066ff', poly: '800066ff' },
  { id: 'in-progress', line: 'ff50af4c', poly: '8050af4c' },
  { id: 'coming-soon', line: 'fff39621', poly: '80f39621' },
  { id: 'planned', line: 'ff3643f4', poly: '803643f4' },
  { id: 'survey', line: 'ff3bebff', poly: '803bebff' },
];
const INLINE_COLORS = ['80b0279c', '80888888'];

/** mulberry32: a small, fast, seedable PRNG giving floats in [0, 1). */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function header(): string {
  const styles = SHARED_STYLES.map(
    (style) => `    <Style id="${style.id}-normal">
      <LineStyle><color>${style.line}</color><width>2</width></LineStyle>
      <PolyStyle><color>${style.poly}</color></PolyStyle>
    </Style>
    <Style id="${style.id}-highlight">
      <LineStyle><color>${style.line}</color><width>4</width></LineStyle>
      <PolyStyle><color>${style.poly}</color></PolyStyle>
    </Style>
    <StyleMap id="${style.id}">
      <Pair><key>normal</key><styleUrl>#${style.id}-normal</styleUrl></Pair>
      <Pair><key>highlight</key><styleUrl>#${style.id}-highlight</styleUrl></Pair>
    </StyleMap>
`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>Benchmark coverage</name>
${styles}    <Folder>
      <name>Coverage areas</name>
`;
}

/** A star-shaped (so simple, never self-crossing) ring around a centre; [lng, lat] in degrees. */
function ringText(random: () => number, vertices: number): string {
  const centreLng = EXTENT.west + random() * (EXTENT.east - EXTENT.west);
  const centreLat = EXTENT.south + random() * (EXTENT.north - EXTENT.south);
  // 2 to 30 km radius; a degree of longitude is shorter by cos(latitude).
  const radiusLat = (2 + random() * 28) / 111.32;
  const radiusLng = radiusLat / Math.cos((centreLat * Math.PI) / 180);
  const tuples: string[] = [];
  for (let i = 0; i < vertices; i++) {
    const angle = (2 * Math.PI * i) / vertices;
    const stretch = 0.6 + 0.4 * random();
    const lng = centreLng + Math.cos(angle) * radiusLng * stretch;
    const lat = centreLat + Math.sin(angle) * radiusLat * stretch;
    tuples.push(`${lng.toFixed(6)},${lat.toFixed(6)},0`);
  }
  tuples.push(tuples[0] ?? '');
  return tuples.join(' ');
}

function placemarkText(index: number, random: () => number, vertices: number): string {
  const pick = random();
  const shared = SHARED_STYLES[index % SHARED_STYLES.length]?.id ?? 'live';
  // 40% reference a StyleMap, 40% a Style directly, 20% carry an inline Style.
  const styling =
    pick < 0.4
      ? `<styleUrl>#${shared}</styleUrl>`
      : pick < 0.8
        ? `<styleUrl>#${shared}-normal</styleUrl>`
        : `<Style><LineStyle><color>ff000000</color></LineStyle><PolyStyle><color>${INLINE_COLORS[index % INLINE_COLORS.length]}</color></PolyStyle></Style>`;
  return `      <Placemark>
        <name>Area ${index + 1}</name>
        ${styling}
        <Polygon>
          <outerBoundaryIs>
            <LinearRing>
              <coordinates>${ringText(random, vertices)}</coordinates>
            </LinearRing>
          </outerBoundaryIs>
        </Polygon>
      </Placemark>
`;
}

/** Writes the KML to `path` and resolves with its size in bytes. */
export async function generateCoverageKml(path: string, shape: CoverageKmlShape = BENCH_SHAPE): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  const random = randomSource(shape.seed);
  let bytes = 0;
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise<void>((done) => out.once('drain', () => done()));
  };
  await write(header());
  for (let i = 0; i < shape.polygons; i++) await write(placemarkText(i, random, shape.verticesPerPolygon));
  await write('    </Folder>\n  </Document>\n</kml>\n');
  await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
  return bytes;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const path = resolve(process.argv[2] ?? DEFAULT_COVERAGE_KML);
  const bytes = await generateCoverageKml(path);
  console.log(`wrote ${path} (${(bytes / 1e6).toFixed(1)} MB)`);
}
