import { stat } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workerThreads.js';
import type { DatabaseLog } from './postgresPool.js';

/** How often the size of the write-ahead log is looked at, ms. */
const LOOK_INTERVAL_MS = 1000;
/**
 * A log this large is copied into the database file (SQLite's own default: 1,000 pages of 4 KB);
 * after the copy, the next write starts the log over and cuts the file back to this size
 * (journal_size_limit, dialect.ts).
 */
export const WAL_CHECKPOINT_FROM_BYTES = 4 * 1024 * 1024;
/** A checkpoint thread that does not stop within this long is ended. */
const STOP_TIMEOUT_MS = 5000;

export interface WalCheckpointRequest {
  file: string;
}

/** To the thread: copy the log now, or close the connection and end. */
export type WalCheckpointCommand = 'checkpoint' | 'stop';

/** From the thread: a checkpoint that failed (the next one tries again). */
export interface WalCheckpointFailure {
  message: string;
}

export interface WalCheckpoints {
  /** Stops looking and ends the thread (the serving connection's close checkpoints the rest). */
  stop(): Promise<void>;
}

/**
 * SQLite's checkpoints in a thread of their own. By default the connection that commits copies the
 * write-ahead log into the database file once the log passes 1,000 pages, as part of that commit:
 * with better-sqlite3 that runs on the thread answering requests, and after a 16 MB layer upload it
 * held every coverage check for about 150 ms. The serving connection turns that off
 * (wal_autocheckpoint = 0, dialect.ts); here the log's size is looked at every second and, once it
 * passes WAL_CHECKPOINT_FROM_BYTES, a worker thread (started then) runs a PASSIVE checkpoint on a
 * connection of its own: it copies what no reader still needs, and never blocks a writer.
 */
export function startWalCheckpoints(file: string, log: DatabaseLog): WalCheckpoints {
  let worker: Worker | null = null;
  let looking = false;
  let stopped = false;
  const look = async () => {
    if (looking) return;
    looking = true;
    try {
      const bytes = await stat(`${file}-wal`).then(
        (wal) => wal.size,
        () => 0,
      );
      if (bytes >= WAL_CHECKPOINT_FROM_BYTES && !stopped) {
        worker ??= startCheckpointWorker({ file }, log);
        worker.postMessage('checkpoint' satisfies WalCheckpointCommand);
      }
    } finally {
      looking = false;
    }
  };
  const timer = setInterval(() => void look(), LOOK_INTERVAL_MS);
  // Checkpoints must not keep a process alive that has nothing else to do.
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      const running = worker;
      worker = null;
      if (running) await stopWorker(running);
    },
  };
}

/** Starts walCheckpointWorker.ts, which checkpoints on request until it is asked to stop. */
function startCheckpointWorker(request: WalCheckpointRequest, log: DatabaseLog): Worker {
  const worker = startWorker({ beside: import.meta.url, module: 'walCheckpointWorker', workerData: request });
  worker.unref();
  worker.on('message', (failure: WalCheckpointFailure) => log.warn({ err: failure.message }, 'SQLite checkpoint failed'));
  worker.on('error', (error) => log.warn({ err: error.message }, 'SQLite checkpoint thread stopped'));
  return worker;
}

/** Asks the thread to close its connection and end; ends it when it does not within STOP_TIMEOUT_MS. */
async function stopWorker(worker: Worker): Promise<void> {
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.postMessage('stop' satisfies WalCheckpointCommand);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), STOP_TIMEOUT_MS);
  });
  if ((await Promise.race([exited, late])) === 'late') await worker.terminate();
  clearTimeout(timer);
}
