import { Worker, type Transferable } from 'node:worker_threads';

/** A worker module and what it is handed at start. */
export interface WorkerModule {
  /** The caller's `import.meta.url`: the worker's module lies beside it. */
  beside: string;
  /** The worker module's file name without its extension, e.g. 'kmlIngestWorker'. */
  module: string;
  workerData?: unknown;
  /** Buffers in workerData that move to the worker (unusable here afterwards) rather than being copied. */
  transferList?: readonly Transferable[];
}

export interface WorkerRun<Answer, Interim> extends WorkerModule {
  /** How long the worker may take, ms; then it is ended and the run fails with timeoutError(). */
  timeoutMs: number;
  timeoutError: () => Error;
  /** Names the worker when it stops without answering: "<label> stopped with exit code 1". */
  label: string;
  /** Ends the worker and fails the run with the signal's reason (a signal already aborted starts no worker). */
  signal?: AbortSignal;
  /** Messages the worker sends before its answer (progress): how to tell them, and what to do with them. */
  interim?: { is: (message: Answer | Interim) => message is Interim; handle: (message: Interim) => void };
}

/**
 * Starts a worker thread on the module beside the caller: compiled JavaScript in a build;
 * TypeScript when the server runs from source (tests, benchmarks), where the thread registers tsx
 * before loading it. The one place in the server that starts a thread: long-lived workers (those
 * that answer requests until ended) are started here and kept by their caller; workers that do one
 * job and answer once are run by runWorker.
 */
export function startWorker({ beside, module, workerData, transferList = [] }: WorkerModule): Worker {
  const fromSource = beside.endsWith('.ts');
  const workerUrl = new URL(`./${module}.${fromSource ? 'ts' : 'js'}`, beside);
  const options = { workerData, transferList: [...transferList] };
  if (!fromSource) return new Worker(workerUrl, options);
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * Runs a worker that does one job and posts its answer: resolves with the first message that is
 * not interim. Fails with the worker's error, when it stops with a non-zero exit code before
 * answering, when it takes over timeoutMs (the worker is ended), or when the signal aborts (ended
 * too). A worker that answered ends by itself.
 */
export function runWorker<Answer, Interim = never>(run: WorkerRun<Answer, Interim>): Promise<Answer> {
  const { signal } = run;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  const worker = startWorker(run);
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
    const timer = setTimeout(() => stop(run.timeoutError()), run.timeoutMs);
    const abort = () => stop(signal?.reason as Error);
    signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (message: Answer | Interim) => {
      if (run.interim?.is(message)) {
        run.interim.handle(message);
        return;
      }
      settle();
      resolve(message as Answer);
    });
    worker.once('error', (error) => {
      settle();
      reject(error);
    });
    worker.once('exit', (code) => {
      settle();
      if (code !== 0) reject(new Error(`${run.label} stopped with exit code ${code}`));
    });
  });
}
