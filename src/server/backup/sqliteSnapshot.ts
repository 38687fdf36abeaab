import fs from 'node:fs';
import SQLite from 'better-sqlite3';

/** Pages copied in one backup step: all of them (SQLite's limit is a 32-bit count). */
const ALL_PAGES = 0x7fffffff;

export interface SqliteSnapshot {
  pages: number;
  bytes: number;
}

/**
 * Copies the database to `destination` with SQLite's online backup API while the server keeps
 * writing. The copy is made in one step, which reads one consistent version of the database:
 * copied in small steps, every write by the server between two steps would start it over, and a
 * busy server could keep it from ever finishing. In WAL mode the server's writers do not wait for
 * this reader. The copy is switched to a rollback journal so it is one self-contained file.
 */
export async function snapshotSqlite(source: string, destination: string): Promise<SqliteSnapshot> {
  const database = new SQLite(source, { fileMustExist: true, timeout: 5000 });
  let pages: number;
  try {
    const result = await database.backup(destination, { progress: () => ALL_PAGES });
    pages = result.totalPages;
  } finally {
    database.close();
  }
  const copy = new SQLite(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return { pages, bytes: fs.statSync(destination).size };
}

/** What PRAGMA integrity_check finds wrong with the database file; empty when it answers ok. */
export function integrityProblems(file: string): string[] {
  const database = new SQLite(file, { fileMustExist: true, readonly: true });
  try {
    const rows = database.pragma('integrity_check') as { integrity_check: string }[];
    const findings = rows.map((row) => row.integrity_check);
    return findings.length === 1 && findings[0] === 'ok' ? [] : findings;
  } catch (error) {
    // A file SQLite cannot read at all ("file is not a database") fails the check too.
    if (error instanceof SQLite.SqliteError) return [error.message];
    throw error;
  } finally {
    database.close();
  }
}
