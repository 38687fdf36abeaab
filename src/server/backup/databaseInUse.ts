import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { BackupError } from './backupError.js';

/**
 * Refuses when another process has the SQLite file open, as a running server always does.
 *
 * The server keeps its database in WAL mode, and every connection to a WAL database holds a
 * shared lock on the file for as long as it is open, busy or idle. An exclusive lock (locking_mode
 * EXCLUSIVE, then BEGIN EXCLUSIVE, without waiting) can only be had when no other connection
 * exists, so failing to take one means the file is in use. This sees servers on this machine;
 * network file systems may not pass locks on, so stop the server before restoring all the same.
 */
export function assertDatabaseNotInUse(file: string): void {
  if (!fs.existsSync(file)) return;
  const database = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    database.pragma('locking_mode = EXCLUSIVE');
    database.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    if (error instanceof SQLite.SqliteError && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED')) {
      throw new BackupError(`${file} is in use by another process: stop the server first (restore runs on a stopped server only).`);
    }
    // Any other failure (a damaged or foreign file) says nothing of other processes; the file is about to be replaced anyway.
    if (!(error instanceof SQLite.SqliteError)) throw error;
  } finally {
    database.close();
  }
}
