import { parentPort, workerData } from 'node:worker_threads';

/** What the fixture worker is told to do (workerThreads.test.ts). */
export type WorkerFixtureJob =
  | { kind: 'answer'; progressSteps: number; bytes?: Uint8Array }
  | { kind: 'hang' }
  | { kind: 'exit'; code: number }
  | { kind: 'throw'; message: string }
  | { kind: 'echo' };

export type WorkerFixtureMessage = { kind: 'progress'; step: number } | { kind: 'answer'; byteLength: number } | { kind: 'echo'; message: unknown };

// Runs in a worker thread: a stand-in for the server's workers, doing as its job says.
const job = workerData as WorkerFixtureJob;
const post = (message: WorkerFixtureMessage) => parentPort?.postMessage(message);

if (job.kind === 'answer') {
  for (let step = 1; step <= job.progressSteps; step++) post({ kind: 'progress', step });
  post({ kind: 'answer', byteLength: job.bytes?.byteLength ?? 0 });
} else if (job.kind === 'hang') {
  // Keeps the thread alive without ever answering.
  setInterval(() => undefined, 60_000);
} else if (job.kind === 'exit') {
  process.exit(job.code);
} else if (job.kind === 'throw') {
  throw new Error(job.message);
} else {
  parentPort?.on('message', (message: unknown) => {
    post({ kind: 'echo', message });
    if (message === 'stop') parentPort?.close();
  });
}
