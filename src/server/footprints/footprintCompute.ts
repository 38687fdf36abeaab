import { Worker } from 'node:worker_threads';
import type { Footprint, FootprintInput } from '../../geo/rf/footprint.js';

/** What the worker computes: the sweep's input without the progress callback. */
export type FootprintJob = Omit<FootprintInput, 'onProgress'>;

export type FootprintWorkerMessage = { kind: 'progress'; done: number } | { kind: 'done'; footprint: Footprint; areasJson: string } | { kind: 'failed'; message: string };

/** A footprint is a second or less of work; anything this slow is broken. */
const TIMEOUT_MS = 120_000;

/**
 * Computes a footprint and its band areas in a worker thread (the heights move there, not
 * copied), reporting the share of the work done. The worker's module is compiled JavaScript in a build, TypeScript from source (tests,
 * benchmarks), as in coverage/layerIndexing.ts. `signal` stops the worker and rejects with its reason.
 */
export function computeFootprintInWorker(job: FootprintJob, onProgress: (done: number) => void, signal?: AbortSignal): Promise<{ footprint: Footprint; areasJson: string }> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  const fromSource = import.meta.url.endsWith('.ts');
  const workerUrl = new URL(`./footprintWorker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const transferList = [job.heights.heightsM.buffer as ArrayBuffer];
  const worker = fromSource
    ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); })`, { eval: true, workerData: job, transferList })
    : new Worker(workerUrl, { workerData: job, transferList });
  return new Promise((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    };
    const stop = (error: Error) => {
      settle();
      void worker.terminate();
      reject(error);
    };
    const timer = setTimeout(() => stop(new Error(`computing the footprint took over ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    const abort = () => stop(signal?.reason as Error);
    signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (message: FootprintWorkerMessage) => {
      if (message.kind === 'progress') onProgress(message.done);
      else if (message.kind === 'done') {
        settle();
        resolve({ footprint: message.footprint, areasJson: message.areasJson });
      } else {
        settle();
        reject(new Error(message.message));
      }
    });
    worker.once('error', (error) => {
      settle();
      reject(error);
    });
    worker.once('exit', (code) => {
      settle();
      if (code !== 0) reject(new Error(`footprint worker stopped with exit code ${code}`));
    });
  });
}
