import { Worker } from 'node:worker_threads';
import { KmlParseError } from '../../geo/kml/index.js';

export interface KmlIngestRequest {
  bytes: Uint8Array;
  filename: string;
}

export type KmlIngestReply =
  | { ok: true; geometry: Uint8Array; featureCount: number; colors: string[] }
  | { ok: false; parseError: boolean; message: string };

export interface IngestedKml {
  /** The polygons with properties {name, color}, packed (src/geo/packedCollection.ts). */
  geometry: Uint8Array;
  featureCount: number;
  /** Colours found in the file, "#rrggbb". */
  colors: string[];
}

/**
 * The worker's module beside this one: compiled JavaScript in a build; TypeScript when the server
 * runs from source (tests, benchmarks), where the worker registers tsx before loading it.
 */
function startWorker(request: KmlIngestRequest): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const workerUrl = new URL(`./kmlIngestWorker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const transferList = [request.bytes.buffer as ArrayBuffer];
  if (!fromSource) return new Worker(workerUrl, { workerData: request, transferList });
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: request, transferList });
}

/**
 * Parses a KML or KMZ file in a worker thread. A file that is not usable throws KmlParseError.
 * Takes ownership of `bytes`: when they fill their own memory they move to the worker (no copy of
 * a 50 MB upload) and are unusable here afterwards; bytes sharing memory with others are copied.
 */
export function ingestKml(bytes: Uint8Array, filename: string): Promise<IngestedKml> {
  const ownsItsMemory = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !(bytes.buffer instanceof SharedArrayBuffer);
  const request: KmlIngestRequest = { bytes: ownsItsMemory ? bytes : new Uint8Array(bytes), filename };
  return new Promise((resolve, reject) => {
    const worker = startWorker(request);
    worker.once('message', (reply: KmlIngestReply) => {
      if (reply.ok) resolve({ geometry: reply.geometry, featureCount: reply.featureCount, colors: reply.colors });
      else reject(reply.parseError ? new KmlParseError(reply.message) : new Error(reply.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`KML ingest worker stopped with exit code ${code}`));
    });
  });
}
