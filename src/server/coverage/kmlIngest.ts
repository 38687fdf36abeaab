import { KmlParseError, type KmlSource } from '../../geo/kml/index.js';
import { runWorker } from '../workerThreads.js';

export interface KmlIngestRequest {
  source: KmlSource;
  filename: string;
}

export type KmlIngestReply =
  | { ok: true; geometry: Uint8Array; featureCount: number; colors: string[] }
  | { ok: false; parseError: boolean; message: string };

export interface IngestedKml {
  /** The polygons with properties {name, color}, packed (src/geo/packedCollection.ts). */
  geometry: Uint8Array;
  featureCount: number;
  /** The colours its polygons are drawn with, "#rrggbb" (common/kmlColors.ts: colorUses). */
  colors: string[];
}

/** A 50 MB file parses in about 2 s; anything this slow is a hostile or broken file. */
const INGEST_TIMEOUT_MS = 120_000;
/** Each ingest holds a file and its parse in memory: at most this many run at once per process. */
const MAX_CONCURRENT_INGESTS = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function withIngestSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_INGESTS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Parses a KML or KMZ file (on disk, or bytes in memory) in a worker thread. A file that is not
 * usable throws KmlParseError. Takes ownership of bytes: when they fill their own memory they move
 * to the worker (no copy) and are unusable here afterwards; bytes sharing memory are copied.
 */
export function ingestKml(source: KmlSource, filename: string): Promise<IngestedKml> {
  const request: KmlIngestRequest = { source: 'bytes' in source ? { bytes: ownedBytes(source.bytes) } : source, filename };
  return withIngestSlot(() => runIngest(request));
}

function ownedBytes(bytes: Uint8Array): Uint8Array {
  const ownsItsMemory = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !(bytes.buffer instanceof SharedArrayBuffer);
  return ownsItsMemory ? bytes : new Uint8Array(bytes);
}

/** Parses in kmlIngestWorker.ts; the bytes in memory, if any, move there. */
async function runIngest(request: KmlIngestRequest): Promise<IngestedKml> {
  const reply = await runWorker<KmlIngestReply>({
    beside: import.meta.url,
    module: 'kmlIngestWorker',
    workerData: request,
    transferList: 'bytes' in request.source ? [request.source.bytes.buffer as ArrayBuffer] : [],
    timeoutMs: INGEST_TIMEOUT_MS,
    timeoutError: () => new KmlParseError(`The file could not be read within ${INGEST_TIMEOUT_MS / 1000} s`),
    label: 'KML ingest worker',
  });
  if (reply.ok) return { geometry: reply.geometry, featureCount: reply.featureCount, colors: reply.colors };
  throw reply.parseError ? new KmlParseError(reply.message) : new Error(reply.message);
}
