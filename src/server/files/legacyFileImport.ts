import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStore, StoredFile, StoredFileKind } from './fileStore.js';

/** A folder where an earlier version kept files of one kind on the server's disk. */
export interface LegacyFolder {
  kind: StoredFileKind;
  dir: string;
  /** The stored name and content type of a file found there; null for a file that is not one of these (left alone). */
  accept(fileName: string, byteSize: number): { name: string; contentType: string } | null;
  /** Stores one file (with what the kind's change needs, e.g. moving the coverage revision). */
  store(name: string, content: AsyncIterable<Uint8Array>, contentType: string): Promise<StoredFile>;
}

export interface LegacyImportOutcome {
  /** Files now in the database and removed from the folder. */
  moved: number;
  /** Files left in the folder: unreadable, or another file of that name is stored already. */
  left: number;
}

/**
 * Moves the files of a legacy folder into the database, at start (app.ts): each accepted file is
 * stored unless a file of that name is stored already, then removed from the folder once the
 * database holds the same content (its SHA-256 compared), and the folder too when that leaves it
 * empty. Idempotent: a move broken off between storing and removing is finished at the next
 * start; a file whose name is stored with other content, or that cannot be read, is logged and
 * left where it is.
 */
export async function importLegacyFolder(
  folder: LegacyFolder,
  stored: (kind: StoredFileKind, name: string) => Promise<StoredFile | undefined>,
  log: FastifyBaseLogger,
): Promise<LegacyImportOutcome> {
  const outcome: LegacyImportOutcome = { moved: 0, left: 0 };
  let names: string[];
  try {
    names = await fs.readdir(folder.dir);
  } catch {
    return outcome;
  }
  for (const fileName of names.sort()) {
    const file = path.join(folder.dir, fileName);
    try {
      const stat = await fs.stat(file);
      const accepted = stat.isFile() ? folder.accept(fileName, stat.size) : null;
      if (!accepted) continue;
      const existing = await stored(folder.kind, accepted.name);
      const inDatabase = existing ?? (await folder.store(accepted.name, createReadStream(file), accepted.contentType));
      if (inDatabase.sha256 !== (await hashFile(file))) {
        log.warn({ file, kind: folder.kind, name: accepted.name }, 'a file of that name is already in the database with other content: left on disk');
        outcome.left += 1;
        continue;
      }
      await fs.rm(file, { force: true });
      outcome.moved += 1;
    } catch (error) {
      log.error({ err: error, file }, 'a file could not be moved into the database: left on disk');
      outcome.left += 1;
    }
  }
  if (outcome.moved > 0) {
    log.info({ dir: folder.dir, kind: folder.kind, moved: outcome.moved, left: outcome.left }, 'files moved from the data folder into the database');
    // Only an empty folder goes.
    await fs.rmdir(folder.dir).catch(() => undefined);
  }
  return outcome;
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The start-up step of app.ts: moves every legacy folder's files into the database, then removes
 * this server's cached copies of contents no stored file has any more.
 */
export async function moveLegacyFilesIntoDatabase(
  folders: readonly LegacyFolder[],
  files: Pick<FileStore, 'find' | 'pruneCache'>,
  log: FastifyBaseLogger,
): Promise<void> {
  for (const folder of folders) await importLegacyFolder(folder, (kind, name) => files.find(kind, name), log);
  await files.pruneCache();
}
