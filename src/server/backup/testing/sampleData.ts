import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type AppConfig, loadConfig } from '../../config.js';
import type { Report } from '../backupError.js';

export interface SampleData {
  /** Temporary folder holding DATA_DIR and room for archives; removed by cleanUp(). */
  root: string;
  dataDir: string;
  config(env?: Record<string, string>): AppConfig;
  cleanUp(): void;
}

/**
 * A DATA_DIR as a server leaves it: a WAL database with `notes` rows (logos and uploaded tiles
 * would be rows too), the app secret, and the server's copy of a stored file in its file cache.
 */
export function sampleData(notes: string[] = ['first', 'second']): SampleData {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(path.join(dataDir, 'file-cache'), { recursive: true });
  writeNotes(path.join(dataDir, 'coverage.sqlite'), notes);
  fs.writeFileSync(path.join(dataDir, 'file-cache', 'f'.repeat(64)), 'a cached copy');
  fs.writeFileSync(path.join(dataDir, 'app-secret'), 'a'.repeat(43));
  return {
    root,
    dataDir,
    config: (env = {}) => loadConfig({ DATA_DIR: dataDir, ...env }),
    cleanUp: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

export function writeNotes(file: string, notes: string[]): void {
  const database = new SQLite(file);
  try {
    database.pragma('journal_mode = WAL');
    database.exec('create table if not exists notes (text text not null)');
    const insert = database.prepare('insert into notes (text) values (?)');
    for (const note of notes) insert.run(note);
  } finally {
    database.close();
  }
}

export function readNotes(file: string): string[] {
  const database = new SQLite(file, { fileMustExist: true, readonly: true });
  try {
    return (database.prepare('select text from notes order by rowid').all() as { text: string }[]).map((row) => row.text);
  } finally {
    database.close();
  }
}

/** A Report that keeps the lines, for assertions. */
export function collectReport(): { report: Report; lines: string[] } {
  const lines: string[] = [];
  return { report: (line) => lines.push(line), lines };
}
