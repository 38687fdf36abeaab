import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { WalCheckpointCommand, WalCheckpointFailure, WalCheckpointRequest } from './walCheckpoints.js';

// Runs in a worker thread (walCheckpoints.ts): copying the write-ahead log into the database file
// takes up to hundreds of milliseconds after a large commit, which must not hold the thread that
// answers requests.
const { file } = workerData as WalCheckpointRequest;
const database = new SQLite(file);

parentPort?.on('message', (command: WalCheckpointCommand) => {
  if (command === 'stop') {
    database.close();
    parentPort?.close();
    return;
  }
  try {
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort?.postMessage({ message: error instanceof Error ? error.message : String(error) } satisfies WalCheckpointFailure);
  }
});
