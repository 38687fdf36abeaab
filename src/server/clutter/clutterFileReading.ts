import PQueue from 'p-queue';
import type { ClutterFileLimits } from '../../geo/clutterFile.js';
import type { PackedPolygon } from '../../geo/packedGeometry.js';
import { ValidationError } from '../errors.js';
import { runWorker } from '../workerThreads.js';

export interface ClutterFileRequest {
  bytes: Uint8Array;
  fileName: string;
  limits: ClutterFileLimits;
}

/** fileError: the file is not usable (its message is for the administrator); otherwise the worker failed. */
export type ClutterFileReply = { ok: true; polygons: PackedPolygon[] } | { ok: false; fileError: boolean; message: string };

/** A 50 MB KML parses in about 2 s (the layer ingest's figure); anything this slow is a hostile or broken file. */
const READ_TIMEOUT_MS = 120_000;
/** Each read holds a file and its polygons in memory: at most two at once per process. */
const reads = new PQueue({ concurrency: 2 });

/**
 * The polygons of an uploaded clutter file (geo/clutterFile.ts), read in a worker thread
 * (clutterFileWorker.ts) so that parsing up to 50 MB never holds the thread that answers checks.
 * A file that is not usable is a ValidationError with the reader's message. The bytes move to the
 * worker when they fill their own memory (unusable here afterwards), else they are copied.
 */
export async function readClutterFileInWorker(request: ClutterFileRequest): Promise<PackedPolygon[]> {
  const bytes = ownsItsMemory(request.bytes) ? request.bytes : new Uint8Array(request.bytes);
  const reply = await reads.add(() =>
    runWorker<ClutterFileReply>({
      beside: import.meta.url,
      module: 'clutterFileWorker',
      workerData: { ...request, bytes },
      transferList: [bytes.buffer as ArrayBuffer],
      timeoutMs: READ_TIMEOUT_MS,
      timeoutError: () => new ValidationError(`The file could not be read within ${READ_TIMEOUT_MS / 1000} s`),
      label: 'clutter file worker',
    }),
  );
  if (reply.ok) return reply.polygons;
  throw reply.fileError ? new ValidationError(reply.message) : new Error(reply.message);
}

function ownsItsMemory(bytes: Uint8Array): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !(bytes.buffer instanceof SharedArrayBuffer);
}
