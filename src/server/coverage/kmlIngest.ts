import { Worker } from 'node:worker_threads';
import { KmlParseError } from '../../geo/kml/index.js';

export interface KmlIngestRequest {
  bytes: Uint8Array;
  filename: string;
}

export type KmlIngestReply =
  | { ok: true; geojson: string; featureCount: number; colors: string[] }
  | { ok: false; parseError: boolean; message: string };

export interface IngestedKml {
  /** GeoJSON FeatureCollection text; each feature has properties {name, color}. */
  geojson: string;
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

/** Parses a KML or KMZ file in a worker thread. A file that is not usable throws KmlParseError. */
export function ingestKml(bytes: Uint8Array, filename: string): Promise<IngestedKml> {
  // A private copy: the caller's buffer may share memory with others, and this one is transferred.
  const request: KmlIngestRequest = { bytes: new Uint8Array(bytes), filename };
  return new Promise((resolve, reject) => {
    const worker = startWorker(request);
    worker.once('message', (reply: KmlIngestReply) => {
      if (reply.ok) resolve({ geojson: reply.geojson, featureCount: reply.featureCount, colors: reply.colors });
      else reject(reply.parseError ? new KmlParseError(reply.message) : new Error(reply.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`KML ingest worker stopped with exit code ${code}`));
    });
  });
}
