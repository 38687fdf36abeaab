import type { Footprint, FootprintInput } from '../../geo/rf/footprint.js';
import { runWorker } from '../workerThreads.js';

/**
 * What the worker computes: the sweep's input without the progress callback. Plain data (structured
 * clone): the heights, the tower, and the optional `propagation` settings and sector `antenna`
 * (pattern tables as arrays) as computeFootprint takes them.
 */
export type FootprintJob = Omit<FootprintInput, 'onProgress'>;

/** The worker's messages: the share of the work done, then one answer. */
export type FootprintProgress = { kind: 'progress'; done: number };
export type FootprintAnswer = { kind: 'done'; footprint: Footprint; areasJson: string } | { kind: 'failed'; message: string };

/** A footprint is at most seconds of work (ITM on 1-arc-second terrain); anything this slow is broken. */
const TIMEOUT_MS = 120_000;

/**
 * Computes a footprint and its band areas in a worker thread (footprintWorker.ts; the heights move
 * there, not copied), reporting the share of the work done. `signal` stops the worker and rejects
 * with its reason.
 */
export async function computeFootprintInWorker(
  job: FootprintJob,
  onProgress: (done: number) => void,
  signal?: AbortSignal,
): Promise<{ footprint: Footprint; areasJson: string }> {
  const answer = await runWorker<FootprintAnswer, FootprintProgress>({
    beside: import.meta.url,
    module: 'footprintWorker',
    workerData: job,
    transferList: [job.heights.heightsM.buffer as ArrayBuffer],
    timeoutMs: TIMEOUT_MS,
    timeoutError: () => new Error(`computing the footprint took over ${TIMEOUT_MS / 1000} s`),
    label: 'footprint worker',
    signal,
    interim: { is: (message) => message.kind === 'progress', handle: (progress) => onProgress(progress.done) },
  });
  if (answer.kind === 'failed') throw new Error(answer.message);
  return { footprint: answer.footprint, areasJson: answer.areasJson };
}
